/**
 * `compute` kept for the last text it was asked about, until another text comes: a detector
 * asks about each of a text's candidates in turn, and a fact of the whole text (where its
 * comments open, which names it holds) is read once for all of them, not once per candidate
 * (that read a long text's head again for each and made the detector quadratic in it).
 */
export function perText<T>(compute: (text: string) => T): (text: string) => T {
  let last: string | null = null;
  let value: T;
  return (text) => {
    if (text !== last) {
      value = compute(text);
      last = text;
    }
    return value;
  };
}
