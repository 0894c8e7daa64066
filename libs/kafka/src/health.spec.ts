import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import { Kafka, logLevel, type Consumer } from "kafkajs";
import { Counter, Registry } from "prom-client";
import { healthAddressFromEnv, ProcessorHealth, serveHealth, serveHealthFromEnv, type HealthServer } from "./health.ts";

// The real event names of a kafkajs consumer (the consumer is never connected).
const EVENTS = new Kafka({ brokers: ["127.0.0.1:1"], logLevel: logLevel.NOTHING }).consumer({ groupId: "unused" }).events;

/** Emits kafkajs' consumer instrumentation events, in their payload shape, on demand. */
class ConsumerSignals extends EventEmitter {
  readonly events = EVENTS;
  readonly asConsumer = { events: EVENTS, on: (name: string, fn: (e: unknown) => void) => (this.on(name, fn), () => this.off(name, fn)) } as unknown as Pick<Consumer, "on" | "events">;
  fire(name: string, payload: Record<string, unknown> = {}): void {
    this.emit(name, { id: 1, type: name, timestamp: Date.now(), payload });
  }
  join(groupId = "g1"): void {
    this.fire(EVENTS.GROUP_JOIN, { groupId, memberId: "m1", leaderId: "m1", isLeader: true, memberAssignment: { "filescan.submissions.v1": [0, 1, 2] }, groupProtocol: "RoundRobinAssigner", duration: 5 });
  }
}

