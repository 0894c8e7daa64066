/**
 * Line feeds of a text, found from an index built once per text: detectors ask for a candidate's
 * line (its start, its end, the line above) for every candidate, and on one long line (a page or
 * a cell with no line break, a minified file) `lastIndexOf("\n")` from each of thousands of
 * candidates read the line again each time: quadratic. Same answers as `text.lastIndexOf("\n", i)`
 * and `text.indexOf("\n", i)`. A line feed within 256 characters is found by a scan, so a text of
 * short lines is never indexed, and a window cut from a text does not push the text's index out.
 */

/** Texts shorter than this are searched directly: indexing them costs more than it saves. */
const INDEXED = 2048;
/** A line feed this near is found by a scan: most lines are short, and most texts never need an index. */
const NEAR = 256;
/** Indexes kept: the texts of the segment being read and of the windows cut from it. */
const KEPT = 4;
const indexes = new Map<string, Int32Array>();

function feedsOf(text: string): Int32Array {
  let feeds = indexes.get(text);
  if (feeds !== undefined) return feeds;
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  feeds = new Int32Array(n);
  n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) feeds[n++] = i;
  if (indexes.size >= KEPT) indexes.delete(indexes.keys().next().value!);
  indexes.set(text, feeds);
  return feeds;
}

/** The index of the first feed at or after `i` in `feeds` (feeds.length when none). */
function firstFrom(feeds: Int32Array, i: number): number {
  let lo = 0;
  let hi = feeds.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (feeds[mid]! < i) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `text.lastIndexOf("\n", i)`: the last line feed at or before `i`, or -1. */
export function prevFeed(text: string, i: number): number {
  if (text.length < INDEXED) return text.lastIndexOf("\n", i);
  const from = Math.min(Math.max(0, i), text.length - 1);
  for (let k = from; k >= 0 && k > from - NEAR; k--) if (text.charCodeAt(k) === 10) return k;
  if (from < NEAR) return -1;
  const feeds = feedsOf(text);
  const k = firstFrom(feeds, Math.max(0, i) + 1) - 1;
  return k >= 0 ? feeds[k]! : -1;
}

/** `text.indexOf("\n", i)`: the first line feed at or after `i`, or -1. */
export function nextFeed(text: string, i: number): number {
  if (text.length < INDEXED) return text.indexOf("\n", i);
  const from = Math.max(0, i);
  for (let k = from; k < text.length && k < from + NEAR; k++) if (text.charCodeAt(k) === 10) return k;
  if (from + NEAR >= text.length) return -1;
  const feeds = feedsOf(text);
  const k = firstFrom(feeds, Math.max(0, i));
  return k < feeds.length ? feeds[k]! : -1;
}
