/**
 * bench/inspect: documents/s and MB/s of `filescan inspect --text --lines --llm off` over a
 * generated corpus of sentences (some with PII), in-process and through the CLI, against a
 * baseline measured in the same run: reading the corpus and splitting it into lines.
 *
 *   node bench/inspect/run.ts [--lines 20000]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot } from "@filescan/config";
import { createInspector } from "../../apps/cli/src/inspect/inspect.ts";
import { benchArgs } from "../args.ts";

const { values, int } = benchArgs(import.meta.url, { options: { lines: { type: "string", default: "20000" } } });
const N = int(values.lines, "lines");
const templates = [
  (i: number) => `Meeting notes ${i}: the quarterly numbers look fine and the team will meet again on Tuesday.`,
  (i: number) => `Please contact Jane Doe at jane.doe${i}@northwind-logistics.com about the invoice.`,
  (i: number) => `Her social security number is 536-22-${String(1000 + (i % 8999)).padStart(4, "0")} according to the form.`,
  (i: number) => `Wire the refund to IBAN DE89 3704 0044 0532 0130 00, reference ${i}.`,
  (i: number) => `Server 10.0.${i % 255}.${(i * 7) % 255} rebooted after the update; no user impact.`,
  (i: number) => `Call me on +49 151 ${String(10000000 + i).slice(0, 8)} if the delivery is late.`,
];
const corpus = Array.from({ length: N }, (_, i) => templates[i % templates.length]!(i)).join("\n") + "\n";
const dir = mkdtempSync(path.join(tmpdir(), "bench-inspect-"));
const file = path.join(dir, "corpus.txt");
writeFileSync(file, corpus);
const mb = Buffer.byteLength(corpus) / 1e6;

let t0 = performance.now();
let count = 0;
for (const line of readFileSync(file, "utf8").split("\n")) if (line) count++;
const baseSecs = (performance.now() - t0) / 1000;

const inspector = createInspector({ ...process.env, FILESCAN_LLM: "off" }, { showValues: false });
const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
t0 = performance.now();
let sensitive = 0;
for (let i = 0; i < lines.length; i++) if ((await inspector.text(lines[i]!, "corpus", i + 1)).llm.has_sensitive_data) sensitive++;
const inSecs = (performance.now() - t0) / 1000;
await inspector.close();

t0 = performance.now();
const cli = spawnSync(process.execPath, [path.join(repoRoot(), "apps", "cli", "bin", "filescan.js"), "inspect", "--llm", "off", "--text", "--lines", "--json", file], { encoding: "utf8", maxBuffer: 1 << 30 });
const cliSecs = (performance.now() - t0) / 1000;
const cliDocs = cli.stdout.split("\n").filter(Boolean).length;

console.log(`bench/inspect  --text --lines --llm off  ${N} lines, ${mb.toFixed(2)} MB, ${sensitive} sensitive`);
console.log(`  baseline read + split   ${(count / baseSecs).toFixed(0)} docs/s`);
console.log(`  in-process              ${(N / inSecs).toFixed(0)} docs/s  ${(mb / inSecs).toFixed(2)} MB/s   ratio to baseline ${(baseSecs / inSecs).toFixed(4)}`);
console.log(`  CLI (incl. start-up)    ${(cliDocs / cliSecs).toFixed(0)} docs/s  ${(mb / cliSecs).toFixed(2)} MB/s   (${cliDocs} JSON lines, exit ${cli.status})`);
rmSync(dir, { recursive: true, force: true });
