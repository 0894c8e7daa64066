import assert from "node:assert/strict";
import { esIndexShape, kafkaGroup, kafkaPrefix, kafkaTopic, maxFileBytes, maxMetadataBytes, TOPICS, checkName } from "./index.ts";

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

describe("config: FILESCAN_ES_SHARDS and FILESCAN_ES_REPLICAS", () => {
  it("are one shard and no replica by default (a single node), and what is set otherwise", () => {
    assert.deepEqual(esIndexShape({}), { shards: 1, replicas: 0 });
    assert.deepEqual(esIndexShape({ FILESCAN_ES_SHARDS: "3", FILESCAN_ES_REPLICAS: "1" }), { shards: 3, replicas: 1 });
  });

  it("refuses what Elasticsearch would refuse or no cluster needs", () => {
    assert.throws(() => esIndexShape({ FILESCAN_ES_SHARDS: "0" }), /FILESCAN_ES_SHARDS must be between 1 and 1024/);
    assert.throws(() => esIndexShape({ FILESCAN_ES_SHARDS: "2000" }), /between 1 and 1024/);
    assert.throws(() => esIndexShape({ FILESCAN_ES_REPLICAS: "-1" }), /FILESCAN_ES_REPLICAS must be a non-negative integer/);
    assert.throws(() => esIndexShape({ FILESCAN_ES_REPLICAS: "one" }), /non-negative integer/);
    assert.throws(() => esIndexShape({ FILESCAN_ES_REPLICAS: "17" }), /at most 16/);
  });
});

describe("config: FILESCAN_MAX_FILE_BYTES", () => {
  it("is 32 MiB unless set, and refused above what one Kafka record holds with the event's metadata", () => {
    assert.equal(maxFileBytes({}), 32 * 1024 * 1024);
    assert.equal(maxFileBytes({ FILESCAN_MAX_FILE_BYTES: String(40 * 1024 * 1024) }), 40 * 1024 * 1024);
    assert.throws(() => maxFileBytes({ FILESCAN_MAX_FILE_BYTES: String(64 * 1024 * 1024) }), /above the 41943040 bytes one Kafka record/);
  });
});

describe("config: FILESCAN_MAX_METADATA_BYTES", () => {
  it("is 1 MiB unless set, and refused above the room every event of a file keeps for it", () => {
    assert.equal(maxMetadataBytes({}), 1024 * 1024);
    assert.equal(maxMetadataBytes({ FILESCAN_MAX_METADATA_BYTES: String(7 * 1024 * 1024) }), 7 * 1024 * 1024);
    assert.throws(() => maxMetadataBytes({ FILESCAN_MAX_METADATA_BYTES: String(7 * 1024 * 1024 + 1) }), /above the 7340032 bytes every event/);
    assert.throws(() => maxMetadataBytes({ FILESCAN_MAX_METADATA_BYTES: "lots" }), /FILESCAN_MAX_METADATA_BYTES/);
  });
});

describe("config: a credential's name", () => {
  it("is trimmed, 1 to 100 characters (not UTF-16 units) and free of control characters", () => {
    assert.equal(checkName("  crawler-1  ", "--name"), "crawler-1");
    assert.equal(checkName("😀".repeat(100), "--name"), "😀".repeat(100));
    assert.throws(() => checkName(" \t ", "--name"), /^Error: --name must not be empty$/);
    assert.throws(() => checkName("x".repeat(101), "--name"), /--name must be at most 100 characters, got 101/);
    for (const c of ["\n", "\r", "\t", "\u0000", "\u001b", "\u007f", "\u0085"]) assert.throws(() => checkName(`a${c}b`, "--name"), /control characters/, JSON.stringify(c));
  });
});
