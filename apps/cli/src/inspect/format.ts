/** The readable report of `filescan inspect` (the --json shape is InspectReport itself). */
import type { InspectFinding, InspectReport } from "./inspect.ts";

function where(l: InspectFinding["locator"]): string {
  const parts: string[] = [];
  if (l.file_in_zip) parts.push(l.file_in_zip);
  if (l.page) parts.push(`page ${l.page}`);
  const row = l.row ? (l.column ? `row ${l.row} ${l.column}` : `row ${l.row}`) : "";
  // (a sheet's cell names its place; a database table's rows have no cell)
  if (l.sheet) parts.push(l.cell ? `${l.sheet}!${l.cell}` : [l.sheet, row].filter(Boolean).join(" "));
  else if (row) parts.push(row);
  if (l.slide) parts.push(`slide ${l.slide}`);
  if (l.part) parts.push(l.part);
  return parts.join(" · ") || "-";
}

/**
 * A string as a terminal may show it: control characters (C0, DEL, C1) and the bidirectional
 * overrides as visible escapes (`\n`, `\x1b`, `\u{202e}`). File names and archive members are
 * anyone's: a member named "a\x1b]0;…\x07\x1b[2J.txt" set the window title and cleared the
 * screen of whoever inspected the archive, and a name with a line break forged a line of the
 * report. `--json` needs none of this (JSON escapes them). `lineBreak`: what a line break
 * (LF or CRLF) shows as instead, as "⏎" for a value in the findings' table, where an address
 * block's masked value holds its line breaks ("H*** 1***\n1*** T***").
 */
export function printable(s: string, lineBreak?: string): string {
  const text = lineBreak === undefined ? s : s.replace(/\r?\n/g, lineBreak);
  return text.replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, (c) => {
    const n = c.codePointAt(0)!;
    return c === "\n" ? "\\n" : c === "\t" ? "\\t" : c === "\r" ? "\\r" : n < 0x100 ? `\\x${n.toString(16).padStart(2, "0")}` : `\\u{${n.toString(16)}}`;
  });
}

/** Findings listed in the readable report at most (--json lists every one). */
export const MAX_LISTED = 200;

function grid(head: string[], rows: string[][]): string[] {
  // (a loop, not Math.max(...rows): a sheet's 200,000 findings are no call's arguments)
  const w = head.map((h, i) => rows.reduce((m, r) => Math.max(m, r[i]!.length), h.length));
  const fmt = (r: string[]) => r.map((c, i) => c.padEnd(w[i]!)).join("  ").trimEnd();
  return [fmt(head), ...rows.map(fmt)];
}

export function formatReport(r: InspectReport, showValues: boolean): string {
  const out: string[] = [];
  const l = r.llm;
  out.push(`${r.input}  ${r.detected_type}${r.type_mismatch ? " (claimed type differs)" : ""}  ${r.status}  ${r.chars} chars  sha256 ${r.sha256.slice(0, 16)}…`);
  out.push(`  verdict     ${l.has_sensitive_data ? "SENSITIVE" : "not sensitive"} (confidence ${l.confidence})`);
  if (l.page_number !== null || l.file_in_zip) out.push(`  where       ${[l.file_in_zip, l.page_number !== null ? `page ${l.page_number}` : null].filter(Boolean).join(" · ")}`);
  out.push(`  reasoning   ${l.reasoning}`);
  if (l.description) out.push(`  description ${l.description}`);
  out.push(`  model       ${r.model.provider}${r.model.name ? ` ${r.model.name}` : ""}${r.model.prompt_tokens ? `, ${r.model.prompt_tokens}+${r.model.completion_tokens} tokens, ${r.model.llm_ms} ms` : ""}`);
  for (const reason of r.reasons) out.push(`  reason      ${reason.code}: ${reason.message}${reason.file_in_zip ? ` (${reason.file_in_zip})` : ""}`);
  if (r.findings.length === 0) {
    out.push("  findings    none");
  } else {
    out.push(`  findings    ${r.findings.length}`);
    const head = ["type", "score", "validation", "where", "offsets", showValues ? "value" : "masked", "context"];
    // (escaped before the widths are measured: the columns stay aligned)
    const rows = r.findings.slice(0, MAX_LISTED).map((f) => [f.type, f.score.toFixed(2), f.validation ?? "-", where(f.locator), `${f.start}-${f.end}`, printable(showValues ? (f.value ?? f.masked) : f.masked, "⏎"), f.context.join(",") || "-"].map((cell) => printable(cell)));
    for (const line of grid(head, rows)) out.push(`    ${line}`);
    if (r.findings.length > MAX_LISTED) out.push(`    … and ${r.findings.length - MAX_LISTED} more (--json lists every one)`);
  }
  // (each entry is one line: a control character in it came from the file, its name or the model)
  return out.map((line) => printable(line)).join("\n");
}
