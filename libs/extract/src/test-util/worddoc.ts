/**
 * Legacy Word documents (.doc, Word 97-2003 binary), written by the tests themselves per the
 * published [MS-DOC] specification and packed into an OLE container with the `cfb` writer.
 *
 * What is written:
 * - `WordDocument` stream: a Word 97 FIB (FibBase with wIdent 0xA5EC, nFib 0x00C1,
 *   fWhichTblStm; FibRgW97; FibRgLw97 with cbMac, ccpText and ccpHdd; FibRgFcLcb97 with 93
 *   fc/lcb pairs), the text of every paragraph (one piece each: 8-bit "compressed" cp1252
 *   when every character has a cp1252 byte, else UTF-16LE), then one ChpxFkp page (one run, no
 *   character properties) and one PapxFkp page (one entry per paragraph, istd 0).
 * - `1Table` (or `0Table`) stream: the Clx (a Pcdt whose PlcPcd maps CPs to the pieces, with
 *   fCompressed set on the 8-bit pieces), PlcBteChpx and PlcBtePapx pointing at the two FKP
 *   pages, and, with a header or footer, the PlcfHdd of one section (6 separator stories, then
 *   even/odd header, even/odd footer, first header/footer).
 *
 * Not written: style sheet (Stshf), DOP, font table, section table. [MS-DOC] asks for them in a
 * file Word itself saves; text readers such as word-extractor do not read them, so this is the
 * smallest file that carries the text structures, not a file Word would open without repair.
 */
import CFB from "cfb";

export interface DocSpec {
  /** Body paragraphs; each ends with a paragraph mark and is stored as its own piece. */
  paragraphs: string[];
  /** Store every piece as UTF-16 even when it fits in cp1252. */
  forceUnicode?: boolean;
  /** Odd-page header / footer text of the one section. */
  header?: string;
  footer?: string;
  /** Which table stream holds the Clx: `1Table` (default, fWhichTblStm = 1) or `0Table`. */
  table?: "0Table" | "1Table";
  /** Set FibBase.fEncrypted, as Word does for a document with a password to open (the text stays plain here). */
  encrypted?: boolean;
}

/** cp1252 bytes 0x80-0x9F and the Unicode characters they stand for ([MS-DOC] 2.4.1, FcCompressed). */
const CP1252_HIGH: Record<number, number> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02c6: 0x88, 0x2030: 0x89,
  0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93, 0x201d: 0x94, 0x2022: 0x95,
  0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98, 0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b, 0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};

/** The 8-bit form of `s`, or null when a character has no cp1252 byte. */
function compress(s: string): Buffer | null {
  const out = Buffer.alloc(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const b = c < 0x80 || (c >= 0xa0 && c <= 0xff) ? c : CP1252_HIGH[c];
    if (b === undefined) return null;
    out[i] = b;
  }
  return out;
}

const FIB_SIZE = 0x384; // FibBase 32 + csw 2 + FibRgW97 28 + cslw 2 + FibRgLw97 88 + cbRgFcLcb 2 + 93 * 8 + cswNew 2
const TEXT_START = 0x400;
const PAGE = 512;
/** Offsets of the fc/lcb pairs used here (FibRgFcLcb97 starts at 0x9A; pair n is at 0x9A + 8n). */
const FC = { plcfHdd: 0x9a + 8 * 11, plcfBteChpx: 0x9a + 8 * 12, plcfBtePapx: 0x9a + 8 * 13, clx: 0x9a + 8 * 33 };

interface Piece {
  cp: number;
  fc: number;
  bytes: Buffer;
  compressed: boolean;
  chars: number;
}

