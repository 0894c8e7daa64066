import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { allSame } from "../core/checksums.ts";
import { patternCandidates } from "../core/engine.ts";
import { inAssembly } from "../core/assembly.ts";
import { colour, inUrlPath } from "../core/shape.ts";
import { prevFeed } from "../core/lines.ts";

/**
 * Not glued to a word, not an HTML tag's name ("<H3>", "</H1>"), not an offset in an info file's
 * tag table ("Node: GNU Free Documentation License\x7f709380"), and not a piece of a dashed
 * number ("MA 021110-1307": no state's format has a dash).
 */
const B = String.raw`(?<![A-Za-z0-9_\x7f]|<\/?|\d-)`;
const E = String.raw`(?![A-Za-z0-9_]|-\d)`;
/**
 * Names with a short state format's shape that are never a licence number: quarters and halves
 * of a year, HTML headings, the X Window System ("permit X11 forwarding"), C standards, Visual
 * Studio's versions ("Added a project for VS2013\nAdded license for …"), the AC'97 audio codec
 * ("fine identification, delimited with one space (AC97 etc..)" in ALSA's header).
 */
const NOT_LICENCE = /^(?:Q[1-4]|H[1-6]|X11|C(?:89|90|99|11|17|23)|VS20\d\d|AC97)$/;

/** Digits after four zeros are a padded offset or size (objdump's section table: "license 00000004"), no number a state issued. */
const ZERO_PADDED = /^0000\d*$/;

