/**
 * bench/extract/fuzz.ts: damaged and hostile variants of real files through libs/extract, to find
 * what a crawler's corrupt or malicious file would do to the extractor: a throw that escapes, a
 * result outside the contract, a file that runs past its time budget, a process that hangs or
 * runs out of memory.
 *
 *   node bench/extract/fuzz.ts DIR [--mutants 8] [--max-kb 512] [--seed 1] [--budget-ms 5000] [--out /tmp/filescan-fuzz]
 *
 * For each file of DIR (up to --max-kb), --mutants variants: bytes flipped, a range overwritten,
 * the file cut short, a part repeated, a 32-bit field set to 0, 2^31-1 or 2^32-1 (a length or a
 * count), two edits at once. Each is extracted with OCR off and a time budget of --budget-ms, in
 * a child process per file (256 MB of heap) that the parent stops after 30 s per variant. Every
 * finding is printed and its variant saved under --out: `throw` (extractFile rejected), `contract`
 * (a status or a segment that breaks the contract), `slow` (over twice the budget), `stdout` (a
 * library wrote to standard output, where `filescan inspect --json` writes), `hang` or `died` (the
 * child stopped or was stopped). A clean run prints only the counts. (`--child` is that child's
 * own mode, not for a user.)
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { extractFile } from "@filescan/extract";
import { benchArgs } from "../args.ts";

const { values, positionals, int } = benchArgs(import.meta.url, {
  allowPositionals: true,
  options: {
    mutants: { type: "string", default: "8" },
    "max-kb": { type: "string", default: "512" },
    seed: { type: "string", default: "1" },
    "budget-ms": { type: "string", default: "5000" },
    out: { type: "string", default: "/tmp/filescan-fuzz" },
    child: { type: "boolean", default: false },
  },
});
const MUTANTS = int(values.mutants, "mutants");
const MAX_BYTES = int(values["max-kb"], "max-kb") * 1024;
const BUDGET = int(values["budget-ms"], "budget-ms");
const SEED = int(values.seed, "seed", 0);

/** A small deterministic generator (mulberry32), so a finding's variant can be made again. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Variant `i` of `bytes` (the same for the same file, seed and index). */
export function mutate(bytes: Uint8Array, name: string, i: number): { bytes: Uint8Array; how: string } {
  let h = SEED;
  for (let k = 0; k < name.length; k++) h = Math.imul(h ^ name.charCodeAt(k), 16777619);
  const r = rng(h + i * 7919);
  const at = (n = bytes.length) => Math.floor(r() * Math.max(1, n));
  const one = (b: Uint8Array): { bytes: Uint8Array; how: string } => {
    const kind = Math.floor(r() * 5);
    const out = Uint8Array.from(b);
    if (kind === 0) {
      const n = 1 + Math.floor(r() * 16);
      for (let k = 0; k < n; k++) {
        const p = at(out.length);
        out[p] = out[p]! ^ (1 << Math.floor(r() * 8));
      }
      return { bytes: out, how: `flip ${n}` };
    }
    if (kind === 1) {
      const s = at(out.length);
      const n = Math.min(out.length - s, 1 + Math.floor(r() * 64));
      for (let k = 0; k < n; k++) out[s + k] = Math.floor(r() * 256);
      return { bytes: out, how: `overwrite ${n}@${s}` };
    }
    if (kind === 2) {
      const cut = at(b.length);
      return { bytes: b.subarray(0, cut), how: `cut@${cut}` };
    }
    if (kind === 3) {
      const s = at(b.length);
      const n = Math.min(b.length - s, 1 + Math.floor(r() * 4096));
      const times = 1 + Math.floor(r() * 8);
      const part = b.subarray(s, s + n);
      return { bytes: Buffer.concat([b.subarray(0, s + n), ...Array.from({ length: times }, () => part), b.subarray(s + n)]), how: `repeat ${n}x${times}@${s}` };
    }
    const s = at(Math.max(1, out.length - 4));
    const v = [0, 0x7fffffff, 0xffffffff][Math.floor(r() * 3)]!;
    const dv = new DataView(out.buffer, out.byteOffset, out.byteLength);
    if (s + 4 <= out.length) dv.setUint32(s, v, r() < 0.5);
    return { bytes: out, how: `u32=${v.toString(16)}@${s}` };
  };
  const first = one(bytes);
  if (r() < 0.25) {
    const second = one(first.bytes);
    return { bytes: second.bytes, how: `${first.how}, ${second.how}` };
  }
  return first;
}

const STATUSES = new Set(["complete", "partial", "unsupported", "failed"]);