/** A Word 97 binary document holding the given paragraphs (and header/footer), as bytes. */
export function makeDoc(spec: DocSpec): Buffer {
  const table = spec.table ?? "1Table";
  // The CP stream: main document, then (if any) the header document followed by the final
  // paragraph mark that closes the last subdocument ([MS-DOC] 2.4.1).
  const body = spec.paragraphs.map((p) => `${p}\r`);
  const hdd: string[] = [];
  if (spec.header !== undefined || spec.footer !== undefined) {
    hdd.push(spec.header !== undefined ? `${spec.header}\r` : "", spec.footer !== undefined ? `${spec.footer}\r` : "", "\r");
  }
  const ccpText = body.reduce((n, s) => n + s.length, 0);
  const ccpHdd = hdd.reduce((n, s) => n + s.length, 0);
  const runs = [...body, ...hdd.filter(Boolean)];

  const pieces: Piece[] = [];
  let cp = 0;
  let fc = TEXT_START;
  for (const text of runs) {
    const c = spec.forceUnicode ? null : compress(text);
    const bytes = c ?? Buffer.from(text, "utf16le");
    pieces.push({ cp, fc, bytes, compressed: c !== null, chars: text.length });
    cp += text.length;
    fc += bytes.length;
  }
  const textEnd = fc;
  const chpxPage = Math.ceil(textEnd / PAGE);
  const papxPage = chpxPage + 1;
  const word = Buffer.alloc((papxPage + 1) * PAGE);

  // FibBase
  word.writeUInt16LE(0xa5ec, 0x00); // wIdent
  word.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  word.writeUInt16LE(0x0409, 0x06); // lid: en-US
  // fExtChar (MUST be 1) | fWhichTblStm
  word.writeUInt16LE(0x1000 | (table === "1Table" ? 0x0200 : 0) | (spec.encrypted ? 0x0100 : 0), 0x0a);
  word.writeUInt16LE(0x00bf, 0x0c); // nFibBack
  word.writeUInt16LE(14, 0x20); // csw
  word.writeUInt16LE(22, 0x3e); // cslw
  word.writeUInt32LE(word.length, 0x40); // FibRgLw97.cbMac
  word.writeUInt32LE(ccpText, 0x4c);
  word.writeUInt32LE(ccpHdd, 0x54);
  word.writeUInt16LE(0x5d, 0x98); // cbRgFcLcb: FibRgFcLcb97
  word.writeUInt16LE(0, FIB_SIZE - 2); // cswNew
  for (const p of pieces) p.bytes.copy(word, p.fc);

  // ChpxFkp: one run over all text with no properties (rgb 0); crun in the last byte.
  const chpx = chpxPage * PAGE;
  word.writeUInt32LE(TEXT_START, chpx);
  word.writeUInt32LE(textEnd, chpx + 4);
  word.writeUInt8(0, chpx + 8);
  word.writeUInt8(1, chpx + 511);

  // PapxFkp: one entry per paragraph (a run ends after its paragraph mark), all pointing at the
  // same PapxInFkp: cb 0, cb' 1, GrpPrlAndIstd = istd 0 with no sprms.
  const papx = papxPage * PAGE;
  const ends: number[] = [];
  for (const p of pieces) {
    const bpc = p.compressed ? 1 : 2;
    let at = p.fc;
    for (const chars of paragraphLengths(p)) {
      at += chars * bpc;
      ends.push(at);
    }
  }
  const crun = ends.length;
  if ((crun + 1) * 4 + crun * 13 > 0x1f0) throw new Error("makeDoc: too many paragraphs for one PapxFkp page");
  word.writeUInt32LE(TEXT_START, papx);
  ends.forEach((e, i) => word.writeUInt32LE(e, papx + (i + 1) * 4));
  const papxInFkp = 0x1f0;
  for (let i = 0; i < crun; i++) word.writeUInt8(papxInFkp / 2, papx + (crun + 1) * 4 + i * 13);
  word.writeUInt8(0, papx + papxInFkp);
  word.writeUInt8(1, papx + papxInFkp + 1);
  word.writeUInt16LE(0, papx + papxInFkp + 2);
  word.writeUInt8(crun, papx + 511);

  // Table stream: Clx (Pcdt only, no Prc), PlcBteChpx, PlcBtePapx, PlcfHdd.
  const lastCp = ccpText + ccpHdd;
  const plcPcd = Buffer.alloc((pieces.length + 1) * 4 + pieces.length * 8);
  pieces.forEach((p, i) => {
    plcPcd.writeUInt32LE(p.cp, i * 4);
    const pcd = (pieces.length + 1) * 4 + i * 8;
    plcPcd.writeUInt16LE(0, pcd); // fNoParaLast etc.
    plcPcd.writeUInt32LE(p.compressed ? (0x40000000 | (p.fc * 2)) >>> 0 : p.fc, pcd + 2); // FcCompressed
    plcPcd.writeUInt16LE(0, pcd + 6); // prm: no property modifier
  });
  plcPcd.writeUInt32LE(lastCp, pieces.length * 4);
  const clx = Buffer.alloc(5 + plcPcd.length);
  clx.writeUInt8(0x02, 0); // Pcdt.clxt
  clx.writeUInt32LE(plcPcd.length, 1);
  plcPcd.copy(clx, 5);
  const plcBte = (page: number) => {
    const b = Buffer.alloc(12);
    b.writeUInt32LE(TEXT_START, 0);
    b.writeUInt32LE(textEnd, 4);
    b.writeUInt32LE(page, 8);
    return b;
  };
  const parts: Array<[keyof typeof FC, Buffer]> = [["clx", clx], ["plcfBteChpx", plcBte(chpxPage)], ["plcfBtePapx", plcBte(papxPage)]];
  if (hdd.length) {
    const h = hdd[0]!.length;
    const f = hdd[1]!.length;
    // stories 0-5: separators (empty); 6 even header, 7 odd header, 8 even footer, 9 odd footer,
    // 10 first header, 11 first footer; then the CP of the closing mark and the end.
    const cps = [0, 0, 0, 0, 0, 0, 0, 0, h, h, h + f, h + f, h + f, ccpHdd];
    const plc = Buffer.alloc(cps.length * 4);
    cps.forEach((c, i) => plc.writeUInt32LE(c, i * 4));
    parts.push(["plcfHdd", plc]);
  }
  let tableLen = 0;
  for (const [key, b] of parts) {
    word.writeUInt32LE(tableLen, FC[key]);
    word.writeUInt32LE(b.length, FC[key] + 4);
    tableLen += b.length;
  }
  const tableStream = Buffer.concat(parts.map(([, b]) => b));

  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, "/WordDocument", word);
  CFB.utils.cfb_add(cfb, `/${table}`, tableStream);
  return Buffer.from(CFB.write(cfb, { type: "buffer" }) as Buffer);
}