/** An error's code label right before a value. */
const ERROR_CODE = /\b(?:error|code|err)[ \t]*[[:#(]?[ \t]*$/i;

/**
 * A number opening its line with a description after it keys a list: a bug's in a NEWS file
 * ("777203 gnulib license information", "385868  glibc ld.so _dl_runtime_resolve"), a ticket's.
 * The description's words are not its label.
 */
const LIST_KEY_AFTER = /^[ \t]+\p{L}/u;
const NO_CONTEXT: ReadonlySet<string> = new Set();
function keysListItem(text: string, start: number, end: number): boolean {
  const lineStart = prevFeed(text, start - 1) + 1;
  if (!/^\d+$/.test(text.slice(start, end)) || text.slice(lineStart, start).trim() !== "" || !LIST_KEY_AFTER.test(text.slice(end, end + 8))) return false;
  // (not under a label ending the line above: "License number:\n12345678 issued 2020")
  return !/:[ \t]*\r?\n$/.test(text.slice(Math.max(0, lineStart - 8), lineStart));
}

/**
 * A package manifest's licence field naming a software licence ("license": "MIT" in package.json,
 * composer.json): its "license" is the software's, for every number of the manifest (pretty-ms's
 * description, "`1337000000` → `15d 11h 23m 20s`", was a licence at 0.40). A licence field holding
 * a number is not one of these.
 */
const MANIFEST_LICENSE = /"licen[sc]e"\s*:\s*"\(?(?:MIT|ISC|0?BSD|Apache|A?GPL|LGPL|MPL|EPL|CDDL|Unlicense|CC0|CC-BY|Artistic|WTFPL|Python|PSF|BlueOak|Zlib|UNLICENSED|SEE LICEN[SC]E)/i;
/** The context terms that still count in such a manifest: all but the licence words. */
const NOT_LICENCE_WORD: ReadonlySet<string> = new Set(["permit", "dl", "dln", "dls", "cdl", "cdls", "identification"]);

/**
 * A Markdown link's text whose URL holds the same digits: a commit's or an issue's reference
 * ("update README to reflect LICENSE [`8938256`](https://github.com/…/commit/8938256…)" in
 * sha.js's change log, at 0.40).
 */
function linksToItself(text: string, start: number, end: number): boolean {
  const m = /^`?\]\(([^)\s]{1,300})\)/.exec(text.slice(end, end + 320));
  return m !== null && /[[`]$/.test(text.slice(Math.max(0, start - 2), start)) && m[1]!.includes(text.slice(start, end));
}

/** State formats (AAMVA DL/ID numbering as published per state); none carries a check digit. */
const ALNUM_FORMATS = [
  String.raw`[A-Z]\d{1,14}`, // CA, CO, FL, IL, MD, MI, MN, NJ, NY, WI, WY, ...
  String.raw`[A-Z]\d{18}`, // MD (older), FL with separators removed
  String.raw`[A-Z]{2}\d{2,7}`, // CO, HI, MA, NV, VT, WA (short)
  String.raw`\d{2}[A-Z]{3}\d{5,6}`, // ND
  String.raw`[A-Z]\d{6}R`, // NH (older)
  String.raw`\d{7,9}[A-Z]`, // IA, VT
  String.raw`[A-Z]{2}\d{6}[A-Z]`, // CO (alternate)
  String.raw`\d{8}[A-Z]{2}`, // NY (alternate)
  String.raw`\d{3}[A-Z]{2}\d{4}`, // IA
  String.raw`[A-Z]\d[A-Z]\d[A-Z]`, // MN (older)
];

const CONTEXT = ["license", "licence", "permit", "lic", "dl", "dln", "dls", "cdl", "cdls", "identification"];

/** The context terms that still count in assembly code, where "DL" is a register. */
const NOT_DL: ReadonlySet<string> = new Set(CONTEXT.filter((t) => t !== "dl"));

export const usDriverLicense: Detector = {
  id: "us_driver_license",
  type: "US_DRIVER_LICENSE",
  area: "us",
  category: "government_id",
  description: "US driver license number (state formats + context)",
  patterns: [
    { name: "state alphanumeric", regex: re(`${B}(?:${ALNUM_FORMATS.join("|")})${E}`), score: 0.3 },
    { name: "digits only", regex: re(`${B}(?:\\d{6,14}|\\d{16})${E}`), score: 0.01 },
  ],
  // Not "driver" or "driving" alone: device drivers and "driving growth" are everywhere in
  // technical and business text; "driver's license" and "driving licence" carry "license".
  context: CONTEXT,
  // A software licence ("License: X11", "Copyright (C) 2006 Project X0213") and a bug or commit
  // number near "license" ("Closes: #1019937", "[Bug 3059922]") are no driver's licence.
  negativeContext: ["copyright", "gpl", "lgpl", "bsd", "mit", "apache", "mpl", "software", "permission", "warranty", "redistribution", "bug", "closes", "issue", "commit", "patch", "upgrade", "cve", "isbn"],
  prefilter: { minDigits: 1 },
  maxBaseScore: 0.3,
  // A calendar period ("units in Q4", "H1 results") has a short state format's shape; a run of
  // one digit ("0000000000000000" in an objdump) is no number anyone was issued. No state issues
  // one of two or three characters either ("V2", "N0", "X86" next to LLVM's `DL`, a
  // DataLayout): found (Presidio's cases have "A1"), never lifted by context.
  validate: (value) => (NOT_LICENCE.test(value) || allSame(value) || ZERO_PADDED.test(value) ? false : value.length <= 3 ? { validation: null, score: 0.01, fixed: true } : { validation: null }),
  // In assembly code "DL" is a register, not a licence's label ("ADCB DL, (R11)  // 411013").
  // A value labelled an error's code is one ("Error code E0670 Rust 2015 does not permit …",
  // "error[E0670]" in Rust's error index).
  // A URL's path segment is a page's id ("…/pubmed/20526288." in a paper's references, beside
  // authors' initials "DL"). A colour is none (".dl { color: #BA2121 }" in a highlighting style
  // sheet). A number keying a list's line takes no
  // context from its description.
  // A Markdown link's text to a URL holding it is a commit's or an issue's reference; in a package
  // manifest that names its software licence, the licence words are that licence's.
  find(text) {
    const manifest = text.includes('"licen') && MANIFEST_LICENSE.test(text);
    return patternCandidates(usDriverLicense, text)
      .filter((c) => !ERROR_CODE.test(text.slice(Math.max(0, c.start - 12), c.start)) && !inUrlPath(text, c.start) && !colour(text, c.start, c.end) && !linksToItself(text, c.start, c.end))
      .map((c) => (keysListItem(text, c.start, c.end) ? { ...c, onlyContext: NO_CONTEXT } : inAssembly(text, c.start, c.end) ? { ...c, onlyContext: NOT_DL } : manifest ? { ...c, onlyContext: NOT_LICENCE_WORD } : c));
  },
};
