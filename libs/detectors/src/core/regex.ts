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
