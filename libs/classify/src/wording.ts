/**
 * Whether a model's wording (its reasoning or description) is its own, or text a small model
 * produces when it has nothing to say, which would be stored for analysts as if it were an
 * explanation. Two kinds are refused, both seen from SmolLM2-135M on real files:
 * - an echo of the instructions: "one or two sentences", "medium", "up to 3 short exact quotes copied from
 *   the document text…", the prompt's list of what counts as personal data, a line of the findings
 *   list ("1.00 validated by email_syntax; context: mail"). Measured as the share of the text's
 *   word trigrams that occur in the instructions (of one or two words: each word in them);
 * - a degenerate loop: a piece of text repeated back to back ("dezim-en-dezim-en-dezim-en…");
 * - a sentence that is not one an analyst can read (`malformed`), seen on the Python mail test
 *   corpus: cut off where the answer's length limit fell ("The document is validated by the"),
 *   begun in the middle ("not validated by any of the above list,"), mostly not words ("10%",
 *   "********68-FB-A-C-D-E-…"), fewer than two words (a card's "exp" beside its values), the
 *   prompt's own machinery ("email_syntax", "status:completed", "</DATA-…>", "The user message
 *   is not…"), or one clause said again and again. Seen since on made-up HR files, mails and
 *   Debian docs (2026-12): the findings' validation restated and garbled ("The data was validated
 *   by the SSN rule, which ensures that only valid emails are included"), the prompt's "[F..]"
 *   placeholder, the answer's format ("The evidence is up to 3 sentences long"), the model's own
 *   voice or the file writer's ("I have no idea what this means…", "…and my phone is …"), a
 *   sentence left unfinished (ending on a comma, colon, dash or ellipsis: "including encryption,
 *   decr...,", or on the next item's number: "The file has no content; 3."), and the prompt's list
 *   of what counts as personal data recited as the file's content ("sensitive personal data
 *   (PII), including medical records, financial accounts, and credentials" for a patient note);
 * - a sentence copied from the document (eight words of it in a row): not an explanation, and
 *   the way a prompt injection's text reaches the analyst ("The file contains the CEO password
 *   […] and the SSN of the CFO", a helpdesk ticket's "Temporary password issued: …" line).
 * An echoing, malformed or copied sentence is left out, as is a sentence said twice, a looping
 * wording entirely; the verdict's own words (from the evidence) then stand alone.
 */

/** At least this share of the wording's trigrams found in the instructions: an echo. */
const ECHO_SHARE = 0.5;
/** A piece repeated at least 4 times in a row over at least this many characters: a loop. */
const LOOP_CHARS = 24;
/** This many of the instructions' trigrams in a row (eight words copied): an echo, whatever the share. */
const ECHO_RUN = 6;

/** Finding markers as the prompt shows them ("[F3 US_SSN ***-**-6789]"). */
const MARKER = /\[[A-Z]\d{1,4}[^\]]*\]/g;
/**
 * Words a sentence does not end on unless it was cut off. Checked on the last word, with or
 * without a full stop after it: "… to be validated by the", "… is a test of the."
 */
