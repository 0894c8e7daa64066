/**
 * The verdict policy, in code:
 * - Deterministic verdict (`off` mode and fallback): findings scoring >= COUNT_SCORE make the file
 *   sensitive, places (LOCATION) only beside another such finding or validated (evidence.ts
 *   countedFindings); confidence is the strongest finding's level (validated + score >= 0.8 → high,
 *   >= 0.6 → medium, else low). No findings: not sensitive, medium confidence when the whole file
 *   was read, low when extraction was partial, unsupported or failed.
 * - Validated high-score findings are a floor: has_sensitive_data stays true and confidence high,
 *   whatever the model says.
 * - The model may only RAISE, and only with evidence: a "sensitive" answer counts when at least one
 *   span it cites is found again in the source text and carries a sign of personal data on its own
 *   (evidence.ts piiSignal: digits, an e-mail, a personal-data keyword, a name-like pair). Without any finding it then makes the file
 *   sensitive with confidence at most `raiseCap` (default low: a small local model is at chance);
 *   with weak findings it may lift confidence up to `raiseCap`. It never produces "high".
 * - The model may never LOWER has_sensitive_data. When it says "not sensitive" while unvalidated
 *   findings say otherwise, confidence drops to low (a recorded disagreement); validated findings
 *   keep "high".
 * - Model wording (reasoning, description) is used only when its verdict agrees with the final one,
 *   and always scrubbed of raw values; the reasoning always starts from the evidence. A finding
 *   marker it writes (`[F3 US_SSN ***-**-6789]`, as the prompt shows them) must name a real
 *   finding: one whose type and mask match another number is renumbered to it, any other is
 *   dropped (a small model copies markers and mixes up their numbers and types). A sentence that
 *   says the opposite of the final verdict ("contains no sensitive data" under a validated card)
 *   is left out (`agreeing`), as is one that calls a file whose text was read empty ("The
 *   document has no data", `notEmpty`). A value written after a credential's keyword ("password issued:
 *   TMP-9981-kw") is masked even when no detector found it (`maskCredentials`).
 * - page_number / file_in_zip come from the strongest finding's locator, else from the first
 *   verified cited span.
 */
import type { Confidence, Finding, Llm, Segment, Status } from "@filescan/contracts";
import { byStrength, COUNT_SCORE, countedFindings, isFloor, levelOf, maxConfidence, minConfidence, rawValuesOf, scrub, maskGeneric, type Replacement, type VerifiedSpan } from "./evidence.ts";
import type { ClassifyInput } from "./types.ts";
import { agreeing, notEmpty, withoutOrphans } from "./wording.ts";

const MAX_REASONING = 1200;
const MAX_DESCRIPTION = 300;

export interface ModelAnswer {
  has_sensitive_data: boolean;
  confidence: Confidence;
  reasoning: string;
  description: string;
  evidence: string[];
}

/** Validations named per type at most; more are counted ("and 2 more"). */
const MAX_VALIDATIONS = 3;

