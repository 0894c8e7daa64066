import assert from "node:assert/strict";
import { TOPICS } from "@filescan/config";
import { topicConfig, topicPartitions } from "./index.ts";

const retention = (topic: (typeof TOPICS)[keyof typeof TOPICS], env: NodeJS.ProcessEnv) => topicConfig(topic, env).find((e) => e.name === "retention.ms")?.value;

describe("kafka: the settings new topics are created with", () => {
  it("keeps a file's bytes and text a week by default, FILESCAN_CONTENT_RETENTION_HOURS when set, and leaves the analyses to the cluster", () => {
    assert.equal(retention(TOPICS.submissions, {}), String(7 * 24 * 3_600_000));
    assert.equal(retention(TOPICS.extractions, { FILESCAN_CONTENT_RETENTION_HOURS: "24" }), String(24 * 3_600_000));
    assert.equal(retention(TOPICS.deadletter, { FILESCAN_CONTENT_RETENTION_HOURS: "24" }), String(24 * 3_600_000));
    assert.equal(retention(TOPICS.analyses, { FILESCAN_CONTENT_RETENTION_HOURS: "24" }), undefined);
    assert.ok(topicConfig(TOPICS.analyses, {}).some((e) => e.name === "max.message.bytes"));
  });

  it("refuses a retention of 0 hours or one that is not a number", () => {
    assert.throws(() => topicConfig(TOPICS.submissions, { FILESCAN_CONTENT_RETENTION_HOURS: "0" }), /at least 1/);
    assert.throws(() => topicConfig(TOPICS.submissions, { FILESCAN_CONTENT_RETENTION_HOURS: "a week" }), /non-negative integer/);
  });

  it("makes 6 partitions a topic, FILESCAN_KAFKA_PARTITIONS when set, from 1 to 1000", () => {
    assert.equal(topicPartitions({}), 6);
    assert.equal(topicPartitions({ FILESCAN_KAFKA_PARTITIONS: "24" }), 24);
    assert.throws(() => topicPartitions({ FILESCAN_KAFKA_PARTITIONS: "0" }), /FILESCAN_KAFKA_PARTITIONS must be between 1 and 1000/);
    assert.throws(() => topicPartitions({ FILESCAN_KAFKA_PARTITIONS: "many" }), /non-negative integer/);
  });
});
