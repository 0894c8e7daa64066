/**
 * Which row of a table (a sheet, a CSV file) holds its column headers. Reports often put a title
 * above them ("Staff list Q3" in A1, "Customer export 2026-11-01" on the first line) and maybe a
 * blank row; taking the first row for the headers then named every column after the title or
 * after nothing, and the detectors lost the one context a table gives its cells.
 */

/** Rows above the column headers read for titles at most (a report's title, its date, a blank row). */
export const MAX_TITLE_ROWS = 10;

/**
 * The header row (an index between `first` and `last`), or null. The first row when it has two
 * cells or more and `qualifies` (its format's rule for a header: all text, say); below title rows
 * (rows of one cell at most), the first row of two cells or more when it qualifies. Otherwise, as
 * a table without titles is read, the first row when it qualifies. Data must follow the header.
 * `width(r)`: how many non-empty cells row r has.
 */
export function headerRowOf(first: number, last: number, width: (r: number) => number, qualifies: (r: number) => boolean): number | null {
  const end = Math.min(last - 1, first + MAX_TITLE_ROWS);
  for (let r = first; r <= end; r++) {
    if (width(r) < 2) continue;
    if (qualifies(r)) return r;
    break; // (the first wide row is data)
  }
  return last > first && qualifies(first) ? first : null;
}
