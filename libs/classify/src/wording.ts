/**
 * Whether a model's wording (its reasoning or description) is its own, or text a small model
 * produces when it has nothing to say, which would be stored for analysts as if it were an
 * explanation. Two kinds are refused, both seen from SmolLM2-135M on real files:
 * - an echo of the instructions: "one or two sentences", "medium", "up to 3 short exact quotes copied from
 *   the document text…", the prompt's list of what counts as personal data, a line of the findings
 *   list ("1.00 validated by email_syntax; context: mail"). Measured as the share of the text's
 *   word trigrams that occur in the instructions (of one or two words: each word in them);
 * - a degenerate loop: a piece of text repeated back to back ("dezim-en-dezim-en-dezim-en…").
 * An echoing sentence is left out, a looping wording entirely; the verdict's own words (from the
 * evidence) then stand alone.
 */

/** At least this share of the wording's trigrams found in the instructions: an echo. */
const ECHO_SHARE = 0.5;
/** A piece repeated at least 4 times in a row over at least this many characters: a loop. */
const LOOP_CHARS = 24;

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
  for (const g of grams) if (source.has(g)) hits++;
  return hits / grams.length >= ECHO_SHARE;
}

/** The wording's own sentences (those that echo the instructions left out), or "" when it loops or none is its own. */
export function ownWording(text: string, source: ReadonlySet<string>): string {
  if (loops(text)) return "";
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !echoes(sentence, source))
    .join(" ");
}