/** The child: every variant of one file, one JSON line each (a "start" line before, so a hang names its variant). */
async function child(file: string): Promise<void> {
  const bytes = readFileSync(file);
  const name = path.basename(file);
  for (let i = 0; i < MUTANTS; i++) {
    const v = mutate(bytes, name, i);
    process.stdout.write(JSON.stringify({ start: i, how: v.how }) + "\n");
    const t0 = Date.now();
    let line: Record<string, unknown>;
    try {
      const r = await extractFile({ bytes: v.bytes, filename: name, claimedMime: "application/octet-stream" }, { ocr: false, timeBudgetMs: BUDGET });
      const ms = Date.now() - t0;
      const broken = !STATUSES.has(r.status) ? `status ${r.status}` : r.segments.find((s) => typeof s.text !== "string" || s.text.includes("\u0000")) ? "a segment not text, or with NUL" : r.status === "failed" && r.segments.length > 0 && r.reasons.length === 0 ? "failed without a reason" : null;
      line = { i, how: v.how, status: r.status, ms, finding: broken ? "contract" : ms > BUDGET * 2 ? "slow" : null, detail: broken ?? undefined };
    } catch (e) {
      line = { i, how: v.how, ms: Date.now() - t0, finding: "throw", detail: String((e as Error)?.stack ?? e).slice(0, 400) };
    }
    process.stdout.write(JSON.stringify(line) + "\n");
  }
}

/** The parent: a child per file, stopped after 30 s per variant; findings printed and their variants saved. */
async function parent(dir: string): Promise<void> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .filter((f) => statSync(f).size <= MAX_BYTES)
    .sort();
  mkdirSync(values.out!, { recursive: true });
  const counts = new Map<string, number>();
  const self = fileURLToPath(import.meta.url);
  let done = 0;
  for (const file of files) {
    const lines: string[] = [];
    const code = await new Promise<number | string>((resolve) => {
      const p = spawn(process.execPath, ["--max-old-space-size=256", self, file, "--child", "--mutants", String(MUTANTS), "--seed", String(SEED), "--budget-ms", String(BUDGET)], { stdio: ["ignore", "pipe", "ignore"] });
      let buf = "";
      p.stdout.on("data", (d: Buffer) => {
        buf += d.toString();
        const parts = buf.split("\n");
        buf = parts.pop()!;
        lines.push(...parts);
      });
      const timer = setTimeout(() => {
        p.kill("SIGKILL");
        resolve("hang");
      }, 30_000 * MUTANTS);
      p.on("exit", (c, sig) => {
        clearTimeout(timer);
        resolve(sig ?? c ?? 0);
      });
    });
    // (a line that is no JSON of ours: a library writing to standard output, where a CLI's --json goes)
    const results = lines.map((l): Record<string, unknown> => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        return { stdout: l };
      }
    });
    const finished = new Set(results.filter((x) => "i" in x).map((x) => x.i));
    const stuck = results.find((x) => "start" in x && !finished.has(x.start));
    const report = (finding: string, i: number, detail: string) => {
      counts.set(finding, (counts.get(finding) ?? 0) + 1);
      const v = mutate(readFileSync(file), path.basename(file), i);
      const saved = path.join(values.out!, `${finding}-${path.basename(file)}-${i}`);
      writeFileSync(saved, v.bytes);
      console.log(`${finding}\t${path.relative(dir, file)}\t#${i} (${v.how})\t${detail}\t${saved}`);
    };
    let current = -1;
    for (const x of results) {
      if ("start" in x) current = Number(x.start);
      if ("stdout" in x) report("stdout", current, JSON.stringify(x.stdout).slice(0, 200));
      if (x.finding) report(String(x.finding), Number(x.i), `${x.status ?? ""} ${x.ms} ms ${x.detail ?? ""}`.trim());
    }
    if (stuck !== undefined) report(code === "hang" ? "hang" : "died", Number(stuck.start), `exit ${code}`);
    counts.set("variants", (counts.get("variants") ?? 0) + finished.size);
    if (++done % 25 === 0) console.error(`fuzz: ${done}/${files.length} files, ${counts.get("variants")} variants`);
  }
  console.log(`fuzz: ${files.length} files, ${[...counts].map(([k, v]) => `${k} ${v}`).join(", ")}`);
}

if (values.child) await child(positionals[0]!);
else if (positionals.length !== 1) {
  console.error("usage: node bench/extract/fuzz.ts DIR [--mutants 8] [--max-kb 512] [--seed 1] [--budget-ms 5000] [--out DIR]");
  process.exit(2);
} else await parent(positionals[0]!);
