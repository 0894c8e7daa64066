/**
 * Shared finder for secrets written as assignments in configuration files and code:
 * `password = "..."`, `"api_key": "..."`, `Password=...;` in connection strings, YAML
 * `secret: ...`. The value (not the key) is the finding.
 */
import type { Candidate } from "../core/types.ts";

/** Values that are placeholders, references or booleans rather than secrets. */
const PLACEHOLDER = /^(?:\$\{?[A-Za-z_][\w.]*\}?|%\(?\w+\)?s?|\{\{.*\}\}|<[^>]*>|\*+|x+|\.+|null|none|nil|undefined|true|false|yes|no|required|optional|string|password|secret|changeme|your[_-]?\w*|example\w*|redacted|\[redacted\]|env\(.*\)|process\.env\.\w+|os\.environ.*)$/i;

/**
 * Values assigned to a key `keys` matches (global; its match ends where the value starts).
 * `tail` (not global) must match a piece of every `keys` match, from the key name on: when it
 * matches nowhere, the text holds no assignment and `keys` is not run (prose says "bypass"
 * and "key" often, "key =" seldom).
 */
export function findAssignments(text: string, keys: RegExp, minLength: number, score: number, tail?: RegExp): Candidate[] {
  const out: Candidate[] = [];
  if (tail && !tail.test(text)) return out;
  keys.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = keys.exec(text)) !== null) {
    let i = m.index + m[0].length;
    const quote = text[i] === '"' || text[i] === "'" || text[i] === "`" ? text[i]! : null;
    if (quote) i++;
    const start = i;
    while (i < text.length) {
      const ch = text[i]!;
      if (quote ? ch === quote || ch === "\n" : /[\s;,"'<>&)}\]]/.test(ch)) break;
      i++;
    }
    const value = text.slice(start, i);
    if (value.length < minLength || value.length > 256 || PLACEHOLDER.test(value)) continue;
    // Low-entropy words ("admin") still count as passwords; pure punctuation does not.
    if (!/[A-Za-z0-9]/.test(value)) continue;
    out.push({ start, end: i, score, validation: "assignment" });
  }
  return out;
}
