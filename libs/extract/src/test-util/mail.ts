/**
 * E-mail fixtures, written by the tests themselves: MIME messages assembled as text (RFC 5322 /
 * 2045-2047) and Outlook MSG files assembled per [MS-OXMSG] with the `cfb` container writer —
 * string properties as `__substg1.0_<tag>` streams (UTF-16LE), integers and times in the
 * `__properties_version1.0` stream, recipients and attachments in their own storages.
 */
import CFB from "cfb";

export interface MimePart {
  contentType: string;
  body: string | Buffer;
  filename?: string;
  /** base64 (default for Buffers) or 8bit (default for strings) */
  encoding?: "base64" | "8bit" | "quoted-printable" | "x-uuencode";
}

const CRLF = "\r\n";

function partText(p: MimePart): string {
  const enc = p.encoding ?? (typeof p.body === "string" ? "8bit" : "base64");
  const head = [`Content-Type: ${p.contentType}${p.filename ? `; name="${p.filename}"` : ""}`, `Content-Transfer-Encoding: ${enc}`];
  if (p.filename) head.push(`Content-Disposition: attachment; filename="${p.filename}"`);
  const raw = typeof p.body === "string" ? Buffer.from(p.body) : p.body;
  const body = enc === "base64" ? raw.toString("base64").replace(/.{76}/g, `$&${CRLF}`) : raw.toString("utf8");
  return head.join(CRLF) + CRLF + CRLF + body;
}

/** A MIME message: headers, then either one part or multipart/mixed of the parts. */
export function makeEml(headers: Record<string, string>, parts: MimePart[]): Buffer {
  const lines = Object.entries({ "MIME-Version": "1.0", ...headers }).map(([k, v]) => `${k}: ${v}`);
  if (parts.length === 1) return Buffer.from(lines.join(CRLF) + CRLF + partText(parts[0]!) + CRLF);
  const b = "=_filescan_boundary_1";
  const body = parts.map((p) => `--${b}${CRLF}${partText(p)}${CRLF}`).join("") + `--${b}--${CRLF}`;
  return Buffer.from([...lines, `Content-Type: multipart/mixed; boundary="${b}"`].join(CRLF) + CRLF + CRLF + body);
}

export interface MsgRecipient {
  name: string;
  email: string;
  type: "to" | "cc" | "bcc";
}

export interface MsgAttachment {
  name: string;
  /** The attached file's bytes, or an embedded message (attach method 5, a `__substg1.0_3701000D` storage). */
  data: Buffer | MsgSpec;
}

export interface MsgSpec {
  subject?: string;
  senderName?: string;
  senderEmail?: string;
  body?: string;
  html?: string;
  /** PR_RTF_COMPRESSED written uncompressed ("MELA" form) — a valid RTF-only body. */
  rtf?: string;
  submitted?: Date;
  recipients?: MsgRecipient[];
  attachments?: MsgAttachment[];
  /** Extra string properties by tag class, e.g. { "3a1c": "+49 151 ..." } (mobile phone). */
  strings?: Record<string, string>;
  messageClass?: string;
}

const utf16 = (s: string) => Buffer.from(s, "utf16le");

function prop(tag: number, value: Buffer): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt32LE(tag >>> 0, 0);
  b.writeUInt32LE(6, 4); // readable | writable
  value.copy(b, 8, 0, 8);
  return b;
}
const u32 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeUInt32LE(n, 0);
  return b;
};
const fileTime = (d: Date) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE((BigInt(d.getTime()) + 11_644_473_600_000n) * 10_000n, 0);
  return b;
};

/** An Outlook item (.msg) with the given properties, recipients and attachments. */
export function makeMsg(spec: MsgSpec): Buffer {
  const cfb = CFB.utils.cfb_new();
  writeItem((name, data) => CFB.utils.cfb_add(cfb, `/${name}`, data), "", spec, false);
  return Buffer.from(CFB.write(cfb, { type: "buffer" }) as Buffer);
}

