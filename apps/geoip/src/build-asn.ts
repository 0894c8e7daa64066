/**
 * Builds the ASN databases (`asn-ipv4.mmdb`, `asn-ipv6.mmdb`, GeoLite2-ASN schema)
 * from the CSV files of the installed `@ip-location-db/asn` package. Offline; run
 * once after `npm install` (and again after updating that package):
 *
 *   node apps/geoip/src/build-asn.ts [--out DIR] [--force]
 *
 * The server also runs it on first start when the files are missing.
 */
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { createInterface } from "node:readline";
import { MAXMIND_KEY_TYPES, MmdbWriter } from "./mmdb-writer.ts";
import { parseIp } from "./ip.ts";
import { defaultAsnDir } from "./settings.ts";

const require = createRequire(import.meta.url);

export function asnCsvPath(family: 4 | 6): string {
  return path.join(path.dirname(require.resolve("@ip-location-db/asn/package.json")), `asn-ipv${family}.csv`);
}

/** Splits one CSV line of `first,last,asn,"org, with commas"`. */
export function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let v = "";
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          v += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else v += line[i++];
      }
      out.push(v);
      i++; // the comma
    } else {
      const j = line.indexOf(",", i);
      const end = j === -1 ? line.length : j;
      out.push(line.slice(i, end));
      i = end + 1;
    }
  }
  return out;
}

/** The data date the ip-location-db packages put in their version (`2.3.YYYYMMDDHH`), else the CSV's mtime. */
export function asnDataEpoch(csvFile: string): number {
  try {
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(csvFile), "package.json"), "utf8")) as { version?: string };
    const m = /(\d{4})(\d{2})(\d{2})(\d{2})$/.exec(pkg.version ?? "");
    if (m) return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4])) / 1000;
  } catch {
    // fall through
  }
  return Math.floor(statSync(csvFile).mtimeMs / 1000);
}

export async function buildAsnMmdb(csvFile: string, family: 4 | 6, outFile: string, buildEpoch?: number): Promise<number> {
  const writer = new MmdbWriter({
    ipVersion: family,
    databaseType: "GeoLite2-ASN",
    description: { en: "ASN data from @ip-location-db/asn (RouteViews, NRO, DB-IP; CC BY 4.0), converted by filescan" },
    languages: ["en"],
    keyTypes: MAXMIND_KEY_TYPES,
    buildEpoch: buildEpoch ?? asnDataEpoch(csvFile),
  });
  let rows = 0;
  const lines = createInterface({ input: createReadStream(csvFile, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const [first, last, asn, org] = parseCsvLine(line);
    const a = first ? parseIp(first) : undefined;
    const b = last ? parseIp(last) : undefined;
    const n = Number(asn);
    if (!a || !b || a.family !== family || b.family !== family || !Number.isSafeInteger(n)) continue;
    const rec: Record<string, string | number> = { autonomous_system_number: n };
    if (org) rec.autonomous_system_organization = org;
    writer.insertRange(a.bytes, b.bytes, rec);
    rows++;
  }
  await mkdir(path.dirname(outFile), { recursive: true });
  const tmp = `${outFile}.${process.pid}.tmp`;
  await writeFile(tmp, writer.toBuffer());
  await rename(tmp, outFile);
  return rows;
}

/** Builds whichever of the two files is missing (or both with force). */
export async function ensureAsnDatabases(dir = defaultAsnDir(), force = false, log: (s: string) => void = () => {}): Promise<string[]> {
  const files: string[] = [];
  for (const family of [4, 6] as const) {
    const out = path.join(dir, `asn-ipv${family}.mmdb`);
    files.push(out);
    if (!force && existsSync(out)) continue;
    const t0 = Date.now();
    const rows = await buildAsnMmdb(asnCsvPath(family), family, out);
    log(`built ${out} from ${rows} ranges in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  return files;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const outIdx = args.indexOf("--out");
  const dir = outIdx !== -1 && args[outIdx + 1] ? path.resolve(args[outIdx + 1]!) : defaultAsnDir();
  await ensureAsnDatabases(dir, args.includes("--force"), (s) => console.log(s));
}
