/**
 * GNU gettext's compiled message catalogs (`.mo`, `/usr/share/locale/<lang>/LC_MESSAGES/*.mo`,
 * an application's translations) via gettext-parser: binary, so read as nothing before. Each
 * catalog's header names its translator and team ("Last-Translator: Dmitry V. Levin
 * <ldv@…>"), and its messages are an application's text: read as the source catalog (`.po`,
 * text) would be, the header's "Name: value" lines and then each message, the original and its
 * translations on lines of their own, decoded by the catalog's charset.
 *
 * The parser trusts the tables' offsets and count (a string past the file's end reads as
 * empty); a catalog whose count, tables or strings do not fit in the file is refused before it
 * is parsed.
 */
import { mo } from "gettext-parser";
import type { Format } from "../format.ts";
import { emitChunks } from "./text.ts";

/** The catalog's magic number, little- or big-endian. */
const MAGIC = 0x950412de;

/** The byte order of a `.mo` catalog by its magic number; null when it is none. */
export function moByteOrder(b: Uint8Array): "le" | "be" | null {
  if (b.length < 28) return null;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (v.getUint32(0, true) === MAGIC) return "le";
  if (v.getUint32(0, false) === MAGIC) return "be";
  return null;
}

/** Throws unless the header's count, both tables (8 bytes per message each) and every string they point to lie inside the file. */
export function checkMoTables(b: Uint8Array): void {
  const order = moByteOrder(b);
  if (order === null) throw new Error("gettext: no catalog's magic number");
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const u32 = (at: number) => v.getUint32(at, order === "le");
  const revision = u32(4) >>> 16;
  const count = u32(8);
  const originals = u32(12);
  const translations = u32(16);
  if (revision > 1) throw new Error(`gettext: catalog revision ${revision} is not one this reader knows`);
  for (const table of [originals, translations]) {
    if (table + count * 8 > b.length) throw new Error(`gettext: its ${count} messages' table runs past the file's end`);
    for (let i = 0; i < count; i++) {
      const length = u32(table + i * 8);
      const offset = u32(table + i * 8 + 4);
      if (offset + length > b.length) throw new Error(`gettext: message ${i} runs past the file's end (the file is cut short or damaged)`);
    }
  }
}

export const gettextFormat: Format = {
  kinds: ["gettext-mo"],
  library: "gettext-parser",
  async extract(bytes, scope, ctx) {
    checkMoTables(bytes);
    const catalog = mo.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    ctx.checkTime();
    const lines: string[] = [];
    for (const [name, value] of Object.entries(catalog.headers)) lines.push(`${name}: ${value}`);
    for (const messages of Object.values(catalog.translations)) {
      for (const m of Object.values(messages)) {
        if (m.msgid === "" && !m.msgctxt) continue; // the header, above
        lines.push("", m.msgid, ...(m.msgid_plural ? [m.msgid_plural] : []), ...m.msgstr.filter((s) => s !== ""));
      }
    }
    emitChunks(ctx, scope, lines.join("\n"));
  },
};
