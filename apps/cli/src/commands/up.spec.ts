import assert from "node:assert/strict";
import { apps, hostPort } from "./up.ts";

describe("cli/up: where each app is asked whether it is up", () => {
  it("reads an empty variable as its default, as the apps do", () => {
    assert.equal(hostPort({ FILESCAN_API_HOST: "", FILESCAN_API_PORT: "" }, "FILESCAN_API", 8080), "http://127.0.0.1:8080");
    assert.equal(hostPort({ FILESCAN_API_PORT: "9000" }, "FILESCAN_API", 8080), "http://127.0.0.1:9000");
  });

  it("asks an app on every interface on the loopback one, and brackets an IPv6 address", () => {
    assert.equal(hostPort({ FILESCAN_GEOIP_HOST: "0.0.0.0" }, "FILESCAN_GEOIP", 8081), "http://127.0.0.1:8081");
    assert.equal(hostPort({ FILESCAN_GEOIP_HOST: "::" }, "FILESCAN_GEOIP", 8081), "http://127.0.0.1:8081");
    assert.equal(hostPort({ FILESCAN_GEOIP_HOST: "::1" }, "FILESCAN_GEOIP", 8081), "http://[::1]:8081");
    assert.equal(hostPort({ FILESCAN_GEOIP_HOST: "10.1.2.3" }, "FILESCAN_GEOIP", 8081), "http://10.1.2.3:8081");
  });

  it("asks the local model where FILESCAN_LLM_LOCAL_HOST and _PORT put it", () => {
    const llm = apps({ FILESCAN_LLM_LOCAL_HOST: "10.1.2.3", FILESCAN_LLM_LOCAL_PORT: "8099" }).find((a) => a.name === "llm-local")!;
    assert.equal(llm.health, "http://10.1.2.3:8099/healthz");
  });
});
