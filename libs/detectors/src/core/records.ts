/**
 * The values of structured records inside a text, each with its key: what a sheet's cell and
 * its column header are to the detectors of a cell alone (a name under "name", a town under
 * "city"), a key is to its value. Data files write records as
 *
 * - JSON members: `"customerName": "Hadley Hane"`, and numbers of six digits or more: `"phone": 4155550132`;
 * - XML elements: `<placeOfBirth>Portugal</placeOfBirth>`;
 * - HTML table rows and definition lists: `<td>Name</td><td>Roma Mayert</td>`, `<dt>City</dt><dd>Riverton</dd>`;
 * - quoted values of YAML lines: `name: 'Dereck Flatley'`, `- city: "North Port"`;
 * - two-column Markdown table rows: `| Geburtsort | Vineland |` (not the header row).
 *
 * An unquoted `key: value` line is not among them ("Name: Golden Hessel" is `person_by_cue`'s),
 * nor an assignment: "Name=Foo Viewer" in a desktop file is an application, `name = 'Python
 * Traceback'` in Pygments a lexer. Keys and values are short (a
 * key up to 40 characters, a value up to 80, on one line): a longer value is prose, which NER
 * reads.
 */

import { HTML_TAGS } from "./context.ts";

export interface RecordValue {
  /** The value's span in the text, blanks around it left out. */
  start: number;
  end: number;
  /** The key, as written ("customerName", "Place of birth"). */
  key: string;
}

/** A key: a letter of any script (an export's "Geburtsort", "Numéro", "паспорт", "身分證字號") or "_", then up to 39 more. */
const KEY = String.raw`[\p{L}_][\p{L}\p{M}\p{N}_.\- ]{0,39}`;
const VALUE = String.raw`[^"<>|\n\\]{1,80}`;

/**
 * Each kind of record: when the text may hold one (a character it needs, then a quick
 * expression), and its expression (key group "k", value group "v").
 */
const KINDS: Array<{ has: string; hint: RegExp | null; rx: RegExp; element?: true }> = [
  { has: '"', hint: /"[ \t]*:/, rx: new RegExp(String.raw`"(?<k>${KEY})"[ \t]*:[ \t]*"(?<v>${VALUE})"`, "dgu") },
  // a JSON member's number of six digits or more (an id, a phone number, a timestamp: "min_t":1228525763)
  { has: '"', hint: /"[ \t]*:[ \t]*\d{6}/, rx: new RegExp(String.raw`"(?<k>${KEY})"[ \t]*:[ \t]*(?<v>\d{6,20})(?=[ \t]*[,}\]\r\n])`, "dgu") },
  { has: "</", hint: /<\/(?:t[dh]|dt)/i, rx: new RegExp(String.raw`<(?<t>t[dh]|dt)\b[^<>\n]*>[ \t]*(?<k>${KEY})[ \t]*</\k<t>[ \t]*>\s*<(?<u>td|dd)\b[^<>\n]*>(?<v>${VALUE})</\k<u>[ \t]*>`, "dgiu") },
  { has: "</", hint: null, rx: new RegExp(String.raw`<(?<k>[\p{L}_][\p{L}\p{M}\p{N}_.\-]{0,39})(?:[ \t][^<>\n]*)?>(?<v>${VALUE})</\k<k>[ \t]*>`, "dgu"), element: true },
  { has: "'", hint: /:[ \t]*'/, rx: new RegExp(String.raw`^[ \t]*(?:-[ \t]+)?(?<k>${KEY}):[ \t]*'(?<v>[^'\n]{1,80})'[ \t]*$`, "dgmu") },
  { has: '"', hint: /:[ \t]*"/, rx: new RegExp(String.raw`^[ \t]*(?:-[ \t]+)?(?<k>${KEY}):[ \t]*"(?<v>${VALUE})"[ \t]*$`, "dgmu") },
  // (not a table's header row, which a row of dashes follows: "| Option Name | Default Value |")
  { has: "|", hint: /^[ \t]*\|/m, rx: new RegExp(String.raw`^[ \t]*\|[ \t]*(?<k>${KEY})[ \t]*\|(?<v>[^|\n]{1,80})\|[ \t]*$(?!\r?\n[ \t]*\|[ \t:]*-)`, "dgmu") },
];

/** The record values of `text`, in order of their start, each once. */
export function recordValues(text: string): RecordValue[] {
  const out: RecordValue[] = [];
  const seen = new Set<number>();
  for (const { has, hint, rx, element } of KINDS) {
    if (!text.includes(has) || (hint !== null && !hint.test(text))) continue;
    rx.lastIndex = 0;
    for (const m of text.matchAll(rx)) {
      let [start, end] = m.indices!.groups!.v!;
      // (a value's blanks are the record's layout, not the value)
      while (start < end && (text[start] === " " || text[start] === "\t")) start++;
      while (end > start && (text[end - 1] === " " || text[end - 1] === "\t")) end--;
      const key = m.groups!.k!.trim();
      // (an HTML element's tag is layout, not a key: a table's cells are the table rule's; a
      // JSON member named "code" or "title" is a key all the same)
      if (start === end || key === "" || seen.has(start) || (element && HTML_TAGS.has(key.toLowerCase()))) continue;
      seen.add(start);
      out.push({ start, end, key: VALUE_KEYS.test(key) ? (pairLabel(text, m.index, m.index + m[0].length) ?? key) : key });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The key of a name/value pair's value. */
const VALUE_KEYS = /^value$/i;
/** The pair's name, as JSON, YAML or XML writes it: `"Key": "ssn"`, `- name: DB_PASSWORD`, `<name>fs.s3a.secret.key</name>`. */
const PAIR_NAME = /"(?:name|key|Name|Key)"[ \t]*:[ \t]*"(?<j>[^"\n]{1,64})"|(?:^|\n)[ \t]*(?:-[ \t]+)?(?:name|key|Name|Key):[ \t]*["']?(?<y>[^"'\n#]{1,64}?)["']?[ \t]*(?=\r?\n|$)|<(?<t>name|key)>(?<x>[^<>\n]{1,64})<\/\k<t>>/g;
/** What may stand between a pair's name and its value: the same object's layout, no other object or list item. */
const SAME_PAIR = /^[ \t]*,?[ \t]*\r?\n?[ \t]*,?[ \t]*$/;

/**
 * The name of the pair a value belongs to, when its key says only "value": AWS's tags and
 * attributes (`{"Key": "ssn", "Value": "…"}`, `{"Name": "birthdate", "Value": "…"}`), a
 * Kubernetes container's environment (`- name: DB_PASSWORD` / `value: "…"`), Hadoop's
 * configuration (`<name>fs.s3a.secret.key</name><value>…</value>`). The name is the member right
 * before the value or right after it in the same object (only blanks, a comma and one line
 * break between); else null.
 */
function pairLabel(text: string, start: number, end: number): string | null {
  const from = Math.max(0, start - 100);
  for (const m of text.slice(from, Math.min(text.length, end + 100)).matchAll(PAIR_NAME)) {
    const name = (m.groups!.j ?? m.groups!.y ?? m.groups!.x)!.trim();
    const ms = from + m.index + (m[0].startsWith("\n") ? 1 : 0);
    const me = from + m.index + m[0].length;
    const between = me <= start ? text.slice(me, start) : ms >= end ? text.slice(end, ms) : null;
    if (name !== "" && between !== null && SAME_PAIR.test(between)) return name;
  }
  return null;
}
