/**
 * TNEF (`winmail.dat`, application/ms-tnef): how Outlook wraps a message's attachments and rich
 * body for mail clients that are not Outlook ([MS-OXTNEF]). Other clients show it as one opaque
 * attachment, and it was `unsupported` here, so the files inside were never read. The stream is
 * read here (its attributes: level, id, length, data, checksum; the MAPI property lists inside
 * two of them): each attached file becomes a member under its long name (else its 8.3 title),
 * and the body is emitted (plain text, else HTML as text, else the compressed RTF body handed to
 * the RTF handler, as for a MSG). Nested TNEF and embedded messages are not read.
 */
import type { Format } from "../format.ts";
import { attachmentName, emitBody, readAttachment, rtfBody } from "./mail-parts.ts";

export const TNEF_SIGNATURE = 0x223e9f78;

/** Attribute ids ([MS-OXTNEF] 2.1.3.3: type in the high word, id in the low). */
const ATT = {
  body: 0x0002800c,
  mapiProps: 0x00069003,
  attachRendData: 0x00069002,
  attachTitle: 0x00018010,
  attachData: 0x0006800f,
  attachment: 0x00069005,
} as const;

/** MAPI property ids ([MS-OXPROPS]). */
const PR = { body: 0x1000, rtfCompressed: 0x1009, bodyHtml: 0x1013, attachLongFilename: 0x3707, attachDataBin: 0x3701 } as const;

/** Sizes of the fixed-length MAPI property types, each padded to 4 bytes in TNEF. */
const FIXED: Record<number, number> = { 0x02: 2, 0x03: 4, 0x04: 4, 0x05: 8, 0x06: 8, 0x07: 8, 0x0a: 4, 0x0b: 2, 0x14: 8, 0x40: 8, 0x48: 16 };
const VARIABLE = new Set([0x0d, 0x1e, 0x1f, 0x102]);
const pad4 = (n: number) => (n + 3) & ~3;

export interface Tnef {
  body: string | null;
  html: string | null;
  rtf: Uint8Array | null;
  attachments: Array<{ name: string; data: Uint8Array | null }>;
  /** Why reading stopped early (an attribute cut short or damaged): what came before it is kept. */
  damaged: string | null;
}

/** A MAPI property list's single-valued variable-length values (strings, binaries), by property id. */
function mapiProps(d: Uint8Array): Map<number, { type: number; value: Uint8Array }> {
  const v = new DataView(d.buffer, d.byteOffset, d.byteLength);
  const out = new Map<number, { type: number; value: Uint8Array }>();
  const count = v.getUint32(0, true);
  let p = 4;
  for (let i = 0; i < count && p < d.length; i++) {
    const type = v.getUint16(p, true);
    const id = v.getUint16(p + 2, true);
    p += 4;
    if (id >= 0x8000) {
      // a named property: its set's GUID, then an id or a name
      const kind = v.getUint32(p + 16, true);
      p += 20;
      p += kind === 0 ? 4 : 4 + pad4(v.getUint32(p, true));
    }
    const base = type & 0x0fff;
    const multi = (type & 0x1000) !== 0;
    const variable = VARIABLE.has(base);
    if (!variable && FIXED[base] === undefined) throw new Error(`tnef: MAPI property type 0x${type.toString(16)} unknown`);
    let n = 1;
    if (multi || variable) {
      n = v.getUint32(p, true);
      p += 4;
    }
    for (let j = 0; j < n; j++) {
      if (!variable) {
        p += pad4(FIXED[base]!);
        continue;
      }
      const len = v.getUint32(p, true);
      if (p + 4 + len > d.length) throw new Error("tnef: MAPI property past the end of its attribute");
      if (!multi && j === 0) out.set(id, { type: base, value: d.subarray(p + 4, p + 4 + len) });
      p += 4 + pad4(len);
    }
  }
  return out;
}

/** A value's padding: a run of NULs at its end, tried from the run's first NUL only (from each NUL of a long run elsewhere, quadratic). */
const TRAILING_NULS = /(?<!\0)\0+$/;
const text8 = (b: Uint8Array) => Buffer.from(b).toString("latin1").replace(TRAILING_NULS, "");
const textOf = (p: { type: number; value: Uint8Array }) => (p.type === 0x1f ? Buffer.from(p.value).toString("utf16le").replace(TRAILING_NULS, "") : text8(p.value));

/** The body and attachments of a TNEF stream, up to an attribute that is cut short. Throws when it is no TNEF, or a property list is damaged. */
export function readTnef(b: Uint8Array): Tnef {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length < 6 || v.getUint32(0, true) !== TNEF_SIGNATURE) throw new Error("tnef: no TNEF signature");
  const t: Tnef = { body: null, html: null, rtf: null, attachments: [], damaged: null };
  let current: Tnef["attachments"][number] | null = null;
  for (let p = 6; p < b.length; ) {
    const len = p + 9 <= b.length ? v.getUint32(p + 5, true) : Infinity;
    if (p + 9 + len + 2 > b.length) {
      t.damaged = `attribute at byte ${p} runs past the end of the stream`;
      break;
    }
    const level = b[p]!;
    const id = v.getUint32(p + 1, true);
    const data = b.subarray(p + 9, p + 9 + len);
    p += 9 + len + 2; // (and the checksum)
    if (level === 2) {
      if (id === ATT.attachRendData) t.attachments.push((current = { name: "", data: null }));
      else if (current && id === ATT.attachTitle) current.name ||= text8(data);
      else if (current && id === ATT.attachData) current.data = data;
      else if (current && id === ATT.attachment) {
        const props = mapiProps(data);
        const long = props.get(PR.attachLongFilename);
        if (long) current.name = textOf(long);
        current.data ??= props.get(PR.attachDataBin)?.value ?? null;
      }
    } else if (id === ATT.body) t.body ??= text8(data);
    else if (id === ATT.mapiProps) {
      const props = mapiProps(data);
      const body = props.get(PR.body);
      if (body) t.body = textOf(body);
      const html = props.get(PR.bodyHtml);
      if (html) t.html = textOf(html);
      t.rtf = props.get(PR.rtfCompressed)?.value ?? null;
    }
  }
  return t;
}

export const tnefFormat: Format = {
  kinds: ["tnef"],
  library: "(its attributes read here, [MS-OXTNEF]; an RTF body by @kenjiuno/decompressrtf)",
  async extract(bytes, scope, ctx) {
    const t = readTnef(bytes);
    if (t.damaged) ctx.reason("corrupt", `tnef: ${t.damaged}`, scope.path);
    if (t.body?.trim() || t.html?.trim()) await emitBody(ctx, scope, t.body, t.html);
    else if (t.rtf) await rtfBody(ctx, scope, t.rtf);
    for (const [i, a] of t.attachments.entries()) {
      if (!a.data) continue;
      if (!(await readAttachment(ctx, scope, attachmentName(a.name, i), a.data)) && ctx.entriesExhausted) break;
    }
  },
};
