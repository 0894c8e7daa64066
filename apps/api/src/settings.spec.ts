import assert from "node:assert/strict";
import { apiSettings } from "./settings.ts";

describe("api settings: verdicts made while the LLM was unavailable", () => {
  it("counts them as made for FILESCAN_LLM_OUTAGE_RETRY_SECONDS (an hour unless set)", () => {
    assert.equal(apiSettings({}).llmOutageRetryMs, 3_600_000);
    assert.equal(apiSettings({ FILESCAN_LLM_OUTAGE_RETRY_SECONDS: "120" }).llmOutageRetryMs, 120_000);
    assert.equal(apiSettings({ FILESCAN_LLM_OUTAGE_RETRY_SECONDS: "0" }).llmOutageRetryMs, 0);
    assert.throws(() => apiSettings({ FILESCAN_LLM_OUTAGE_RETRY_SECONDS: "-1" }), /FILESCAN_LLM_OUTAGE_RETRY_SECONDS must be a non-negative integer/);
  });
});