function summarise(findings: readonly Finding[]): string {
  const groups = new Map<string, { n: number; floor: number; best: Finding; validations: Set<string> }>();
  for (const f of findings) {
    const g = groups.get(f.type) ?? { n: 0, floor: 0, best: f, validations: new Set<string>() };
    g.n++;
    if (isFloor(f)) {
      g.floor++;
      if (f.validation) g.validations.add(f.validation);
    }
    if (byStrength(f, g.best) < 0) g.best = f;
    groups.set(f.type, g);
  }
  // Every validation the floor findings passed, strongest first: two phone numbers may be a German
  // and a US one ("validated by libphonenumber:DE, libphonenumber:US").
  const by = (g: { validations: Set<string>; best: Finding }) => {
    const names = [...g.validations].sort((a, b) => Number(b === g.best.validation) - Number(a === g.best.validation));
    if (names.length === 0) return "";
    const more = names.length - MAX_VALIDATIONS;
    return ` by ${names.slice(0, MAX_VALIDATIONS).join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
  };
  return [...groups]
    .sort((a, b) => byStrength(a[1].best, b[1].best))
    .map(([type, g]) => `${g.n} × ${type}` + (g.floor ? ` (${g.floor} validated${by(g)})` : "") + `, best score ${g.best.score.toFixed(2)}`)
    .join("; ");
}

function locationOf(input: ClassifyInput, strongest: Finding | undefined, span: VerifiedSpan | undefined): { page_number: number | null; file_in_zip: string | null } {
  const loc = strongest?.locator ?? (span ? input.segments[span.segment]?.locator : undefined);
  return { page_number: loc?.page ?? null, file_in_zip: loc?.file_in_zip ?? null };
}

/** The findings of one member whose raw values a cited name is scrubbed of, at most. */
const NAME_FINDINGS = 500;

/**
 * A member's name as the reasoning cites it: the raw values of that member's findings, and
 * anything shaped like an e-mail address or a long number, masked. A name can hold them: an mbox
 * or PST message is named by its subject ("12-SSN 536-22-1234 for Tiara Roe"), and the reasoning
 * never carries a raw value. (`file_in_zip` itself is the locator, kept as the file names it.)
 */
function citedName(name: string, input: ClassifyInput): string {
  const own = input.findings.filter((f) => f.locator.file_in_zip === name).slice(0, NAME_FINDINGS);
  const scrubbed = scrub(name, own.flatMap((f) => rawValuesOf(f, input.segments).map((value) => ({ value, mask: f.masked }))));
  // (on one line, and not a page of it: a member's name is the file's to choose, line breaks and all)
  const line = scrubbed.replace(/[\p{Cc}\u2028\u2029]+/gu, " ");
  return line.length > CITED_NAME_CHARS ? `${line.slice(0, CITED_NAME_CHARS)}…` : line;
}

/** The most of a member's name the reasoning cites (`file_in_zip` keeps it whole). */
const CITED_NAME_CHARS = 200;

function where(p: { page_number: number | null; file_in_zip: string | null }, input: ClassifyInput): string {
  const parts = [p.file_in_zip ? `in ${citedName(p.file_in_zip, input)}` : "", p.page_number !== null ? `on page ${p.page_number}` : ""].filter(Boolean);
  return parts.length ? ` Strongest evidence ${parts.join(" ")}.` : "";
}

const hasText = (segments: readonly Segment[]) => segments.some((s) => s.text.trim().length > 0);

const counted = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * What the text was read from, counted from the segments' locators: "3 rows, 2 columns", "2
 * sheets", "text on 4 pages, some read by OCR", "5 files inside". Counts only: a sheet's,
 * column's or member's name may hold a value.
 */
function layoutOf(segments: readonly Segment[]): string {
  const members = new Set<string>();
  const sheets = new Set<string>();
  const rows = new Set<string>();
  const columns = new Set<string>();
  const pages = new Set<string>();
  const slides = new Set<string>();
  let ocr = false;
  for (const { locator: l, source } of segments) {
    const zip = l.file_in_zip ?? "";
    if (l.file_in_zip !== null) members.add(zip);
    if (l.sheet !== null) sheets.add(`${zip}\u0000${l.sheet}`);
    if (l.row !== null && l.part !== "header") rows.add(`${zip}\u0000${l.sheet}\u0000${l.row}`);
    if (l.column !== null) columns.add(l.column);
    if (l.page !== null) pages.add(`${zip}\u0000${l.page}`);
    if (l.slide !== null) slides.add(`${zip}\u0000${l.slide}`);
    ocr ||= source === "ocr";
  }
  const parts = [
    members.size ? counted(members.size, "file inside", "files inside") : "",
    sheets.size ? counted(sheets.size, "sheet") : "",
    rows.size ? counted(rows.size, "row") : "",
    columns.size ? counted(columns.size, "column") : "",
    pages.size ? `text on ${counted(pages.size, "page")}` : "",
    slides.size ? counted(slides.size, "slide") : "",
    ocr ? "some read by OCR" : "",
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

function describeFile(input: ClassifyInput): string {
  const chars = input.segments.reduce((n, s) => n + s.text.length, 0);
  const type = input.meta.detected_type || input.meta.mimetype || "unknown type";
  const a = /^[aeiou]/i.test(type) ? "An" : "A"; // "An application/zip file", "A text/plain file"
  if (!hasText(input.segments)) return `${a} ${type} file with no extractable text.`;
  return `${a} ${type} file${layoutOf(input.segments)}, ${counted(chars, "character")} of text read` + (input.meta.status === "complete" ? "." : ` (extraction ${input.meta.status}).`);
}

/** The verdict from the detectors alone: the `off` mode and the fallback when the LLM fails. */
export function deterministicVerdict(input: ClassifyInput): Llm {
  const counted = countedFindings(input.findings).sort(byStrength);
  const strongest = counted[0];
  const loc = locationOf(input, strongest, undefined);
  const status: Status = input.meta.status;
  if (strongest) {
    const confidence = counted.map(levelOf).reduce(maxConfidence, "low" as Confidence);
    const floor = counted.some(isFloor);
    return {
      has_sensitive_data: true,
      confidence,
      reasoning: clip(`Detectors found ${summarise(counted)}.${floor ? " Validated findings make the file sensitive regardless of the model." : ""}${where(loc, input)}`, MAX_REASONING),
      description: clip(describeFile(input), MAX_DESCRIPTION),
      status,
      ...loc,
    };
  }
  const weak = input.findings.filter((f) => f.score < COUNT_SCORE).length;
  const places = input.findings.length - weak;
  const text = hasText(input.segments);
  const read = status === "complete" && text;
  const parts = [weak ? `${weak} low-score candidate${weak > 1 ? "s" : ""}` : "", places ? `${places} place${places > 1 ? "s" : ""} with no one named` : ""].filter(Boolean);
  const ignored = parts.length ? ` (${parts.join(" and ")} ignored)` : "";
  return {
    has_sensitive_data: false,
    confidence: read ? "medium" : "low",
    reasoning: clip(
      status === "complete"
        ? text
          ? `No detector found personal data${ignored}.`
          : "The file holds no text, so no personal data was found in it."
        : `${text ? "No detector found personal data" : "No text could be read"}${ignored}; ${unread(status, input.meta)}.`,
      MAX_REASONING,
    ),
    description: clip(describeFile(input), MAX_DESCRIPTION),
    status,
    page_number: null,
    file_in_zip: null,
  };
}

/** Why some or all of the file went unread, in words: "extraction was partial (encrypted), so …". */
function unread(status: Status, meta: ClassifyInput["meta"]): string {
  const reasons = [...new Set(meta.reasons)];
  const why = reasons.length ? ` (${reasons.slice(0, 3).join(", ")})` : "";
  if (status === "partial") return `extraction was partial${why}, so parts of the file may not have been examined`;
  // (a container read whole: an archive of executables, a document whose only content is embedded sound)
  const members = meta.unsupported_members ?? 0;
  if (status === "unsupported" && members > 0) return `the ${members === 1 ? "file it holds is of a type" : `${members} files it holds are of types`} not supported${why}, so ${members === 1 ? "it was" : "they were"} not examined`;
  if (status === "unsupported") return `the file's type is not supported${why}, so it was not examined`;
  return `extraction failed${why}, so the file was not examined`;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** `[F3 US_SSN ***-**-6789]`, also with another letter for F (`[P2 PERSON J*** R***]`: the model's spelling). */
const MARKER = /\[([A-Z])(\d{1,4})(?:\s+([A-Z][A-Z0-9_]*)(?:\s+([^\]\n]{0,80}))?)?\]/g;
/** An opening bracket the model never closed, at the end of its text (it ran out of tokens). */
const UNCLOSED_TAIL = /\s*\[[^\]]{0,80}$/;

/**
 * Model wording with every finding marker checked against the findings, numbered as the prompt
 * numbered them (strongest first): `[F<n> TYPE mask]` is kept when finding n has that type and
 * mask, renumbered when another finding has them, and dropped otherwise (a marker with another
 * letter than F is read the same way); a bare `[F<n>]` is kept when finding n exists. A bracket
 * left open at the end (the model ran out of tokens) goes too.
 */
export function checkMarkers(text: string, findings: readonly Finding[]): string {
  const numbered = [...findings].sort(byStrength);
  const numberOf = new Map<string, number>();
  numbered.forEach((f, i) => {
    const key = `${f.type} ${f.masked}`;
    if (!numberOf.has(key)) numberOf.set(key, i + 1);
  });
  return text
    .replace(MARKER, (marker, letter: string, n: string, type: string | undefined, masked: string | undefined) => {
      const f = letter === "F" ? numbered[Number(n) - 1] : undefined;
      if (type === undefined) return f || letter !== "F" ? marker : ""; // ("[B7]" may be a cell)
      const key = `${type} ${(masked ?? "").trim()}`;
      if (f && `${f.type} ${f.masked}` === key) return marker;
      const other = numberOf.get(key);
      return other === undefined ? "" : `[F${other} ${key}]`;
    })
    .replace(UNCLOSED_TAIL, "")
    .replace(/\s+([,.;:])/g, "$1");
}

/**
 * A credential's keyword, maybe "issued"/"is"/"set to", a colon, equals sign or space, and the
 * value after it ("Temporary password issued: TMP-9981-kw", "the PIN 4471"): written by the local
 * model from a helpdesk ticket whose password no detector found, so no finding's mask covered it.
 */
const CREDENTIAL = /\b(pass(?:word|wort|wd|code)|pwd|pin|secret|token|api[ _-]?key)((?:\s(?:issued|is|was|set to|reset to|now))?(?:\s?[:=]\s?|\s))([^\s[*]\S{2,})/giu;

/** The value after a credential's keyword masked, when it looks like one: a digit in it, or a symbol beside letters ("a password change" stays). */
export function maskCredentials(text: string): string {
  return text.replace(CREDENTIAL, (all, keyword: string, between: string, value: string) => {
    const stop = /[.,;:!?)"'”’]+$/u.exec(value)?.[0] ?? "";
    const core = value.slice(0, value.length - stop.length);
    const secret = /\d/u.test(core) || (/[!@#$%^&_+=~?]/u.test(core) && /\p{L}/u.test(core));
    return secret ? `${keyword}${between}********${stop}` : all;
  });
}

/** Combines the deterministic verdict with a parsed model answer under the policy above. */
export function combine(
  input: ClassifyInput,
  det: Llm,
  answer: ModelAnswer,
  verified: readonly VerifiedSpan[],
  replacements: readonly Replacement[],
  raiseCap: Confidence,
): Llm {
  const floor = input.findings.some(isFloor);
  const strongest = countedFindings(input.findings).sort(byStrength)[0];
  // Cited spans are likely personal data themselves: mask them in any model wording.
  // Known finding values first (they get the detector's mask), then the cited spans.
  const spans: Replacement[] = verified.map((v) => ({ value: v.quote, mask: maskGeneric(v.quote) }));
  const clean = (s: string) => withoutOrphans(checkMarkers(maskCredentials(scrub(scrub(s, replacements), spans)), input.findings).replace(/\s+/g, " ").trim());

  let has = det.has_sensitive_data;
  let confidence = det.confidence;
  let note = "";
  if (answer.has_sensitive_data) {
    if (verified.length > 0) {
      const lifted = minConfidence(answer.confidence, raiseCap);
      if (!has) {
        has = true;
        confidence = lifted;
        note = ` The model cited ${verified.length} passage${verified.length > 1 ? "s" : ""} found in the text as personal data; without a detector finding this stays at ${lifted} confidence.`;
      } else {
        confidence = maxConfidence(confidence, lifted);
      }
    } else if (!has) {
      note = " The model claimed sensitive data but cited nothing found in the text that looks like personal data, so its claim was not counted.";
    }
  } else if (has) {
    if (floor) note = " The model's contrary answer was overridden: validated findings are a floor.";
    else {
      confidence = "low";
      note = " The model disagreed with the unvalidated findings; confidence lowered to low.";
    }
  }

  const agrees = answer.has_sensitive_data === has && (has ? verified.length > 0 || det.has_sensitive_data : true);
  // (a file whose text was read is not empty, whatever the model says of it)
  const trueOf = (s: string) => (hasText(input.segments) ? notEmpty(s) : s);
  const modelReason = agrees ? trueOf(agreeing(clean(answer.reasoning), has)) : "";
  const modelDescription = agrees ? trueOf(agreeing(clean(answer.description), has)) : "";
  const loc = locationOf(input, strongest, verified[0]);
  const base = has === det.has_sensitive_data ? det.reasoning : `No detector found personal data.${where(loc, input)}`;
  return {
    has_sensitive_data: has,
    confidence,
    reasoning: clip(`${base}${note}${modelReason ? ` Model: ${modelReason}` : ""}`, MAX_REASONING),
    description: clip(modelDescription || det.description, MAX_DESCRIPTION),
    status: det.status,
    ...loc,
  };
}
