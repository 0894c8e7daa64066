/** Boundaries shared by pattern detectors (ASCII word characters, like Presidio's \b). */

/** Not preceded by a letter, digit or underscore, nor by "digit-" / "digit." (part of a longer number). */
export const NB = String.raw`(?<![A-Za-z0-9_]|[0-9][-.])`;
/** Not followed by a letter, digit or underscore, nor by "-digit" / ".digit". */
export const NE = String.raw`(?![A-Za-z0-9_]|[-.][0-9])`;

/**
 * Not the tail of a dashed or slashed token ("fuzzer-5158673602314240", "commit/2620358624",
 * "issuecomment-1426831800"): a number that ends a name or a URL path is an id, not a card's or
 * a provider's number. (A label is written apart: "card 4111…", "NPI: 1234567893".)
 */
export const NOT_IN_TOKEN = String.raw`(?<![A-Za-z0-9_][-/])`;

/**
 * Not one group of a longer run of digit groups: no group a blank or a dash before it, nor after
 * it. Grouped identifiers (a SIN's 3-3-3, an ABN's 2-3-3-3, a Thai id's 1-4-5-2-1) are otherwise
 * read out of one another ("51 824 753 556" holds "824 753 556"; a SNILS "112-233-445 95" holds
 * "112-233-445") and out of amounts written with blanks between their thousands.
 */
export const NOT_AFTER_GROUP = String.raw`(?<!\d[ -])`;
export const NOT_BEFORE_GROUP = String.raw`(?![ -]\d)`;

/** A global regex from source text, boundaries included by the caller. */
export function re(source: string, flags = ""): RegExp {
  return new RegExp(source, flags.includes("g") ? flags : flags + "g");
}

/** A global regex wrapped in the numeric boundaries above. */
export function bounded(source: string, flags = ""): RegExp {
  return re(`${NB}(?:${source})${NE}`, flags);
}

/** `s` as literal text inside a regular expression. */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The matches of a cue-led expression (every match starts with one of its detector's context
 * words): with `cues`, where those words start (see `Detector.find`), tried there with `sticky`,
 * the same expression without "g" and with "y"; without, a scan of the whole text by `rx`. Both
 * give the same matches: as a scan, none starts inside the one before.
 */
export function* cuedMatches(rx: RegExp, sticky: RegExp, text: string, cues: readonly number[] | undefined): Generator<RegExpExecArray> {
  if (cues === undefined) {
    rx.lastIndex = 0;
    for (let m = rx.exec(text); m !== null; m = rx.exec(text)) yield m;
    return;
  }
  let from = 0;
  for (const at of cues) {
    if (at < from) continue;
    sticky.lastIndex = at;
    const m = sticky.exec(text);
    if (m === null) continue;
    from = m.index + m[0].length;
    yield m;
  }
}

/** A global expression and its sticky copy, for `cuedMatches`. */
export const withSticky = (rx: RegExp) => [rx, new RegExp(rx.source, `${rx.flags.replace("g", "")}y`)] as const;
