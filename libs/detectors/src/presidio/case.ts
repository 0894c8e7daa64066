/** One of Presidio's recognizer test cases, ported as data (see cases.ts), and the helpers its tables are written with. */
export interface PresidioCase {
  type: string;
  text: string;
  /** Presidio's expected spans. */
  spans: Array<[number, number]>;
  source: string;
  /** Why we disagree, and what we report instead. */
  exception?: { reason: string; ours: Array<[number, number]> };
}

/** A text and the spans Presidio expects in it. */
export type Row = [string, Array<[number, number]>];

/** The whole text as the one span. */
export const whole = (t: string): Array<[number, number]> => [[0, t.length]];

/** Rows of one test file as cases of one type. */
export function table(type: string, source: string, rows: Row[]): PresidioCase[] {
  return rows.map(([text, spans]) => ({ type, text, spans, source }));
}
