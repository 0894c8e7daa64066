/**
 * The extractor app on the real Kafka and schema registry: FileSubmitted events produced to
 * filescan.submissions.v1 (Avro through the registry) come back as FileExtracted on
 * filescan.extractions.v1 with their text and locators; a record that is not Avro at all lands
 * in filescan.deadletter.v1 with its coordinates and error while the records behind it on the
 * same partition flow on. The app runs in-process with its own consumer group starting at the
 * topic end (the shared topics hold other runs' events).
 *
 * Other extractors may share these dev topics (another suite's end-to-end run) and answer our
 * submissions too, and FileExtracted does not name its producer. So each check looks for an
 * output that passes it, and separately proves that *this* extractor handled every record: its
 * consumer group committed past each record's offset, which the processor does only after the
 * output was produced (or the record dead-lettered, which is checked too).
 *
 * Its health server (FILESCAN_EXTRACTOR_HTTP_PORT) is polled from the moment the app starts:
 * /readyz answers 503 naming the consumer until the group join on the real Kafka, then 200 (a
 * stopped member of its group holds the join for a few seconds, so the 503 is surely seen).
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import { kafkaGroup, kafkaTopic, TOPICS } from "@filescan/config";
import type { DeadLetter, FileExtracted, FileSubmitted } from "@filescan/contracts";
import { startExtractor } from "@filescan/extractor";
import { createEventProducer, createKafka, createRegistry, startNewGroupAtEnd, type EventProducer } from "@filescan/kafka";
import type { Consumer } from "kafkajs";
import { freePort } from "../containers/compose.ts";
import { waitFor } from "./deadline.ts";
import { makePdf, makeZip } from "../../libs/extract/src/test-util/fixtures.ts";
import { encodeImage, textPixels } from "../../libs/extract/src/test-util/images.ts";
import { makeEml } from "../../libs/extract/src/test-util/mail.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function submitted(bytes: Buffer, filename: string, mimetype: string): FileSubmitted {
  const h = (alg: string) => createHash(alg).update(bytes).digest("hex");
  return {
    submission_id: randomUUID(), received_at: Date.now(), principal: { subject: "tok_test", token_name: "extractor-test" }, mimetype,
    sha256: h("sha256"), sha1: h("sha1"), md5: h("md5"), filename, full_path: `/share/extractor-test/${filename}`, timestamp: new Date().toISOString(),
    app: "extractor-test", extra_json: JSON.stringify({ host: "ws-1" }), size: bytes.length, content: bytes,
  };
}

describe("extractor app: FileSubmitted → FileExtracted on the real Kafka and registry", function () {
  this.timeout(150_000);
  const run = randomUUID().slice(0, 8);
  const env: NodeJS.ProcessEnv = { ...process.env, FILESCAN_NEW_GROUP_START: "latest", FILESCAN_EXTRACTOR_GROUP: `test-extractor-${run}` };
  const readerGroup = `test-extractor-reader-${run}`;
  const kafka = createKafka("test-extractor");
  const registry = createRegistry();
  const extracted = new Map<string, FileExtracted[]>();
  const offsets = new Map<string, { partition: number; offset: number }>();
  const dead: DeadLetter[] = [];
  let producer: EventProducer;
  let reader: Consumer;
  let extractor: { stop(): Promise<void>; httpPort?: number };
  /** /readyz answers seen while the extractor started (status, parsed body). */
  const readyzDuringStart: Array<{ status: number; body: any }> = [];

  /** Waits for a FileExtracted of the submission that passes `check`; on timeout, the last failure. */
  async function output(ev: FileSubmitted, check: (x: FileExtracted) => void, timeoutMs = 90_000): Promise<FileExtracted> {
    let last: unknown = new Error(`no FileExtracted for ${ev.filename}`);
    const t0 = Date.now();
    for (;;) {
      for (const x of extracted.get(ev.submission_id) ?? []) {
        try {
          check(x);
          return x;
        } catch (e) {
          last = e;
        }
      }
      if (Date.now() - t0 > timeoutMs) throw last;
      await sleep(200);
    }
  }

  /** This extractor's consumer group committed past the submission's record. */
  async function handledByUs(ev: FileSubmitted): Promise<void> {
    const at = await waitFor(`the offset of ${ev.filename}`, () => offsets.get(ev.submission_id));
    const admin = kafka.admin();
    await admin.connect();
    try {
      const t0 = Date.now();
      for (;;) {
        const [t] = await admin.fetchOffsets({ groupId: kafkaGroup(env.FILESCAN_EXTRACTOR_GROUP!), topics: [kafkaTopic(TOPICS.submissions)] });
        const c = Number(t?.partitions.find((p) => p.partition === at.partition)?.offset ?? -1);
        if (c > at.offset) return;
        if (Date.now() - t0 > 30_000) throw new Error(`the extractor group committed ${c}, not past offset ${at.offset} of partition ${at.partition}`);
        await sleep(300);
      }
    } finally {
      await admin.disconnect();
    }
  }

  before(async () => {
    producer = await createEventProducer(kafka, registry);
    // The reader starts at the current end of both output topics, then the extractor starts.
    const topics = [TOPICS.submissions, TOPICS.extractions, TOPICS.deadletter];
    await startNewGroupAtEnd(kafka, readerGroup, topics);
    // (the helpers above name topics and groups by their DESIGN.md names; kafkajs wants the real ones)
    reader = kafka.consumer({ groupId: kafkaGroup(readerGroup), maxBytesPerPartition: 50 * 1024 * 1024 });
    await reader.connect();
    await reader.subscribe({ topics: topics.map((t) => kafkaTopic(t)), fromBeginning: false });
    await reader.run({
      eachMessage: async ({ topic, partition, message }) => {
        if (!message.value) return;
        if (topic === kafkaTopic(TOPICS.submissions)) {
          const ev = (await registry.decode(message.value).catch(() => null)) as FileSubmitted | null;
          if (ev?.app === "extractor-test") offsets.set(ev.submission_id, { partition, offset: Number(message.offset) });
        } else if (topic === kafkaTopic(TOPICS.extractions)) {
          const ev = (await registry.decode(message.value)) as FileExtracted;
          if (ev.app === "extractor-test") extracted.set(ev.submission_id, [...(extracted.get(ev.submission_id) ?? []), ev]);
        } else {
          const dl = (await registry.decode(message.value)) as DeadLetter;
          if (dl.processor === env.FILESCAN_EXTRACTOR_GROUP) dead.push(dl);
        }
      },
    });
    env.FILESCAN_EXTRACTOR_HTTP_PORT = String(await freePort());
    // A member of the extractor's group that stops answering holds the extractor's join for up to
    // 6 s, a window /readyz is surely asked in: the join alone took tens of milliseconds, and the
    // polls, served by this same busy process, missed it now and then (CI).
    await startNewGroupAtEnd(kafka, env.FILESCAN_EXTRACTOR_GROUP!, [TOPICS.submissions]);
    const member = spawn(process.execPath, [path.join(import.meta.dirname, "group-member.ts"), kafkaGroup(env.FILESCAN_EXTRACTOR_GROUP!), kafkaTopic(TOPICS.submissions)], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve, reject) => {
      member.stdout.on("data", (d: Buffer) => (d.toString().includes("joined") ? resolve() : undefined));
      member.once("exit", (code) => reject(new Error(`the group member exited (${code}) before it joined`)));
    });
    member.kill("SIGSTOP");
    let starting = true;
    const poll = (async () => {
      while (starting) {
        const r = await fetch(`http://127.0.0.1:${env.FILESCAN_EXTRACTOR_HTTP_PORT}/readyz`).catch(() => undefined); // not listening yet
        if (r) readyzDuringStart.push({ status: r.status, body: await r.json() });
        await sleep(5); // the window between watching the consumer and its group join is short (tens of ms)
      }
    })();
    try {
      extractor = await startExtractor(env);
    } finally {
      starting = false;
      member.kill("SIGKILL");
      await poll;
    }
  });

  after(async () => {
    await Promise.allSettled([extractor?.stop(), reader?.disconnect(), producer?.disconnect()]);
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteGroups([env.FILESCAN_EXTRACTOR_GROUP!, readerGroup].map((g) => kafkaGroup(g))).catch(() => undefined);
    await admin.disconnect();
  });

  it("serves /readyz: 503 naming the consumer until it joined its group on the real Kafka, then 200; /healthz and /metrics", async () => {
    assert.equal(extractor.httpPort, Number(env.FILESCAN_EXTRACTOR_HTTP_PORT));
    // before the consumer exists the body says so; then it waits for its group join
    const statuses = readyzDuringStart.map((r) => r.status);
    const firstOk = statuses.indexOf(200);
    assert.ok(statuses.every((st, i) => st === (firstOk >= 0 && i >= firstOk ? 200 : 503)), `503 until the join, then 200: ${statuses.join(",")}`);
    const before = readyzDuringStart.find((r) => r.body.checks.consumer?.state === "starting");
    assert.ok(before, `no answer seen while the consumer was joining: ${JSON.stringify(readyzDuringStart.slice(-3))}`);
    assert.equal(before.status, 503);
    assert.deepEqual(before.body.not_ready, ["consumer"]);
    assert.equal(before.body.checks.consumer.state, "starting");
    assert.match(before.body.checks.consumer.detail, new RegExp(`has not joined consumer group ${kafkaGroup(env.FILESCAN_EXTRACTOR_GROUP!)}`));
    const base = `http://127.0.0.1:${extractor.httpPort}`;
    const ready = await fetch(`${base}/readyz`);
    const body = (await ready.json()) as any;
    assert.equal(ready.status, 200, JSON.stringify(body));
    assert.equal(body.checks.consumer.state, "running");
    assert.match(body.checks.consumer.detail, new RegExp(`joined consumer group ${kafkaGroup(env.FILESCAN_EXTRACTOR_GROUP!)}; \\d+ partition`));
    assert.equal((await fetch(`${base}/healthz`)).status, 200);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    assert.match(metrics, /^filescan_extractor_consumer_running 1$/m);
  });

  it("extracts text with locators from text, a PDF inside a ZIP, an e-mail with an attachment and a scanned image", async () => {
    const zip = await makeZip({ "hr/2024/payroll.pdf": await makePdf(["cover", `Jane Doe SSN 536-22-8726 ${run}`]) });
    const eml = makeEml({ From: "Anna <anna@example.com>", To: "bob@example.org", Subject: `salaries ${run}` }, [
      { contentType: "text/plain", body: "attached" },
      { contentType: "text/csv", filename: "pay.csv", body: Buffer.from(`name,iban\nAnna,DE89370400440532013000\n`) },
    ]);
    const png = encodeImage(await textPixels(["Invoice 4711 for Anna Schmidt"]), "png");
    const events = [
      submitted(Buffer.from(`plain note ${run}: call +49 30 1234567`), "note.txt", "text/plain"),
      submitted(zip, "q1.zip", "application/zip"),
      submitted(eml, "mail.eml", "message/rfc822"),
      submitted(png, "scan.png", "application/pdf"), // the claim is wrong on purpose
    ];
    for (const ev of events) await producer.send(TOPICS.submissions, ev.sha256, ev);

    await output(events[0]!, (x) => {
      assert.equal(x.status, "complete");
      assert.equal(x.detected_type, "text/plain");
      assert.equal(x.sha256, events[0]!.sha256);
      assert.equal(x.full_path, "/share/extractor-test/note.txt");
      assert.equal(x.extra_json, JSON.stringify({ host: "ws-1" }));
      assert.equal(x.size, events[0]!.size);
      assert.ok(x.segments[0]!.text.includes(`plain note ${run}`));
    });
    await output(events[1]!, (x) => {
      assert.equal(x.detected_type, "application/zip");
      const ssn = x.segments.find((s) => s.text.includes("536-22-8726"));
      assert.deepEqual([ssn?.locator.file_in_zip, ssn?.locator.page], ["hr/2024/payroll.pdf", 2]);
      assert.equal(x.stats.entries, 1);
    });
    await output(events[2]!, (x) => {
      assert.equal(x.detected_type, "message/rfc822");
      assert.equal(x.segments.find((s) => s.locator.part === "header:subject")?.text, `salaries ${run}`);
      const iban = x.segments.find((s) => s.text.includes("DE8937"));
      assert.deepEqual([iban?.locator.file_in_zip, iban?.locator.column], ["pay.csv", "iban"]);
    });
    await output(events[3]!, (x) => {
      assert.equal(x.detected_type, "image/png");
      assert.equal(x.type_mismatch, true);
      const ocr = x.segments.find((s) => s.source === "ocr");
      assert.ok(ocr?.text.includes("4711"), JSON.stringify([x.status, x.reasons, x.segments]));
    });
    for (const ev of events) await handledByUs(ev);
    assert.equal(dead.length, 0, JSON.stringify(dead));
  });

  it("dead-letters a record that is not Avro with its coordinates and error, and the records behind it flow on", async () => {
    const after = submitted(Buffer.from(`after the poison ${run}`), "after.txt", "text/plain");
    const poison = Buffer.from(`definitely not Avro ${run}`);
    // Same key → same partition: the valid record sits right behind the poison one.
    await producer.sendEncoded(TOPICS.submissions, [{ key: after.sha256, value: poison }]);
    await producer.send(TOPICS.submissions, after.sha256, after);
    const dl = await waitFor("the dead letter", () => dead.find((d) => d.value?.equals(poison)));
    assert.equal(dl.topic, kafkaTopic(TOPICS.submissions), "the dead letter names the topic as Kafka knows it");
    assert.equal(dl.key?.toString("utf8"), after.sha256);
    assert.match(dl.offset, /^\d+$/);
    assert.ok(dl.partition >= 0);
    assert.match(dl.error, /magic byte/, "the decoder's error is recorded");
    const admin = kafka.admin();
    await admin.connect();
    const ends = await admin.fetchTopicOffsets(kafkaTopic(TOPICS.submissions));
    await admin.disconnect();
    assert.ok(Number(dl.offset) < Number(ends.find((p) => p.partition === dl.partition)!.high), "the coordinates point into the topic");
    await output(after, (x) => {
      assert.equal(x.status, "complete");
      assert.ok(x.segments[0]!.text.includes(`after the poison ${run}`));
    });
    await handledByUs(after);
    assert.equal(dead.length, 1, "only the poison record was dead-lettered");
    // and /metrics counts both outcomes
    const metrics = await (await fetch(`http://127.0.0.1:${extractor.httpPort}/metrics`)).text();
    assert.match(metrics, /^filescan_extractor_records_total\{outcome="dead_lettered"\} 1$/m);
    const handled = Number(/^filescan_extractor_records_total\{outcome="handled"\} (\d+)$/m.exec(metrics)?.[1]);
    assert.ok(handled >= 5, `the files of this suite were handled (${handled})`);
  });
});
