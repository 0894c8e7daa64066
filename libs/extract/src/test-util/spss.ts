/**
 * SPSS system files (`.sav`) for the specs, written per PSPP's description of the format: the
 * file header ("$FL2", uncompressed), a variable record per variable (a string of width w takes
 * ceil(w / 8) slots, its first record and w / 8 continuation records), value labels (records 3
 * and 4), the dictionary's end (999), then each case's slots: a number as a float64, a string
 * padded with blanks to its slots.
 */

export interface SavVariable {
  name: string;
  label?: string;
  /** 0 for a number, else a string's width in bytes. */
  width: number;
  /** A number shown as a date (print format DATE). */
  date?: boolean;
  /** Value labels of a number: value → label. */
  valueLabels?: Record<number, string>;
}

/** SPSS's system-missing value (-DBL_MAX). */
export const SYSMIS = -Number.MAX_VALUE;
/** Seconds from SPSS's epoch (14 October 1582) to `iso`, as SPSS stores a date. */
export const spssDate = (iso: string) => Date.parse(iso) / 1000 + 12_219_379_200;

const i32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n);
  return b;
};
const f64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(n);
  return b;
};
const padded = (s: string, n: number) => {
  const b = Buffer.alloc(n, 0x20);
  b.write(s, "utf8");
  return b;
};
const slotsOf = (v: SavVariable) => (v.width ? Math.ceil(v.width / 8) : 1);

export function makeSav(vars: SavVariable[], cases: Array<Array<string | number>>): Buffer {
  const parts: Buffer[] = [];
  const slots = vars.reduce((n, v) => n + slotsOf(v), 0);
  parts.push(Buffer.from("$FL2"), padded("@(#) SPSS DATA FILE filescan spec", 60), i32(2), i32(slots), i32(0), i32(0), i32(cases.length), f64(100), padded("06 Dec 26", 9), padded("12:00:00", 8), padded("", 64), Buffer.alloc(3));
  const index: number[] = [];
  let slot = 1;
  for (const v of vars) {
    index.push(slot);
    slot += slotsOf(v);
    const format = v.width ? (1 << 16) | (v.width << 8) : v.date ? (20 << 16) | (11 << 8) : (5 << 16) | (8 << 8) | 2;
    const label = v.label ? [i32(Buffer.byteLength(v.label)), padded(v.label, Math.ceil(Buffer.byteLength(v.label) / 4) * 4)] : [];
    parts.push(i32(2), i32(v.width), i32(v.label ? 1 : 0), i32(0), i32(format), i32(format), padded(v.name.toUpperCase(), 8), ...label);
    for (let k = 1; k < slotsOf(v); k++) parts.push(i32(2), i32(-1), i32(0), i32(0), i32(0), i32(0), padded("", 8));
  }
  vars.forEach((v, i) => {
    const entries = Object.entries(v.valueLabels ?? {});
    if (!entries.length) return;
    parts.push(i32(3), i32(entries.length));
    for (const [value, text] of entries) {
      const bytes = Buffer.from(text, "utf8");
      parts.push(f64(Number(value)), Buffer.from([bytes.length]), padded(text, Math.ceil((bytes.length + 1) / 8) * 8 - 1));
    }
    parts.push(i32(4), i32(1), i32(index[i]!));
  });
  parts.push(i32(999), i32(0));
  for (const c of cases) c.forEach((x, j) => parts.push(vars[j]!.width ? padded(String(x), slotsOf(vars[j]!) * 8) : f64(Number(x))));
  return Buffer.concat(parts);
}
