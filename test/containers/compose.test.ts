/**
 * The whole system under Docker Compose (infra/compose/compose.yaml), as an operator runs it: the
 * images are built (`filescan infra images`, reusing layers), the stack comes up on free host
 * ports beside anything else on this machine, with two classifier replicas; a crawler submits a
 * ZIP holding a PDF with PII through the composed API, waits until /query says found, and the
 * stored document is checked in the composed Elasticsearch. Everything is torn down (volumes
 * included), also when a step fails. Needs a Docker engine and Compose v2: `npm run test:compose`.
 */
import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { Client } from "@elastic/elasticsearch";
import { repoRoot } from "@filescan/config";
import { buildImages, dockerEngine } from "@filescan/infra-images";
import { compose, freePort } from "./compose.ts";
import { pdfWithPages, submission, zip } from "../fixtures/files.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("Docker Compose: the whole system", function () {
  this.timeout(20 * 60_000);
  const project = `filescan-test-${randomUUID().slice(0, 8)}`;
  const file = path.join(repoRoot(), "infra", "compose", "compose.yaml");
  const base = ["-p", project, "-f", file];
  let env: NodeJS.ProcessEnv;
  let api: string;
  let es: Client;
  let up = false;

  before(async () => {
    const engine = dockerEngine();
    if (engine instanceof Error) throw engine;
    if (process.env.FILESCAN_COMPOSE_SKIP_BUILD !== "1") await buildImages({ log: (l) => process.stderr.write(`      [images] ${l}\n`) });
    const [apiPort, geoipPort, kafkaPort, registryPort, esPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    env = {
      ...process.env,
      FILESCAN_JWT_SECRET: randomBytes(32).toString("hex"),
      FILESCAN_API_HOST_PORT: String(apiPort),
      FILESCAN_GEOIP_HOST_PORT: String(geoipPort),
      FILESCAN_KAFKA_HOST_PORT: String(kafkaPort),
      FILESCAN_REGISTRY_HOST_PORT: String(registryPort),
      FILESCAN_ES_HOST_PORT: String(esPort),
    };
    api = `http://127.0.0.1:${apiPort}/api/v1/filescan`;
    es = new Client({ node: `http://127.0.0.1:${esPort}` });
    const t0 = Date.now();
    up = true;
    try {
      await compose([...base, "up", "-d", "--wait", "--wait-timeout", "600", "--scale", "classifier=2"], env);
    } catch (err) {
      process.stderr.write(await compose([...base, "logs", "--no-color", "--tail", "60"], env).catch((e: Error) => e.message));
      throw err;
    }
    console.log(`      (stack up and healthy in ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  });

  after(async function () {
    this.timeout(5 * 60_000);
    await es?.close();
    if (!up) return;
    if (this.test?.parent?.tests.some((t) => t.state === "failed") || process.env.FILESCAN_COMPOSE_LOGS === "1") {
      process.stderr.write(await compose([...base, "logs", "--no-color", "--tail", "40"], env).catch((e: Error) => e.message));
    }
    await compose([...base, "down", "--volumes", "--remove-orphans", "--timeout", "20"], env);
  });

  it("runs every service, the classifier twice", async () => {
    const ps = (await compose([...base, "ps", "--format", "json"], env)).trim();
    const rows = (ps.startsWith("[") ? JSON.parse(ps) : ps.split("\n").map((l) => JSON.parse(l))) as Array<{ Service: string; State: string; Health: string }>;
    const running = (s: string) => rows.filter((r) => r.Service === s && r.State === "running");
    for (const s of ["kafka", "registry", "elasticsearch", "llm-local", "api", "geoip", "extractor", "projector"]) assert.equal(running(s).length, 1, `${s}: ${JSON.stringify(rows.filter((r) => r.Service === s))}`);
    assert.equal(running("classifier").length, 2);
    for (const s of ["kafka", "registry", "elasticsearch", "api", "geoip", "llm-local"]) assert.equal(running(s)[0]!.Health, "healthy", s);
  });

  it("finds the SSN in a PDF inside a ZIP submitted through the composed API, and stores the document", async () => {
    const t0 = Date.now();
    const pat = (await compose([...base, "run", "--rm", "--no-deps", "init", "cli", "token", "create", "--name", "compose-test"], env)).trim().split("\n").pop()!;
    const tok = await fetch(`${api}/auth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: pat }) });
    assert.equal(tok.status, 200, await tok.clone().text());
    const jwt = ((await tok.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${jwt}`, "content-type": "application/json" };

    const run = randomUUID().slice(0, 8);
    const pdf = await pdfWithPages([["Quarterly report", "Nothing personal here."], ["Employee file", "Name: Jane Doe", "SSN: 536-22-8726", `ref ${run}`]]);
    const archive = await zip([["reports/summary.txt", Buffer.from("plain summary")], ["reports/payroll.pdf", pdf]]);
    const body = submission(archive, "q1.zip", "application/zip", `/srv/share/hr/q1-${run}.zip`, { host: "compose-crawler" });
    const sub = await fetch(`${api}/submit`, { method: "POST", headers: auth, body: JSON.stringify(body) });
    assert.equal(sub.status, 200, await sub.clone().text());
    const id = ((await sub.json()) as { submission_id: string }).submission_id;

    let status = "";
    while (status !== "found") {
      assert.ok(Date.now() - t0 < 300_000, `not found within 300 s (last status ${status})`);
      await sleep(500);
      const q = await fetch(`${api}/query`, { method: "POST", headers: auth, body: JSON.stringify({ sha256: body.sha256 }) });
      status = ((await q.json()) as { status: string }).status;
    }
    const foundAfter = (Date.now() - t0) / 1000;

    let doc: Record<string, any> | undefined;
    for (let i = 0; i < 50 && !doc?.analysed; i++) {
      doc = await es.get<Record<string, any>>({ index: "filescan-files", id }).then((r) => r._source, () => undefined);
      if (!doc?.analysed) await sleep(200);
    }
    assert.ok(doc?.analysed, `sighting ${id} has no analysis: ${JSON.stringify(doc)}`);
    assert.equal(doc.llm.has_sensitive_data, true, JSON.stringify(doc.llm));
    assert.equal(doc.llm.page_number, 2);
    assert.equal(doc.llm.file_in_zip, "reports/payroll.pdf");
    assert.ok(doc.findings.types.includes("US_SSN"), doc.findings.types.join(","));
    assert.equal(doc.sha256, body.sha256);
    assert.equal(doc.full_path, body.full_path);
    assert.deepEqual(doc.extra, { host: "compose-crawler" });
    assert.ok(!JSON.stringify(doc).includes("536-22-8726"), "no raw SSN in the stored document");
    console.log(`      (found ${foundAfter.toFixed(1)} s after the token exchange began)`);
  });
});
