import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { infraDown, isAlive, localServers } from "./index.ts";

describe("infra/local: infraDown", () => {
  let home = "";
  const pids: number[] = [];
  beforeEach(() => (home = mkdtempSync(path.join(tmpdir(), "infra-down-"))));
  afterEach(() => {
    for (const pid of pids.splice(0)) if (isAlive(pid)) process.kill(-pid, "SIGKILL");
    rmSync(home, { recursive: true, force: true });
  });

  it("with a list, stops those servers alone: `filescan down` left alone what `filescan infra up` had started", async () => {
    const env = { FILESCAN_HOME: home };
    const servers = localServers(env);
    assert.deepEqual(servers.map((s) => s.name), ["kafka", "registry", "elasticsearch"]);
    // (stand-ins: a process group of its own each, as the servers are started)
    const byName = new Map<string, number>();
    for (const s of servers) {
      const p = spawn("sleep", ["60"], { detached: true, stdio: "ignore" });
      pids.push(p.pid!);
      byName.set(s.name, p.pid!);
      mkdirSync(path.dirname(s.pidFile), { recursive: true });
      writeFileSync(s.pidFile, `${p.pid}\n`);
    }
    const lines: string[] = [];
    await infraDown(env, (l) => lines.push(l), ["registry"]);
    assert.deepEqual(lines, ["registry: stopped"]);
    assert.equal(isAlive(byName.get("registry")!), false);
    assert.equal(isAlive(byName.get("kafka")!), true);
    assert.equal(isAlive(byName.get("elasticsearch")!), true);
    await infraDown(env, (l) => lines.push(l));
    assert.deepEqual(lines.slice(1).sort(), ["elasticsearch: stopped", "kafka: stopped", "registry: was not running"]);
    assert.equal(isAlive(byName.get("kafka")!), false);
  });
});