const CUT_WORDS = new Set(
  "the a an of by to and or nor with which that who whose in on at for from as into than is are was were be been being not including such its their his her our your my this these those any other some each every but if when where while because so very also furthermore moreover however contains contain includes include mentions mention describes describe".split(" "),
);
/** A token that is a word, maybe with brackets, quotes or punctuation about it ("(and", "Circus),", "it's"). */
const WORDLIKE = /^[("'“‘[]*\p{L}[\p{L}'’-]*[)"'”’\].,;:!?]*$/u;
/**
 * The prompt's machinery: key:value, the DATA fence, the message roles, the reply's "JSON object"
 * (SmolLM2 describes mail, databases and mailboxes as "a JSON object with the following fields").
 */
const MACHINERY = /\b[a-z-]+:[a-z]|<\/?DATA-|<<|>>|\[F\.\.\]|\b(?:user|system)(?:['’]s)? (?:message|response|reply)\b|\bDATA block\b|\bJSON (?:object|format|string)\b/iu;
/**
 * The findings list's word: whether something was validated is the detectors' to say, and the
 * evidence part of the reasoning says it; the model only restates it, garbled ("1.00 validated by
 * mail_fr.eml", "not validated by the Debian bug-tracking system").
 */
const VALIDATION = /\bvalidated\b/iu;
/** The answer's fields by name: two in a sentence speak of the answer ("…not repeating any message in description or reasoning"). */
const FIELD = /\b(?:description|reasoning|evidence|confidence)\b/giu;
/**
 * The answer's format rather than the file: "up to 3 sentences long", "no more than 10 words", "in
 * a few words", "(only one sentence)", "up to 3 short exact quotes" (a file's "3 quotes from
 * suppliers" are its own).
 */
const FORMAT = /\b(?:up to|no more than|at most|fewer than|a few|one or two|one|two|three|\d+)\s(?:short\s)?(?:sentences?|words)\b|\b(?:up to \d+|short exact) quotes\b|\bsentences? long\b/iu;
/**
 * The first person: the model on itself ("I have no idea what this means") or the file's writer
 * copied ("…and my phone is …"). ("I" only before a verb: "Type I diabetes", "Part I" are not it.)
 */
const FIRST_PERSON =
  /\bI(?:['’](?:m|ve|ll|d)\b|\s(?:am|have|had|will|would|can|cannot|could|do|did|think|believe|chose|found|see|need|was|must|should|may|might)\b)|\b[Mm](?:e|y|yself)\b/u;
/** Ended on a comma, colon, semicolon, dash or ellipsis ("decr...,", "an error message that says:"), or on the next item's number ("no content; 3."). */
const UNFINISHED = /(?:[,;:\-–—…]|\.\.\.|[,;:]\s?\d{1,2}\.)["'”’)\]]*$/u;
/** The prompt's categories of personal data, as the model recites them. */
const CATEGORY = /\b(?:names?|addresses|(?:government|tax) ids?|financial accounts?|card numbers?|health (?:data|records?)|medical records?|credentials)\b/giu;
/** Two categories or more beside the prompt's "(PII)": its definition recited, not what the file holds. */
const RECITAL_CATEGORIES = 2;
/** A word joined by underscores: a type name ("EMAIL_ADDRESS"), a validator's ("email_syntax"), or a code identifier. */
const IDENTIFIER = /[\p{L}\d]+(?:_[\p{L}\d]*)+/gu;

/**
 * Whether an identifier is the prompt's, not the document's ("the asn1_node function" describes
 * code): all capitals like a type name, or a word of the instructions, or the start of one where
 * the answer was cut ("email_synt").
 */
function promptIdentifier(id: string, source: ReadonlySet<string>): boolean {
  if (id === id.toUpperCase() && /\p{L}/u.test(id)) return true;
  const low = id.toLowerCase();
  if (source.has(low)) return true;
  if (low.length < 5) return false;
  for (const w of source) if (w.includes("_") && w.startsWith(low)) return true;
  return false;
}

const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];

function trigrams(ws: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 2 < ws.length; i++) out.push(`${ws[i]} ${ws[i + 1]} ${ws[i + 2]}`);
  return out;
}

/** The instructions' trigrams and words, once per prompt. */
export function echoSource(...instructions: string[]): Set<string> {
  return new Set(instructions.flatMap((s) => [...trigrams(words(s)), ...words(s)]));
}

/** Whether the wording repeats one piece back to back (a letter in it, four times or more). */
export function loops(text: string): boolean {
  // (finding markers and masks repeat characters by design: "***-**-6789")
  const plain = text.replace(/\[[A-Z]\d{1,4}[^\]]*\]/g, " ").replace(/\*+/g, "*");
  for (const m of plain.matchAll(/(.{2,40}?)\1{3,}/gsu)) if (m[0].length >= LOOP_CHARS && /\p{L}/u.test(m[1]!)) return true;
  return false;
}

/** Whether most of the wording is the instructions' own words. */
export function echoes(text: string, source: ReadonlySet<string>): boolean {
  const ws = words(text);
  const grams = trigrams(ws);
  // one or two words ("medium", "high"): an echo when each is the instructions' own
  if (grams.length === 0) return ws.length > 0 && ws.every((w) => source.has(w));
  let hits = 0;
  let run = 0;
  for (const g of grams) {
    if (source.has(g)) {
      hits++;
      if (++run >= ECHO_RUN) return true;
    } else run = 0;
  }
  return hits / grams.length >= ECHO_SHARE;
}

const normal = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/** Whether a sentence is not one an analyst could read as an explanation (see the top). */
export function malformed(sentence: string, source: ReadonlySet<string>): boolean {
  const plain = sentence.replace(MARKER, " ");
  // (an e-mail address may hold an underscore: it is a value, not machinery)
  const unmailed = plain.replace(/\S+@\S+/g, " ");
  if (MACHINERY.test(unmailed) || VALIDATION.test(unmailed) || FORMAT.test(unmailed) || FIRST_PERSON.test(unmailed)) return true;
  if ((unmailed.match(FIELD)?.length ?? 0) >= 2) return true;
  if (UNFINISHED.test(sentence.trim())) return true;
  if (/\(PII\)/iu.test(plain) && (plain.match(CATEGORY)?.length ?? 0) >= RECITAL_CATEGORIES) return true;
  for (const [id] of unmailed.matchAll(IDENTIFIER)) if (promptIdentifier(id, source)) return true;
  // mostly not words ("10%", "*.**.***-FB_…"): at most half the characters in word-like tokens,
  // values aside (a token with a digit or an "@": the model may name a value, which is scrubbed later)
  const tokens = plain.split(/\s+/).filter((t) => t !== "" && !/[\d@]/.test(t));
  if (tokens.length === 0) return true;
  const wordTokens = tokens.filter((t) => WORDLIKE.test(t));
  // (one word beside values says nothing: "4111 1111 1111 1111 exp 12/29")
  if (wordTokens.length < 2) return true;
  const inWords = wordTokens.reduce((n, t) => n + t.length, 0);
  if (inWords * 2 <= tokens.reduce((n, t) => n + t.length, 0)) return true;
  // begun in the middle: its first letter is a small one (a marker or quote may come first)
  const first = sentence.replace(MARKER, "X").match(/\p{L}|\d/u)?.[0] ?? "";
  if (first !== first.toUpperCase()) return true;
  const ws = plain.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (ws.length === 0 || CUT_WORDS.has(ws[ws.length - 1]!)) return true;
  // one clause over and over: "I chose Python as a working title, I chose Python as a working title, …"
  const clauses = clausesOf(plain).filter((c) => c.includes(" "));
  return new Set(clauses).size < clauses.length;
}

/** A sentence's clauses, normalised, markers left out. */
function clausesOf(sentence: string): string[] {
  return sentence.replace(MARKER, " ").split(/[,;:()\-–—.!?]+/).map(normal).filter(Boolean);
}

/** A text this close to its field's limit ended there (the grammar stops at the limit). */
const CUT_MARGIN = 3;

/** This many of the document's trigrams in a row (eight words copied): the document's sentence, not the model's (a title is shorter). */
const COPY_RUN = 6;

/** Whether a sentence copies a run of the document's words (`document`: echoSource of the text the model was shown). */
export function copied(sentence: string, document: ReadonlySet<string>): boolean {
  let run = 0;
  for (const g of trigrams(words(sentence))) {
    if (!document.has(g)) run = 0;
    else if (++run >= COPY_RUN) return true;
  }
  return false;
}

/** The text's sentences, each with its stop. */
const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?])\s+/);

/** The text with only the sentences `keep` accepts. */
const keepSentences = (text: string, keep: (sentence: string) => boolean): string => sentencesOf(text).filter(keep).join(" ");

/** A clause of this many words said in an earlier sentence: the sentence says it again. */
const REPEAT_WORDS = 4;

/**
 * The wording's own sentences (those that echo the instructions, are malformed, copy the
 * document's text or repeat a clause of an earlier one left out), or "" when it loops or none
 * is its own. `document`: the trigrams of what the model was shown (echoSource of the user message).
 */
export function ownWording(text: string, source: ReadonlySet<string>, limit = Infinity, document: ReadonlySet<string> = new Set()): string {
  if (loops(text)) return "";
  const kept: string[] = [];
  const said = new Set<string>();
  const sentences = sentencesOf(text);
  // (a last sentence without its stop in a text at the field's limit was cut there: "…a summary of card ACCT41111")
  if (text.length >= limit - CUT_MARGIN && !/[.!?]["'”’)\]]*\s*$/u.test(text)) sentences.pop();
  for (const sentence of sentences) {
    if (sentence.trim() === "" || echoes(sentence, source) || malformed(sentence, source) || copied(sentence, document)) continue;
    const all = clausesOf(sentence);
    // (the whole sentence too: "A staff list." twice)
    const clauses = [all.join(" "), ...all.filter((c) => c.split(" ").length >= REPEAT_WORDS)];
    if (clauses.some((c) => said.has(c))) continue;
    for (const c of clauses) said.add(c);
    kept.push(sentence);
  }
  return kept.join(" ");
}

/**
 * Sentences left unreadable once invalid finding markers were dropped from them ("including
 * [F7 EMAIL_ADDRESS …] and, which" becomes "including and, which"): a joining word right before
 * a comma, a stop or the end, or two in a row. Run on the wording after the markers are checked.
 */
export function withoutOrphans(text: string): string {
  return keepSentences(text, (sentence) => !/\b(?:and|or|including|of|by|with|as|to|the)\s*(?:[,.;:!?]|$)|\b(?:and|or|including)\s+(?:and|or)\b/i.test(sentence));
}

/** Words of personal data: what a denial or a claim in the model's wording is about. */
const PII_WORDS = String.raw`(?:sensitive|personal|personally|private|confidential|PII|PHI)`;
/** "contains no sensitive data", "does not hold any PII", "nothing personal", "No PII". */
const DENIAL = new RegExp(String.raw`\b(?:no|not|nothing|none|neither|without)\b(?:\s+\S+){0,4}?\s+${PII_WORDS}\b`, "i");
/** "contains sensitive data", "includes PII", "holds personal information". */
const CLAIM = new RegExp(String.raw`\b(?:contains?|includes?|holds?|has)\s+(?:\S+\s+){0,2}?${PII_WORDS}\b`, "i");

/**
 * The wording's sentences that do not say the opposite of the verdict: with sensitive data
 * found, none that denies it ("10% of the file contains no sensitive data", written by the
 * local model under a validated card); with none found, none that claims it. The stored
 * reasoning would otherwise contradict itself.
 */
export function agreeing(text: string, sensitive: boolean): string {
  return keepSentences(text, (sentence) => (sensitive ? !DENIAL.test(sentence) : !CLAIM.test(sentence) || DENIAL.test(sentence)));
}

/**
 * "The document has no data", "The file has no content", "does not contain any data", "the file is
 * empty": written by the local model of an NDA and a YAML schema, each with text. ("no sensitive
 * data", "no personal information" are denials, which `agreeing` weighs; a form's "signature field
 * is blank" is about a part of it.)
 */
const EMPTY = /\b(?:has|have|contains?|holds?|with) no (?:data|content|contents|text)\b|\b(?:file|document|spreadsheet|text|it|this) (?:is|are) (?:empty|blank)\b|\b(?:does not|doesn['’]t|do not|don['’]t) (?:contain|have|hold) any (?:data|content|contents|text)\b/iu;

/** The wording's sentences but those that call a file with text empty (for a file whose text was read). */
export function notEmpty(text: string): string {
  return keepSentences(text, (sentence) => !EMPTY.test(sentence));
}
