/**
 * `filescan deadletter list|replay` on the real Kafka and registry, under a Kafka prefix of its
 * own: a processor dead-letters a record its handler keeps failing on and one it cannot decode;
 * `list` shows both (never the record's content); `replay` of the first, once the handler is
 * fixed, brings it back to the processor, byte for byte; `replay --all` sends both again, and the
 * one that is no event is dead-lettered again.
 */
import assert from "node:assert/strict";
import { TOPICS } from "@filescan/config";
import type { FileSubmitted } from "@filescan/contracts";
import { createEventProducer, createKafka, createRegistry, deletePrefixed, ensureTopics, runPrefix, runProcessor, type EventProducer, type RunningProcessor } from "@filescan/kafka";
import { submitted } from "./events.ts";
import { waitFor } from "./deadline.ts";
import { filescan } from "./cli.ts";

const cli = (args: string[], env: NodeJS.ProcessEnv) => filescan(["deadletter", ...args], env);

describe("filescan deadletter: list what failed, replay it once fixed", function () {
  this.timeout(180_000);
  const env: NodeJS.ProcessEnv = { ...process.env, FILESCAN_KAFKA_PREFIX: runPrefix("test-dl", Date.now()) };
  const kafka = createKafka("test-deadletter", env);
  const registry = createRegistry(env);
  const group = "test-dl-processor";
  let producer: EventProducer;
  let processor: RunningProcessor | undefined;
  let broken = true;
  const handled: FileSubmitted[] = [];

  before(async () => {
    const admin = kafka.admin();
    await admin.connect();
    await ensureTopics(admin, 2, env);
    await admin.disconnect();
    producer = await createEventProducer(kafka, registry, env);
    processor = await runProcessor({
      groupId: group, input: TOPICS.submissions, kafka, registry, producer, env, maxAttempts: 2, log: () => undefined,
      handle: async (ev) => {
        if (broken && ev.filename.startsWith("poison")) throw new Error(`cannot handle ${ev.filename}: a bug`);
        handled.push(ev);
        return [];
      },
    });
  });

  after(async () => {
    await Promise.allSettled([processor?.stop(), producer?.disconnect()]);
    const admin = kafka.admin();
    await admin.connect();
    await deletePrefixed(admin, [group], env).catch(() => undefined);
    await admin.disconnect();
  });

  it("lists both dead letters without their content, replays one to its processor once the fix is in, byte for byte, and all on --all", async () => {
    const poison = submitted("SSN 078-05-1120 in a file the handler fails on", {}, "/share/poison.txt");
    const garbage = Buffer.from("not the Confluent wire format");
    await producer.send(TOPICS.submissions, poison.sha256, poison);
    await producer.sendEncoded(TOPICS.submissions, [{ key: "garbage", value: garbage }]);
    const fine = submitted("a fine file", {}, "/share/fine.txt");
    await producer.send(TOPICS.submissions, fine.sha256, fine);
    await waitFor("the fine file handled", () => handled.find((e) => e.submission_id === fine.submission_id), 90_000);

    const list = async () => (await cli(["list", "--json"], env)).stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
    let listed = await list();
    for (const deadline = Date.now() + 90_000; listed.length < 2 && Date.now() < deadline; listed = await list()) await new Promise((r) => setTimeout(r, 1000));
    assert.equal(listed.length, 2, JSON.stringify(listed));
    const failed = listed.find((l) => l.key === poison.sha256)!;
    assert.equal(failed.processor, group);
    assert.equal(failed.topic, `${env.FILESCAN_KAFKA_PREFIX}${TOPICS.submissions}`);
    assert.match(failed.error, /cannot handle poison\.txt: a bug/);
    assert.ok(failed.value_bytes > 0);
    assert.match(listed.find((l) => l.key === "garbage")!.error, /magic|wire|decode|schema/i);
    const text = await cli(["list", "--processor", group], env);
    assert.equal(text.code, 0);
    assert.match(text.stderr, /2 dead letter\(s\): 2 of /);
    for (const out of [JSON.stringify(listed), text.stdout]) assert.ok(!out.includes("078-05-1120") && !out.includes("not the Confluent"), "never a record's content");

    assert.equal((await cli(["replay"], env)).code, 2, "a replay names what it replays");
    const dry = await cli(["replay", "--key", poison.sha256, "--dry-run"], env);
    assert.match(dry.stderr, /would replay 1 record/);
    assert.equal(handled.filter((e) => e.submission_id === poison.submission_id).length, 0);

    broken = false; // the fix is deployed
    const replay = await cli(["replay", "--key", poison.sha256], env);
    assert.equal(replay.code, 0, replay.stderr);
    assert.match(replay.stderr, /replayed 1 record/);
    const back = await waitFor("the replayed record handled", () => handled.find((e) => e.submission_id === poison.submission_id), 90_000);
    assert.deepEqual(back.content, poison.content, "byte for byte");

    // (the record that is no event goes back too, and fails again: a replay does what it is told)
    const all = await cli(["replay", "--all"], env);
    assert.equal(all.code, 0, all.stderr);
    assert.match(all.stderr, /replayed 2 record\(s\)/, all.stderr);
    await waitFor("the record handled once more", () => (handled.filter((e) => e.submission_id === poison.submission_id).length === 2 ? true : undefined), 90_000);
    for (const deadline = Date.now() + 90_000; listed.length < 3 && Date.now() < deadline; listed = await list()) await new Promise((r) => setTimeout(r, 1000));
    assert.deepEqual(listed.map((l) => l.key).sort(), ["garbage", "garbage", poison.sha256].sort(), "the garbage dead-lettered again");
  });
});