/** Lengths (in characters, mark included) of the paragraphs in a piece's text. */
function paragraphLengths(p: Piece): number[] {
  const text = p.compressed ? p.bytes.toString("latin1") : p.bytes.toString("utf16le");
  return text.split(/(?<=\r)/).filter(Boolean).map((s) => s.length);
}

/**
 * A Word 6.0/95 document (FIB magic 0xA5DC, nFib 101): its text one run of cp1252 bytes from
 * fcMin to fcMac of the WordDocument stream, as Word 6 writes a document it did not fast-save.
 * `flags` sets the FIB's flags (0x0004 fComplex: fast-saved; 0x0100 fEncrypted).
 */
export function makeWord6(paragraphs: string[], flags = 0): Buffer {
  const text = Buffer.from(paragraphs.map((p) => `${p}\r`).join(""), "latin1");
  const fcMin = 0x300;
  const word = Buffer.alloc(fcMin + text.length + 512);
  word.writeUInt16LE(0xa5dc, 0x00); // wIdent
  word.writeUInt16LE(101, 0x02); // nFib: Word 6.0
  word.writeUInt16LE(flags, 0x0a);
  word.writeUInt32LE(fcMin, 0x18);
  word.writeUInt32LE(fcMin + text.length, 0x1c);
  text.copy(word, fcMin);
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, "WordDocument", word);
  return CFB.write(cfb, { type: "buffer" }) as Buffer;
}
