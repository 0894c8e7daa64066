/**
 * SPSS and PSPP data files (`.sav`): a survey's or a study's data set, one case (a respondent, a
 * patient, an employee) per row, one variable per column. They were `unsupported`, though they
 * are where a market survey keeps its respondents' names and e-mail addresses and a study its
 * participants' birth dates. Read with sav-reader: each case a `row`, each value a cell under its
 * variable's label ("Respondent name") or, without one, its name ("EMAIL"), as a workbook's
 * cells under their headers are; a value with a value label as that label ("Germany" for 49);
 * a number in a date format as its date (ISO 8601); system-missing values left out. A file
 * compressed with zlib (`$FL3`, "zsav") is not read: sav-reader does not read it.
 */
import { createRequire } from "node:module";
import { NoText, type Format } from "../format.ts";

const require = createRequire(import.meta.url);

interface SysVar {
  name: string;
  type: number;
  label: string | null;
  printFormat?: { type: number };
}
interface SavReaderLike {
  meta: { header: { n_cases?: number }; sysvars: SysVar[]; getValueLabels(name: string): Array<{ val: unknown; label: string }> | null };
  open(): Promise<void>;
  readNextRow(): Promise<Record<string, unknown> | null>;
}
// (sav-reader exports a "require" condition only)
const { SavBufferReader } = require("sav-reader") as { SavBufferReader: new (b: Buffer) => SavReaderLike };

/** Print formats that show a number as a date: DATE, DATETIME, ADATE, JDATE, MOYR, QYR, WKYR, EDATE, SDATE. */
const DATE_FORMATS: ReadonlySet<number> = new Set([20, 22, 23, 24, 28, 29, 30, 38, 39]);
/** Seconds from SPSS's epoch (14 October 1582) to the Unix epoch. */
const SPSS_EPOCH = 12_219_379_200;

/** An SPSS system file compressed with zlib starts "$FL3" (file-type names both "$FL2" and "$FL3" files `sav`). */
const isZsav = (b: Uint8Array) => b[0] === 0x24 && b[1] === 0x46 && b[2] === 0x4c && b[3] === 0x33;

/** A value as text: its value label, a date in a date format, a number, a string trimmed. */
function cellText(v: unknown, variable: SysVar, labels: Map<string, string> | undefined): string {
  // (system-missing: -DBL_MAX, as sav-reader gives it for an uncompressed file)
  if (v === null || v === undefined || (typeof v === "number" && (!Number.isFinite(v) || v === -Number.MAX_VALUE))) return "";
  const labelled = labels?.get(String(v));
  if (labelled !== undefined) return labelled;
  if (typeof v === "number" && variable.printFormat && DATE_FORMATS.has(variable.printFormat.type)) {
    const d = new Date((v - SPSS_EPOCH) * 1000);
    if (!Number.isNaN(d.getTime())) return variable.printFormat.type === 22 ? d.toISOString() : d.toISOString().slice(0, 10);
  }
  return String(v).trim();
}

export const spssFormat: Format = {
  kinds: ["spss"],
  library: "sav-reader",
  async extract(bytes, scope, ctx) {
    if (isZsav(bytes)) throw new NoText("SPSS data file compressed with zlib ($FL3): not read");
    const sav = new SavBufferReader(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    await sav.open();
    const vars = sav.meta.sysvars;
    const columns = vars.map((v) => (v.label?.trim() || v.name));
    const labels = vars.map((v) => {
      const entries = sav.meta.getValueLabels(v.name);
      return entries ? new Map(entries.map((e) => [String(e.val), e.label])) : undefined;
    });
    // (the variables' labels, as a sheet's header row)
    ctx.emit(scope, columns.join(", "), { row: 1, part: "header" });
    for (let row = 2; ; row++) {
      if (row % 256 === 0) ctx.checkTime();
      const values = await sav.readNextRow();
      if (values === null) {
        // (the header says how many cases there are, when its writer knew: fewer is a file cut short)
        const declared = sav.meta.header.n_cases ?? -1;
        if (declared >= 0 && row - 2 < declared) ctx.reason("corrupt", `SPSS data file cut short: ${row - 2} of its ${declared} cases read`, scope.path);
        return;
      }
      vars.forEach((v, i) => {
        const text = cellText(values[v.name], v, labels[i]);
        if (text !== "") ctx.emit(scope, text, { row, column: columns[i] });
      });
    }
  },
};