/** Writes one item's streams under `root` (a storage path ending in `/`, or "" for the file). */
function writeItem(add: (name: string, data: Buffer) => void, root: string, spec: MsgSpec, embedded: boolean): void {
  const str = (dir: string, cls: string, v: string | undefined) => {
    if (v !== undefined) add(`${dir}__substg1.0_${cls.toUpperCase()}001F`, utf16(v));
  };
  str(root, "001a", spec.messageClass ?? "IPM.Note");
  str(root, "0037", spec.subject);
  str(root, "0c1a", spec.senderName);
  str(root, "0c1f", spec.senderEmail);
  str(root, "5d01", spec.senderEmail);
  str(root, "1000", spec.body);
  if (spec.html !== undefined) add(`${root}__substg1.0_10130102`, Buffer.from(spec.html, "utf8"));
  if (spec.rtf !== undefined) {
    const raw = Buffer.from(spec.rtf, "latin1");
    const head = Buffer.alloc(16);
    head.writeUInt32LE(raw.length + 12, 0);
    head.writeUInt32LE(raw.length, 4);
    head.writeUInt32LE(0x414c454d, 8); // "MELA": stored uncompressed
    add(`${root}__substg1.0_10090102`, Buffer.concat([head, raw]));
  }
  for (const [cls, v] of Object.entries(spec.strings ?? {})) str(root, cls, v);
  const recips = spec.recipients ?? [];
  const atts = spec.attachments ?? [];
  // [MS-OXMSG] 2.4.1: 32-byte header for the top level, 24 bytes for an embedded message
  const top = Buffer.alloc(embedded ? 24 : 32);
  top.writeUInt32LE(recips.length, 8);
  top.writeUInt32LE(atts.length, 12);
  top.writeUInt32LE(recips.length, 16);
  top.writeUInt32LE(atts.length, 20);
  const topProps = spec.submitted ? [prop(0x00390040, fileTime(spec.submitted))] : [];
  add(`${root}__properties_version1.0`, Buffer.concat([top, ...topProps]));
  recips.forEach((r, i) => {
    const dir = `${root}__recip_version1.0_#${i.toString(16).toUpperCase().padStart(8, "0")}/`;
    str(dir, "3001", r.name);
    str(dir, "3003", r.email);
    str(dir, "39fe", r.email);
    add(`${dir}__properties_version1.0`, Buffer.concat([Buffer.alloc(8), prop(0x0c150003, u32({ to: 1, cc: 2, bcc: 3 }[r.type]))]));
  });
  atts.forEach((a, i) => {
    const dir = `${root}__attach_version1.0_#${i.toString(16).toUpperCase().padStart(8, "0")}/`;
    str(dir, "3001", a.name);
    if (Buffer.isBuffer(a.data)) {
      str(dir, "3707", a.name);
      add(`${dir}__substg1.0_37010102`, a.data);
    } else {
      writeItem(add, `${dir}__substg1.0_3701000D/`, a.data, true);
    }
    add(`${dir}__properties_version1.0`, Buffer.concat([Buffer.alloc(8), prop(0x37050003, u32(Buffer.isBuffer(a.data) ? 1 : 5))]));
  });
}

/** `bytes` uuencoded as `name` ("begin 644 name", lines of 45 bytes, "`", "end"), as uuencode(1) writes it. */
export function uuencode(name: string, bytes: Uint8Array | string): string {
  const b = Buffer.from(bytes);
  const ch = (v: number) => (v === 0 ? "`" : String.fromCharCode(32 + v));
  const lines = [`begin 644 ${name}`];
  for (let at = 0; at < b.length; at += 45) {
    const chunk = b.subarray(at, at + 45);
    let line = ch(chunk.length);
    for (let i = 0; i < chunk.length; i += 3) {
      const [x = 0, y = 0, z = 0] = [chunk[i], chunk[i + 1], chunk[i + 2]];
      line += ch(x >> 2) + ch(((x << 4) | (y >> 4)) & 63) + ch(((y << 2) | (z >> 6)) & 63) + ch(z & 63);
    }
    lines.push(line);
  }
  return [...lines, "`", "end", ""].join("\n");
}
