import assert from "node:assert/strict";
import { logLevel, type LogEntry } from "kafkajs";
import { filescanLogCreator, staleMetadataAnswer } from "./log.ts";

const entry = (level: logLevel, namespace: string, message: string, error?: string): LogEntry => ({
  namespace,
  level,
  label: level === logLevel.ERROR ? "ERROR" : "INFO",
  log: { timestamp: "2026-12-06T22:05:30.872Z", logger: "kafkajs", message, ...(error === undefined ? {} : { error }) },
});

const NOT_LEADER = entry(logLevel.ERROR, "Connection", "Response ListOffsets(key: 2, version: 3)", "This server is not the leader for that topic-partition");
const UNKNOWN_TOPIC = entry(logLevel.ERROR, "Connection", "Response Metadata(key: 3, version: 6)", "This server does not host this topic-partition");
const AUTH_FAILED = entry(logLevel.ERROR, "Connection", "Response SaslAuthenticate(key: 36, version: 1)", "Authentication failed during authentication due to invalid credentials with SASL mechanism PLAIN");
const CRASH = entry(logLevel.ERROR, "Consumer", "Crash: KafkaJSNumberOfRetriesExceeded", "This server is not the leader for that topic-partition");

/** What the console received while `f` ran, by stream. */
function captured(f: () => void): { error: string[]; info: string[] } {
  const out = { error: [] as string[], info: [] as string[] };
  const { error, info } = console;
  console.error = (line: string) => out.error.push(line);
  console.info = (line: string) => out.info.push(line);
  try {
    f();
  } finally {
    Object.assign(console, { error, info });
  }
  return out;
}

describe("kafka: log lines", () => {
  it("tells a broker's stale-metadata answer from other errors", () => {
    assert.equal(staleMetadataAnswer(NOT_LEADER), true);
    assert.equal(staleMetadataAnswer(UNKNOWN_TOPIC), true);
    assert.equal(staleMetadataAnswer(AUTH_FAILED), false);
    // (the same words from a consumer that gave up are its crash, not a connection's answer)
    assert.equal(staleMetadataAnswer(CRASH), false);
  });

  it("at ERROR, drops stale-metadata answers and writes every other error as kafkajs does", () => {
    const log = filescanLogCreator(logLevel.ERROR);
    const out = captured(() => [NOT_LEADER, UNKNOWN_TOPIC, AUTH_FAILED, CRASH].forEach(log));
    assert.deepEqual(out.info, []);
    assert.equal(out.error.length, 2);
    assert.deepEqual(out.error.map((l) => JSON.parse(l).message), ["[Connection] Response SaslAuthenticate(key: 36, version: 1)", "[Consumer] Crash: KafkaJSNumberOfRetriesExceeded"]);
    assert.equal(JSON.parse(out.error[0]!).level, "ERROR");
  });

  it("at INFO (FILESCAN_KAFKA_LOG=debug), writes stale-metadata answers as INFO lines", () => {
    const out = captured(() => filescanLogCreator(logLevel.INFO)(NOT_LEADER));
    assert.deepEqual(out.error, []);
    assert.equal(out.info.length, 1);
    const line = JSON.parse(out.info[0]!);
    assert.equal(line.level, "INFO");
    assert.equal(line.error, "This server is not the leader for that topic-partition");
    assert.equal(line.message, "[Connection] Response ListOffsets(key: 2, version: 3)");
  });
});
