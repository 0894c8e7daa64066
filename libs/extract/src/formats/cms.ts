/**
 * Signed files in CMS (RFC 5652) SignedData with their content inside: an Italian signed document
 * or e-invoice (CAdES, `fattura.xml.p7m`, `contratto.pdf.p7m`), a signed configuration profile
 * (`.mobileconfig`: its Wi-Fi, VPN and mail passwords in an XML property list), an opaque-signed
 * S/MIME mail (`smime.p7m`). The signature wraps the file whole, so the file's text was unread:
 * the content is taken out and read as the file it is, under the name without ".p7m" (the signature
 * is not verified: what was signed is what the file says). A detached signature (`.p7s`) holds no
 * content: `unsupported`. Content encrypted for its recipients (EnvelopedData: an S/MIME-encrypted
 * mail's `smime.p7m`) is `encrypted`. One saved as base64 text (in PEM armour, "-----BEGIN PKCS7-----", or bare)
 * is decoded first.
 *
 * A time-stamped file (RFC 5544 TimeStampedData, `.tsd`: the Italian "marca temporale" kept with
 * the document it stamps, often a `.p7m` inside) holds its content whole beside the time-stamp
 * token: the content is read as the file it is, under the name its metadata gives or the file's
 * without ".tsd". One that only points to its data (a URI, no content) has no text.
 *
 * DER and BER alike (OpenSSL's and some signing tools' streaming output writes lengths as
 * indefinite and the content as an OCTET STRING in chunks), read with a TLV walker of its own: the
 * Node runtime has no CMS reader, and the few fields needed are four levels deep.
 */
import type { Format } from "../format.ts";
import { NoText } from "../format.ts";
import { Encrypted } from "../context.ts";

/** id-signedData, 1.2.840.113549.1.7.2, as its DER encoding (tag, length, value). */
const SIGNED_DATA = Buffer.from("06092a864886f70d010702", "hex");
/** id-envelopedData (1.2.840.113549.1.7.3) and id-ct-authEnvelopedData (1.2.840.113549.1.9.16.1.23): content encrypted for its recipients. */
const ENVELOPED_DATA = [Buffer.from("06092a864886f70d010703", "hex"), Buffer.from("060b2a864886f70d0109100117", "hex")];
/** id-ct-timestampedData, 1.2.840.113549.1.9.16.1.31 (RFC 5544): a file with its time-stamp tokens. */
const TIMESTAMPED_DATA = Buffer.from("060b2a864886f70d010910011f", "hex");

/** One BER element: its tag, whether it is constructed, where its content starts and where it ends (after an indefinite length's end-of-contents). */
interface Tlv {
  tag: number;
  constructed: boolean;
  content: number;
  end: number;
  /** The content's end (before the end-of-contents octets of an indefinite length). */
  contentEnd: number;
}

/** Nesting followed at most (a chunked OCTET STRING's chunks in chunks …). */
const MAX_NESTING = 16;

/** The element at `at` (within `limit`); throws on a length that runs past it. */
export function readTlv(b: Uint8Array, at: number, limit: number, depth = 0): Tlv {
  if (depth > MAX_NESTING) throw new Error("cms: nested too deep");
  if (at + 2 > limit) throw new Error("cms: an element cut short");
  const tag = b[at]!;
  if ((tag & 0x1f) === 0x1f) throw new Error("cms: a high tag number, which CMS does not use");
  const constructed = (tag & 0x20) !== 0;
  const first = b[at + 1]!;
  let content = at + 2;
  if (first === 0x80) {
    // indefinite: constructed content up to the end-of-contents octets (00 00)
    if (!constructed) throw new Error("cms: an indefinite length on a primitive element");
    let p = content;
    while (!(b[p] === 0 && b[p + 1] === 0)) {
      if (p + 2 > limit) throw new Error("cms: an indefinite length without its end");
      p = readTlv(b, p, limit, depth + 1).end;
    }
    return { tag, constructed, content, contentEnd: p, end: p + 2 };
  }
  let length = first;
  if (first > 0x80) {
    const n = first & 0x7f;
    if (n > 4 || content + n > limit) throw new Error("cms: a length out of range");
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + b[content + i]!;
    content += n;
  }
  if (content + length > limit) throw new Error("cms: an element runs past its parent");
  return { tag, constructed, content, contentEnd: content + length, end: content + length };
}

