import assert from "node:assert/strict";
import { kafkaPrefix } from "@filescan/config";
import { runPrefix, STALE_RUN_MS, staleRunPrefixes } from "./run-prefix.ts";

describe("kafka: run prefixes of tests and benchmarks", () => {
  const now = Date.UTC(2026, 10, 25, 12);
  it("names the kind, the start second and an id, and is a valid FILESCAN_KAFKA_PREFIX", () => {
    const p = runPrefix("bench-e2e", now);
    assert.match(p, /^bench-e2e_[0-9a-z]+_[0-9a-f]{6}\.$/);
    assert.equal(parseInt(p.split("_")[1]!, 36), now / 1000);
    assert.equal(kafkaPrefix({ FILESCAN_KAFKA_PREFIX: p }), p);
    assert.notEqual(runPrefix("test", now), runPrefix("test", now));
    assert.throws(() => runPrefix("Test_1"), /lower-case/);
  });
  it("finds the prefixes of runs that started long ago, in topic and group names, and nothing else", () => {
    const old = runPrefix("test", now - STALE_RUN_MS - 1000);
    const recent = runPrefix("test", now - STALE_RUN_MS + 60_000);
    const oldBench = runPrefix("bench-api-submit", now - 3 * STALE_RUN_MS);
    const names = [
      `${old}filescan.submissions.v1`, `${old}filescan.analyses.v1`, `${old}filescan-extractor`,
      `${recent}filescan.submissions.v1`, `${oldBench}bench-api-submit-1f2e3d4c`,
      "filescan.submissions.v1", "filescan-extractor", "staging.filescan.submissions.v1", "test-1a2b3c4d.filescan.submissions.v1", "__consumer_offsets",
    ];
    assert.deepEqual(staleRunPrefixes(names, now), [oldBench, old].sort());
    assert.deepEqual(staleRunPrefixes(names, now, 10 * STALE_RUN_MS), []);
  });
});
