/** Boundaries shared by pattern detectors (ASCII word characters, like Presidio's \b). */

/** Not preceded by a letter, digit or underscore, nor by "digit-" / "digit." (part of a longer number). */
export const NB = String.raw`(?<![A-Za-z0-9_]|[0-9][-.])`;
/** Not followed by a letter, digit or underscore, nor by "-digit" / ".digit". */
export const NE = String.raw`(?![A-Za-z0-9_]|[-.][0-9])`;

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