/** The elements inside a constructed one. */
function children(b: Uint8Array, parent: Tlv, depth: number): Tlv[] {
  const out: Tlv[] = [];
  for (let p = parent.content; p < parent.contentEnd; ) {
    const child = readTlv(b, p, parent.contentEnd, depth + 1);
    out.push(child);
    p = child.end;
  }
  return out;
}

/** An OCTET STRING's bytes: its content, or its chunks' joined (BER's constructed form). */
function octets(b: Uint8Array, s: Tlv, depth: number): Uint8Array {
  if (!s.constructed) return b.subarray(s.content, s.contentEnd);
  return Buffer.concat(children(b, s, depth).map((c) => octets(b, c, depth + 1)));
}

/** The type of the ContentInfo the bytes open with (DER or BER): signed with its content, encrypted for recipients, time-stamped, or none of these. */
export function cmsType(b: Uint8Array): "signed" | "enveloped" | "timestamped" | null {
  if (b.length < 32 || b[0] !== 0x30) return null;
  const at = b[1]! <= 0x80 ? 2 : 2 + (b[1]! & 0x7f);
  const head = Buffer.from(b.buffer, b.byteOffset + at, Math.min(16, b.length - at));
  if (head.subarray(0, SIGNED_DATA.length).equals(SIGNED_DATA)) return "signed";
  if (head.subarray(0, TIMESTAMPED_DATA.length).equals(TIMESTAMPED_DATA)) return "timestamped";
  return ENVELOPED_DATA.some((oid) => head.subarray(0, oid.length).equals(oid)) ? "enveloped" : null;
}

/** A ContentInfo's content: ContentInfo { contentType, [0] EXPLICIT SEQUENCE }, the SEQUENCE ("cms: SignedData", "tsd: TimeStampedData" name it in errors). */
function contentOf(b: Uint8Array, what: string): Tlv {
  const info = readTlv(b, 0, b.length);
  const [, explicit] = children(b, info, 0);
  if (explicit?.tag !== 0xa0) throw new Error(`${what}: none after its type`);
  const [inner] = children(b, explicit, 1);
  if (inner?.tag !== 0x30) throw new Error(`${what} is no SEQUENCE`);
  return inner;
}

/**
 * The content of a TimeStampedData ContentInfo and the file name its metadata gives:
 * ContentInfo { contentType, [0] TimeStampedData { version, dataUri IA5String OPTIONAL,
 * metaData { hashProtected, fileName UTF8String OPTIONAL, … } OPTIONAL, content OCTET STRING
 * OPTIONAL, temporalEvidence } }; content null when the data is only pointed to.
 */
export function timestampedContent(b: Uint8Array): { content: Uint8Array | null; fileName: string | null } {
  const stamped = contentOf(b, "tsd: TimeStampedData");
  let fileName: string | null = null;
  for (const field of children(b, stamped, 2)) {
    if (field.tag === 0x30) {
      // metaData: its fileName, the first UTF8String
      const name = children(b, field, 3).find((x) => x.tag === 0x0c);
      if (name) fileName = Buffer.from(b.subarray(name.content, name.contentEnd)).toString("utf8");
    }
    if ((field.tag & 0xdf) === 0x04) return { content: octets(b, field, 3), fileName };
  }
  return { content: null, fileName };
}

/**
 * The signed content of a SignedData ContentInfo: ContentInfo { contentType, [0] SignedData {
 * version, digestAlgorithms, encapContentInfo { eContentType, [0] eContent OCTET STRING } … } };
 * null for a detached signature.
 */