describe("kafka: the processors' health server (/healthz, /readyz, /metrics)", () => {
  let server: HealthServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function get(path: string, init?: RequestInit): Promise<{ status: number; text: string; type: string | null }> {
    const r = await fetch(`http://127.0.0.1:${server!.port}${path}`, init);
    return { status: r.status, text: await r.text(), type: r.headers.get("content-type") };
  }

  it("/readyz flips with the consumer's signals; /healthz fails only while a consumer is dead for good", async () => {
    const health = new ProcessorHealth("extractor");
    server = await serveHealth({ host: "127.0.0.1", port: 0, health, metricsPrefix: "t_" });
    assert.ok(server.port > 0, "port 0 picks a free port");

    let r = await get("/readyz");
    assert.equal(r.status, 503, "no consumer yet: not ready");
    assert.deepEqual(JSON.parse(r.text).not_ready, ["consumer"]);

    const signals = new ConsumerSignals();
    health.watch(signals.asConsumer, { groupId: "g1" });
    r = await get("/readyz");
    assert.equal(r.status, 503);
    let body = JSON.parse(r.text);
    assert.equal(body.status, "not ready");
    assert.equal(body.app, "extractor");
    assert.deepEqual(body.not_ready, ["consumer"]);
    assert.equal(body.checks.consumer.state, "starting");
    assert.match(body.checks.consumer.detail, /has not joined consumer group g1/);

    signals.join();
    r = await get("/readyz");
    assert.equal(r.status, 200, r.text);
    body = JSON.parse(r.text);
    assert.equal(body.status, "ready");
    assert.deepEqual(body.not_ready, []);
    assert.equal(body.checks.consumer.state, "running");
    assert.match(body.checks.consumer.detail, /joined consumer group g1; 3 partition\(s\) assigned/);

    // a crash disconnects first (kafkajs emits STOP, DISCONNECT, then CRASH); the crash is what the body says
    signals.fire(EVENTS.STOP);
    signals.fire(EVENTS.DISCONNECT);
    const err = Object.assign(new Error("Connection timeout"), { name: "KafkaJSNumberOfRetriesExceeded" });
    signals.fire(EVENTS.CRASH, { error: err, groupId: "g1", restart: true });
    r = await get("/readyz");
    assert.equal(r.status, 503);
    body = JSON.parse(r.text);
    assert.equal(body.checks.consumer.state, "crashed");
    assert.match(body.checks.consumer.detail, /KafkaJSNumberOfRetriesExceeded: Connection timeout.*kafkajs restarts it/);
    assert.equal((await get("/healthz")).status, 200, "liveness does not depend on the consumer");

    signals.join(); // kafkajs rejoined after the restart
    assert.equal((await get("/readyz")).status, 200);

    signals.fire(EVENTS.CRASH, { error: new Error("not retriable"), groupId: "g1", restart: false });
    assert.match(JSON.parse((await get("/readyz")).text).checks.consumer.detail, /will not restart/);
    r = await get("/healthz");
    assert.equal(r.status, 503, "a consumer that will not restart fails liveness: only a process restart helps");
    assert.deepEqual(JSON.parse(r.text), { status: "dead", app: "extractor", detail: "consumer consumer crashed and will not restart" });

    signals.join();
    signals.fire(EVENTS.DISCONNECT);
    r = await get("/readyz");
    assert.equal(r.status, 503);
    assert.equal(JSON.parse(r.text).checks.consumer.state, "disconnected");

    signals.join();
    signals.fire(EVENTS.STOP);
    signals.fire(EVENTS.DISCONNECT);
    assert.equal(JSON.parse((await get("/readyz")).text).checks.consumer.state, "stopped", "a stop is not reported as a mere disconnect");

    r = await get("/healthz");
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.text), { status: "ok", app: "extractor" });
  });

  it("names a failing, throwing or silent extra check in the 503 body", async () => {
    const health = new ProcessorHealth("projector", { checkTimeoutMs: 200 });
    const signals = new ConsumerSignals();
    health.watch(signals.asConsumer, { groupId: "g1" });
    signals.join();
    let es: () => Promise<boolean> = async () => true;
    health.addCheck("elasticsearch", () => es());
    server = await serveHealth({ host: "127.0.0.1", port: 0, health, metricsPrefix: "t_" });
    assert.equal((await get("/readyz")).status, 200);

    es = async () => false;
    let body = JSON.parse((await get("/readyz")).text);
    assert.deepEqual(body.not_ready, ["elasticsearch"]);
    assert.equal(body.checks.consumer.ready, true);

    es = async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:9200");
    };
    body = JSON.parse((await get("/readyz")).text);
    assert.deepEqual(body.not_ready, ["elasticsearch"]);
    assert.match(body.checks.elasticsearch.detail, /ECONNREFUSED/);

    es = () => new Promise(() => undefined); // never answers
    const t0 = Date.now();
    const r = await get("/readyz");
    assert.equal(r.status, 503);
    assert.match(JSON.parse(r.text).checks.elasticsearch.detail, /no answer within 200 ms/);
    assert.ok(Date.now() - t0 < 2000, "a hanging check does not hang the probe");
  });

  it("serves the app's registry and a consumer gauge as Prometheus text at /metrics", async () => {
    const registry = new Registry();
    const files = new Counter({ name: "t_files_total", help: "files", registers: [registry] });
    files.inc(3);
    const health = new ProcessorHealth("classifier");
    const signals = new ConsumerSignals();
    health.watch(signals.asConsumer, { groupId: "g1" });
    server = await serveHealth({ host: "127.0.0.1", port: 0, health, registry, metricsPrefix: "t_" });

    let r = await get("/metrics");
    assert.equal(r.status, 200);
    assert.match(r.type ?? "", /^text\/plain/);
    assert.match(r.text, /^t_files_total 3$/m, "the app's own metrics are on the same server");
    assert.match(r.text, /^t_consumer_running 0$/m);
    assert.match(r.text, /^t_process_cpu_user_seconds_total /m, "process metrics under the app's prefix");
    signals.join();
    r = await get("/metrics");
    assert.match(r.text, /^t_consumer_running 1$/m);

    assert.equal((await get("/nope")).status, 404);
    assert.equal((await get("/healthz", { method: "POST" })).status, 405);
    assert.equal((await get("/healthz", { method: "HEAD" })).status, 200);
  });

  it("closes: the port is free again afterwards", async () => {
    const health = new ProcessorHealth("x");
    const first = await serveHealth({ host: "127.0.0.1", port: 0, health, metricsPrefix: "t_" });
    const port = first.port;
    const keepAlive = await fetch(`http://127.0.0.1:${port}/healthz`); // leaves a keep-alive connection open
    await keepAlive.text();
    await first.close();
    server = await serveHealth({ host: "127.0.0.1", port, health, metricsPrefix: "t_" });
    assert.equal(server.port, port);
  });

  it("reads host and port from the environment, with aliases; no port variable means no server", () => {
    assert.equal(healthAddressFromEnv({}, "FILESCAN_EXTRACTOR"), undefined);
    assert.deepEqual(healthAddressFromEnv({ FILESCAN_EXTRACTOR_HTTP_PORT: "0" }, "FILESCAN_EXTRACTOR"), { host: "127.0.0.1", port: 0 });
    assert.deepEqual(healthAddressFromEnv({ FILESCAN_EXTRACTOR_HTTP_PORT: "9102", FILESCAN_EXTRACTOR_HTTP_HOST: "0.0.0.0" }, "FILESCAN_EXTRACTOR"), { host: "0.0.0.0", port: 9102 });
    const aliases = { port: ["FILESCAN_CLASSIFIER_METRICS_PORT"], host: ["FILESCAN_CLASSIFIER_METRICS_HOST"] };
    assert.deepEqual(healthAddressFromEnv({ FILESCAN_CLASSIFIER_METRICS_PORT: "9200", FILESCAN_CLASSIFIER_METRICS_HOST: "0.0.0.0" }, "FILESCAN_CLASSIFIER", aliases), { host: "0.0.0.0", port: 9200 });
    assert.deepEqual(healthAddressFromEnv({ FILESCAN_CLASSIFIER_HTTP_PORT: "1", FILESCAN_CLASSIFIER_METRICS_PORT: "2" }, "FILESCAN_CLASSIFIER", aliases), { host: "127.0.0.1", port: 1 }, "the new name wins");
    assert.throws(() => healthAddressFromEnv({ FILESCAN_PROJECTOR_HTTP_PORT: "http" }, "FILESCAN_PROJECTOR"), /FILESCAN_PROJECTOR_HTTP_PORT must be a non-negative integer/);
    assert.throws(() => healthAddressFromEnv({ FILESCAN_PROJECTOR_HTTP_PORT: "70000" }, "FILESCAN_PROJECTOR"), /0-65535/);
  });

  it("serves from FILESCAN_<APP>_HTTP_PORT with metrics named after the app, and not at all without it", async () => {
    const health = new ProcessorHealth("projector");
    assert.equal(await serveHealthFromEnv(health, {}), undefined);
    server = (await serveHealthFromEnv(health, { FILESCAN_PROJECTOR_HTTP_PORT: "0" }))!;
    assert.ok(server.port > 0);
    const r = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    assert.match(await r.text(), /^filescan_projector_consumer_running 0$/m);
  });
});
