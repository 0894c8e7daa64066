/**
 * bench/extract/encodings.ts: which legacy encodings a text file is read back from exactly.
 *
 *   node bench/extract/encodings.ts [CJK_DIR]
 *
 * Names, street addresses, towns and phone numbers of 25 faker locales, in 1, 4 and 20 lines,
 * each encoded by iconv-lite in the code pages its language was written in (Windows, ISO 8859,
 * KOI8, Mac, DOS), and extracted as a text file is (named `.log`: a `.txt` of lines with commas is read as CSV): the text must come back exactly. With
 * CJK_DIR (CPython's `Lib/test/cjkencodings`), each of its encoded files against its `-utf8`
 * twin too. Prints every miss (encoding read instead, the head of the text) and the count.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import iconv from "iconv-lite";
import { Faker, allLocales, type LocaleDefinition } from "@faker-js/faker";
import { extractFile } from "@filescan/extract";
import { benchArgs } from "../args.ts";

const cli = benchArgs(import.meta.url, { allowPositionals: true, options: {} });
if (cli.positionals.length > 1) cli.fail(`takes one directory (CJK_DIR), got ${cli.positionals.length} arguments`);

const PLAN: Record<string, string[]> = {
  de: ["windows-1252", "iso-8859-15", "macintosh", "cp850", "cp437"],
  fr: ["windows-1252", "iso-8859-1", "macintosh", "cp850", "cp437"],
  es: ["windows-1252", "cp850"],
  pt_BR: ["windows-1252", "cp850"],
  sv: ["windows-1252", "cp850"],
  nb_NO: ["windows-1252", "cp850"],
  da: ["windows-1252", "cp850"],
  fi: ["windows-1252"],
  pl: ["windows-1250", "iso-8859-2", "cp852"],
  cs_CZ: ["windows-1250", "iso-8859-2", "cp852"],
  hu: ["windows-1250", "iso-8859-2"],
  sk: ["windows-1250"],
  ro: ["windows-1250"],
  ru: ["windows-1251", "koi8-r", "iso-8859-5", "cp866"],
  uk: ["windows-1251", "koi8-u", "cp866"],
  el: ["windows-1253", "iso-8859-7", "cp737"],
  tr: ["windows-1254", "iso-8859-9", "cp857"],
  he: ["windows-1255", "iso-8859-8"],
  ar: ["windows-1256"],
  lv: ["windows-1257"],
  vi: ["windows-1258"],
  ja: ["shift_jis", "euc-jp"],
  ko: ["euc-kr"],
  zh_CN: ["gbk", "gb18030"],
  zh_TW: ["big5"],
};
const locales = allLocales as Record<string, LocaleDefinition>;

/** The text a `.txt` file of these bytes is read as (its segments joined). */
async function readBack(bytes: Uint8Array): Promise<{ text: string; type: string }> {
  const r = await extractFile({ bytes, filename: "legacy.log", claimedMime: "text/plain" }, { ocr: false });
  return { text: r.segments.map((s) => s.text).join(""), type: `${r.detected_type} ${r.status}` };
}

let ok = 0;
let all = 0;
for (const [loc, encodings] of Object.entries(PLAN)) {
  const f = new Faker({ locale: [locales[loc]!, locales.en!, locales.base!] });
  for (const lines of [1, 4, 20]) {
    f.seed(lines * 7 + loc.length);
    const text = Array.from({ length: lines }, () => `${f.person.fullName()}, ${f.location.streetAddress()}, ${f.location.city()} ${f.location.zipCode()} - ${f.phone.number()}\r\n`).join("");
    for (const enc of encodings) {
      const bytes = iconv.encode(text, enc);
      if (iconv.decode(bytes, enc) !== text) continue; // (a letter the code page lacks)
      all++;
      const back = await readBack(bytes);
      if (back.text === text) ok++;
      else console.log(`miss  ${loc} in ${enc}, ${lines} line(s): ${back.type} ${JSON.stringify(back.text.slice(0, 60))}`);
    }
  }
}
const cjk = cli.positionals[0];
if (cjk) {
  for (const name of readdirSync(cjk).filter((n) => n.endsWith(".txt") && !n.endsWith("-utf8.txt")).sort()) {
    const want = readFileSync(path.join(cjk, name.replace(/\.txt$/, "-utf8.txt")), "utf8");
    all++;
    const back = await readBack(readFileSync(path.join(cjk, name)));
    if (back.text.trim() === want.trim()) ok++;
    else console.log(`miss  ${name}: ${back.type} ${JSON.stringify(back.text.slice(0, 60))}`);
  }
}
console.log(`${ok}/${all} texts read back exactly`);
