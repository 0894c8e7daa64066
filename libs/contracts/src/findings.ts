/**
 * How many findings a FileAnalyzed event lists. A file can hold hundreds of thousands of values
 * (a 5 MB dump of customer records: 390,000 SSNs, e-mail addresses and phone numbers); listed
 * one by one they made a 24 MB event and a 100 MB document, which Elasticsearch refused, and
 * the projector retried it for good. So an event lists at most `FILESCAN_MAX_FINDINGS` of them
 * (`keepFindings`) and counts all of them by type (`finding_counts`), as DLP services bound the
 * findings they return per item and count the rest.
 */
import { intFromEnv } from "@filescan/config";
import type { FileAnalyzed, Finding } from "./index.ts";

export const DEFAULT_MAX_FINDINGS = 10_000;

/**
 * The most FILESCAN_MAX_FINDINGS may be: a finding takes about 260 bytes of JSON in the analysis
 * document, so 100,000 make 26 MB (Elasticsearch takes at most 100 MB in one request), and about
 * 60 bytes of Avro in the event.
 */
export const MOST_MAX_FINDINGS = 100_000;

/** FILESCAN_MAX_FINDINGS: the most findings one FileAnalyzed event lists (default 10,000; 1 to 100,000). */
export function maxFindings(env: NodeJS.ProcessEnv = process.env): number {
  const n = intFromEnv(env, "FILESCAN_MAX_FINDINGS", DEFAULT_MAX_FINDINGS);
  if (n < 1 || n > MOST_MAX_FINDINGS) throw new Error(`FILESCAN_MAX_FINDINGS must be from 1 to ${MOST_MAX_FINDINGS}, not ${n}: more make an analysis document Elasticsearch may refuse`);
  return n;
}

/** How many findings there are of each type. */
export function countByType(findings: readonly Finding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.type] = (counts[f.type] ?? 0) + 1;
  return counts;
}

/**
 * The counts by type of all the file's findings: the event's `finding_counts`, or, in an event
 * written before that field existed (which listed every finding), its findings counted.
 */
export function findingCounts(ev: Pick<FileAnalyzed, "findings" | "finding_counts">): Record<string, number> {
  return ev.finding_counts && Object.keys(ev.finding_counts).length > 0 ? ev.finding_counts : countByType(ev.findings);
}

/**
 * At most `max` of the findings, in their order: the limit shared fairly among the types (a type
 * with fewer findings than its share keeps them all and leaves the rest to the others), and of
 * each type the strongest (the earliest among equals). Ten SSNs in a sheet of 30,000 e-mail
 * addresses stay listed.
 */
export function keepFindings(findings: readonly Finding[], max: number): Finding[] {
  if (findings.length <= max) return [...findings];
  const byType = new Map<string, number[]>();
  findings.forEach((f, i) => {
    const list = byType.get(f.type);
    if (list) list.push(i);
    else byType.set(f.type, [i]);
  });
  // Shares: the types with the fewest findings first, each taking all or its fair part of what is left.
  const types = [...byType.entries()].sort((a, b) => a[1].length - b[1].length);
  const keep = new Uint8Array(findings.length);
  let left = max;
  types.forEach(([, idx], k) => {
    const share = Math.min(idx.length, Math.floor(left / (types.length - k)));
    const strongest = share === idx.length ? idx : [...idx].sort((a, b) => findings[b]!.score - findings[a]!.score || a - b).slice(0, share);
    for (const i of strongest) keep[i] = 1;
    left -= share;
  });
  return findings.filter((_, i) => keep[i] === 1);
}
