/**
 * bench/detect/real.ts: what the detectors find in a tree of real files, per type, to hunt
 * false positives the generated corpus cannot show (changelogs, licences, test logs, API docs).
 *
 *   node bench/detect/real.ts /usr/share/doc                  # findings per type (NER off)
 *   node bench/detect/real.ts /usr/share/doc --type PHONE_NUMBER,PASSWORD   # and each one, as TSV
 *   node bench/detect/real.ts /usr/share/doc --ner            # with NER (the default options)
 *
 * Each file is extracted as the extractor does (OCR off) and its segments detected in one call,
 * as the classifier does. The
 * TSV lines (type, score, validation, detector, file, value, surroundings, context words) carry raw values
 * of the scanned files: run it on files you may read, and keep its output local.
 */
import { lstatSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { detect } from "@filescan/detectors";
import { extractFile } from "@filescan/extract";
import { segmentsOf } from "@filescan/classify";
import { benchArgs } from "../args.ts";

const { values, positionals } = benchArgs(import.meta.url, { allowPositionals: true, options: { type: { type: "string" }, ner: { type: "boolean", default: false } } });
if (positionals.length !== 1) {
  console.error("usage: node bench/detect/real.ts <directory> [--type T1,T2] [--ner]");
  process.exit(2);
}
const root = positionals[0]!;
const listed = values.type ? new Set(values.type.split(",")) : null;

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    const st = lstatSync(p);
    if (st.isDirectory()) yield* walk(p);
    else if (st.isFile()) yield p;
  }
}

const counts = new Map<string, { findings: number; files: number }>();
let files = 0;
let bytes = 0;
const started = Date.now();
for (const file of walk(root)) {
  const data = readFileSync(file);
  files++;
  bytes += data.byteLength;
  const r = await extractFile({ bytes: data, filename: path.basename(file), claimedMime: "application/octet-stream" }, { ocr: false });
  // The file's segments in one call, as the classifier detects them (what a detector finds in
  // one segment may depend on the rest: a checksum that passes no more often than chance).
  const found = detect(r.segments, { ner: values.ner });
  const seen = new Set<string>();
  for (const f of found) {
    const c = counts.get(f.type) ?? { findings: 0, files: 0 };
    c.findings++;
    if (!seen.has(f.type)) c.files++;
    seen.add(f.type);
    counts.set(f.type, c);
  }
  if (listed) {
    // Each listed finding with its segment's text around it (offsets count in the text of the
    // finding's locator: segmentsOf finds the segment and the offsets in it).
    for (const f of found) {
      if (!listed.has(f.type)) continue;
      const [at] = segmentsOf(f, r.segments);
      if (at === undefined) continue;
      const t = r.segments[at.i]!.text;
      console.log([f.type, f.score.toFixed(2), f.validation, f.detector, path.relative(root, file), JSON.stringify(t.slice(at.start, at.end)), JSON.stringify(t.slice(Math.max(0, at.start - 50), at.end + 25)), f.context.join(",")].join("\t"));
    }
  }
  if (files % 500 === 0) console.error(`real: ${files} files, ${(bytes / 1e6).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
console.error(`real: ${files} files, ${(bytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(0)} s (NER ${values.ner ? "on" : "off"})`);
console.error("type                 findings   files");
for (const [type, c] of [...counts].sort((a, b) => b[1].findings - a[1].findings)) console.error(`${type.padEnd(20)} ${String(c.findings).padStart(8)} ${String(c.files).padStart(7)}`);
