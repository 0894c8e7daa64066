import assert from "node:assert/strict";
import { kafkaGroup, kafkaPrefix, kafkaTopic, TOPICS } from "./index.ts";

describe("config: FILESCAN_KAFKA_PREFIX", () => {
  it("is empty by default: the names of DESIGN.md", () => {
    assert.equal(kafkaTopic(TOPICS.submissions, {}), "filescan.submissions.v1");
    assert.equal(kafkaGroup("filescan-extractor", {}), "filescan-extractor");
  });

  it("goes before every topic and consumer group name", () => {
    const env = { FILESCAN_KAFKA_PREFIX: "staging." };
    assert.equal(kafkaTopic(TOPICS.analyses, env), "staging.filescan.analyses.v1");
    assert.equal(kafkaGroup("filescan-projector", env), "staging.filescan-projector");
  });

  it("refuses what Kafka would refuse in a topic name", () => {
    for (const bad of ["a b", "tenant/1", "ünï.", "x".repeat(226)]) {
      assert.throws(() => kafkaPrefix({ FILESCAN_KAFKA_PREFIX: bad }), /FILESCAN_KAFKA_PREFIX may hold only/, bad);
    }
    assert.equal(kafkaPrefix({ FILESCAN_KAFKA_PREFIX: "x".repeat(225) }).length, 225);
    // the longest topic name then has Kafka's maximum length
    assert.ok(kafkaTopic(TOPICS.submissions, { FILESCAN_KAFKA_PREFIX: "x".repeat(225) }).length <= 249);
  });
});
