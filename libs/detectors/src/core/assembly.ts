/**
 * Assembly code, where register names look like identifiers and context words: "DX" (a
 * diagnosis), "DL" (a driver's licence), R10–R15 and X10–X31 (ICD-10 codes). Go's assembly
 * sources gave 7,521 ICD-10 findings and 19 licence numbers before detectors asked this.
 */

/** x86 general registers by name, upper case as assemblers and Go write them. */
const NAMED = String.raw`[ER]?(?:AX|BX|CX|DX|SI|DI|SP|BP)|[ABCD][LH]`;

/**
 * Assembly code: a register in AT&T syntax ("%rdx", "%xmm3"); a named register as a memory
 * operand ("(BX)"); an indented instruction one of whose operands is a named register or a
 * register numbered by one digit, which no ICD-10 code is ("\tSHLQ $7, R11, DX", "\tBSWAPL DX
 * // 0fca", "\tMOVW\tR11, gobuf_ctxt(R1)", commented out: "\t//TODO: CALLQ* DX"); or three named
 * registers in a row ("// AX CX DX BX").
 */
const ASSEMBLY = new RegExp(
  [
    String.raw`%(?:[re]?(?:[abcd]x|[sd]i|[sb]p)|[abcd][lh]|r\d{1,2}[dwb]?|[xyz]mm\d{1,2})(?![a-z0-9_])`,
    String.raw`\((?:${NAMED})\)`,
    String.raw`(?:^|\n)[ \t]+(?:\/\/(?:[ \t]*TODO:)?[ \t]*)?[A-Z][A-Z0-9.]{1,15}\*?[ \t]+(?:[^\n,]*,[ \t]*)*(?:[\w$+*-]*\()?(?:${NAMED}|[A-Z]\d)(?:[,)]|[ \t]*(?:\n|$|//|;|#))`,
    String.raw`(?<![A-Za-z0-9_])(?:(?:${NAMED})[\s,"'{}]+){2}(?:${NAMED})(?![A-Za-z0-9_])`,
  ].join("|"),
);

/** Whether the text around a candidate (two lines' worth on each side) is assembly code. */
export function inAssembly(text: string, start: number, end: number): boolean {
  return ASSEMBLY.test(text.slice(Math.max(0, start - 120), Math.min(text.length, end + 120)));
}