export function signedContent(b: Uint8Array): Uint8Array | null {
  const signedData = contentOf(b, "cms: SignedData");
  const [, , encap] = children(b, signedData, 2);
  if (encap?.tag !== 0x30) throw new Error("cms: no encapsulated content's info");
  const [, wrapped] = children(b, encap, 3);
  if (wrapped === undefined) return null;
  if (wrapped.tag !== 0xa0) throw new Error("cms: the encapsulated content is not [0]");
  const [content] = children(b, wrapped, 4);
  if (content === undefined || (content.tag & 0xdf) !== 0x04) throw new Error("cms: the encapsulated content is no OCTET STRING");
  return octets(b, content, 5);
}

/** A signed file saved as base64 text, in PEM armour or bare ("-----BEGIN PKCS7-----", a ".p7m" some signing tools write as text). */
const ARMOUR = /-----(?:BEGIN|END) (?:PKCS7|CMS)-----/g;

/** Whether a text's head is a CMS SignedData or EnvelopedData in base64 (its first 48 bytes decoded say it). */
export function isBase64Cms(head: string): boolean {
  const b64 = head.replace(ARMOUR, "").replace(/\s+/g, "").slice(0, 64);
  return /^MI[A-Za-z0-9+/]{62}$/.test(b64) && cmsType(Buffer.from(b64, "base64")) !== null;
}

/** The DER or BER bytes: the file's, or its base64 text's decoded. */
function binary(bytes: Uint8Array): Uint8Array {
  if (bytes[0] === 0x30) return bytes;
  return Buffer.from(Buffer.from(bytes).toString("latin1").replace(ARMOUR, "").replace(/\s+/g, ""), "base64");
}

/**
 * The content's name: the signed file's without its signature's extension ("fattura.xml.p7m" →
 * "fattura.xml"); a MIME entity's (an opaque-signed mail's body: its headers, then a blank line)
 * with ".eml", so it is read as a message, its parts and attachments each as what it is.
 */
function contentName(filename: string, content: Uint8Array): string {
  const name = filename.replace(/\.(?:p7m|p7s|p7c|p7b|pkcs7|tsd)$/i, "") || "content";
  const head = Buffer.from(content.subarray(0, 2048)).toString("latin1");
  return MIME_ENTITY.test(head) ? `${name}.eml` : name;
}
/** A MIME entity's header block: header lines (folded ones too), a Content-Type among them, then a blank line. */
const MIME_ENTITY = /^(?:[\w-]+:[^\r\n]*\r?\n(?:[ \t][^\r\n]*\r?\n)*)*?Content-Type:[^\r\n]*\r?\n(?:[ \t][^\r\n]*\r?\n|[\w-]+:[^\r\n]*\r?\n)*\r?\n/i;

export const cmsFormat: Format = {
  kinds: ["cms"],
  library: "its own BER reader (no CMS library; signatures are not verified)",
  async extract(bytes, scope, ctx, { filename }) {
    const der = binary(bytes);
    const type = cmsType(der);
    if (type === "enveloped") throw new Encrypted("CMS EnvelopedData (an S/MIME-encrypted mail, a file encrypted to its recipients): readable with a recipient's private key only");
    if (type === "timestamped") {
      const { content, fileName } = timestampedContent(der);
      if (content === null || content.byteLength === 0) throw new NoText("a time-stamp of data kept elsewhere: the data is not in it");
      // (the metadata's name, a base name only: it names the content, it places nothing)
      const given = fileName?.split(/[\\/]/).pop()?.trim();
      return ctx.recurse(content, given || contentName(filename, content), { path: scope.path, depth: scope.depth + 1, base: scope.base });
    }
    const content = signedContent(der);
    if (content === null || content.byteLength === 0) throw new NoText("a detached signature: the signed file is not in it");
    await ctx.recurse(content, contentName(filename, content), { path: scope.path, depth: scope.depth + 1, base: scope.base });
  },
};
