import assert from "node:assert/strict";
import { logLevel, type LogEntry } from "kafkajs";
import { filescanLogCreator, routineAnswer } from "./log.ts";

const entry = (level: logLevel, namespace: string, message: string, error?: string): LogEntry => ({
  namespace,
  level,
  label: level === logLevel.ERROR ? "ERROR" : "INFO",
  log: { timestamp: "2026-12-06T22:05:30.872Z", logger: "kafkajs", message, ...(error === undefined ? {} : { error }) },
});

const NOT_LEADER = entry(logLevel.ERROR, "Connection", "Response ListOffsets(key: 2, version: 3)", "This server is not the leader for that topic-partition");
const UNKNOWN_TOPIC = entry(logLevel.ERROR, "Connection", "Response Metadata(key: 3, version: 6)", "This server does not host this topic-partition");
const AUTH_FAILED = entry(logLevel.ERROR, "Connection", "Response SaslAuthenticate(key: 36, version: 1)", "Authentication failed during authentication due to invalid credentials with SASL mechanism PLAIN");
const REBALANCING = entry(logLevel.ERROR, "Connection", "Response Heartbeat(key: 12, version: 3)", "The group is rebalancing, so a rejoin is needed");
const COORDINATOR_LOADING = entry(logLevel.ERROR, "Connection", "Response InitProducerId(key: 22, version: 1)", "The coordinator is loading and hence can't process requests for this group");
const EVICTED = entry(logLevel.ERROR, "Connection", "Response Heartbeat(key: 12, version: 3)", "The coordinator is not aware of this member");
const CRASH = entry(logLevel.ERROR, "Consumer", "Crash: KafkaJSNumberOfRetriesExceeded", "This server is not the leader for that topic-partition");

/** What the console received while `f` ran, by stream. */
function captured(f: () => void): { error: string[]; warn: string[]; info: string[] } {
  const out = { error: [] as string[], warn: [] as string[], info: [] as string[] };
  const { error, warn, info } = console;
  console.error = (line: string) => out.error.push(line);
  console.warn = (line: string) => out.warn.push(line);
  console.info = (line: string) => out.info.push(line);
  try {
    f();
  } finally {
    Object.assign(console, { error, warn, info });
  }
  return out;
}

describe("kafka: log lines", () => {
  it("tells a broker's routine answers from other errors", () => {
    assert.equal(routineAnswer(NOT_LEADER), logLevel.INFO);
    assert.equal(routineAnswer(UNKNOWN_TOPIC), logLevel.INFO);
    assert.equal(routineAnswer(REBALANCING), logLevel.INFO);
    assert.equal(routineAnswer(COORDINATOR_LOADING), logLevel.INFO);
    assert.equal(routineAnswer(EVICTED), logLevel.WARN);
    assert.equal(routineAnswer(AUTH_FAILED), undefined);
    // (the same words from a consumer that gave up are its crash, not a connection's answer)
    assert.equal(routineAnswer(CRASH), undefined);
  });

  it("at ERROR, drops routine answers and writes every other error as kafkajs does", () => {
    const log = filescanLogCreator(logLevel.ERROR);
    const out = captured(() => [NOT_LEADER, UNKNOWN_TOPIC, REBALANCING, COORDINATOR_LOADING, EVICTED, AUTH_FAILED, CRASH].forEach(log));
    assert.deepEqual(out.info, []);
    assert.deepEqual(out.warn, []);
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

  it("at INFO, writes an evicted member's answer as a WARN line, and a rebalance as an INFO line", () => {
    const out = captured(() => [REBALANCING, EVICTED].forEach(filescanLogCreator(logLevel.INFO)));
    assert.deepEqual(out.error, []);
    assert.equal(JSON.parse(out.info[0]!).error, "The group is rebalancing, so a rejoin is needed");
    assert.equal(out.warn.length, 1);
    assert.equal(JSON.parse(out.warn[0]!).level, "WARN");
    assert.equal(JSON.parse(out.warn[0]!).error, "The coordinator is not aware of this member");
  });
});
