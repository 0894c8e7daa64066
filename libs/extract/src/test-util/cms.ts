/**
 * CMS SignedData files for the specs (RFC 5652's structure, no real signature: the extractor does
 * not verify one), in DER or in BER's streaming form (indefinite lengths, the content as an OCTET
 * STRING in chunks), as OpenSSL's `cms -sign -stream` writes it.
 */
const OID_SIGNED_DATA = "06092a864886f70d010702";
const OID_DATA = "06092a864886f70d010701";
const OID_SHA256 = "0609608648016503040201";

function length(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return [0x80 | bytes.length, ...bytes];
}

/** A definite-length element (DER). */
export const der = (tag: number, ...parts: Uint8Array[]): Uint8Array => {
  const body = Buffer.concat(parts);
  return Uint8Array.from([tag, ...length(body.length), ...body]);
};
/** An indefinite-length constructed element (BER): its parts, then the end-of-contents octets. */
export const ber = (tag: number, ...parts: Uint8Array[]): Uint8Array => Uint8Array.from([tag, 0x80, ...Buffer.concat(parts), 0, 0]);
const hex = (h: string) => Uint8Array.from(Buffer.from(h, "hex"));

/**
 * A ContentInfo of type SignedData holding `content` (null: a detached signature), DER or BER with
 * the content in chunks of `chunk` bytes; `octets`, the content's element as given (a hostile one).
 */
export function signedData(content: Uint8Array | null, { streamed = false, chunk = 7, octets: given }: { streamed?: boolean; chunk?: number; octets?: Uint8Array } = {}): Uint8Array {
  const wrap = streamed ? ber : der;
  const octets = given !== undefined ? given : streamed && content !== null ? ber(0x24, ...Array.from({ length: Math.ceil(content.length / chunk) }, (_, i) => der(0x04, content.subarray(i * chunk, (i + 1) * chunk)))) : content !== null ? der(0x04, content) : null;
  const encap = octets === null ? wrap(0x30, hex(OID_DATA)) : wrap(0x30, hex(OID_DATA), wrap(0xa0, octets));
  const signed = wrap(0x30, hex("020101"), der(0x31, der(0x30, hex(OID_SHA256))), encap, der(0x31));
  return wrap(0x30, hex(OID_SIGNED_DATA), wrap(0xa0, signed));
}

/** A ContentInfo of type EnvelopedData (an S/MIME-encrypted mail's): a recipient and encrypted bytes, nothing readable. */
export function envelopedData(): Uint8Array {
  const encrypted = der(0x30, hex(OID_DATA), der(0x30, hex("0609608648016503040102")), der(0x80, Uint8Array.from(Buffer.from("not the plaintext, 16+ bytes of it"))));
  return der(0x30, hex("06092a864886f70d010703"), der(0xa0, der(0x30, hex("020100"), der(0x31, der(0x30, hex("020100"))), encrypted)));
}

/**
 * A ContentInfo of type TimeStampedData (RFC 5544, a ".tsd"): the content (null: only a URI to
 * it), the metadata's file name when given, and a time-stamp token as its evidence (a SignedData
 * with no content: the extractor reads none of it). Streamed: BER, the content in chunks.
 */
export function timestampedData(content: Uint8Array | null, { fileName, streamed = false, chunk = 7 }: { fileName?: string; streamed?: boolean; chunk?: number } = {}): Uint8Array {
  const wrap = streamed ? ber : der;
  const parts: Uint8Array[] = [hex("020101")];
  if (content === null) parts.push(der(0x16, Uint8Array.from(Buffer.from("https://archive.example/doc.pdf"))));
  if (fileName !== undefined) parts.push(der(0x30, hex("0101ff"), der(0x0c, Uint8Array.from(Buffer.from(fileName))), der(0x16, Uint8Array.from(Buffer.from("application/octet-stream")))));
  if (content !== null) parts.push(streamed ? ber(0x24, ...Array.from({ length: Math.ceil(content.length / chunk) }, (_, i) => der(0x04, content.subarray(i * chunk, (i + 1) * chunk)))) : der(0x04, content));
  parts.push(wrap(0xa0, wrap(0x30, signedData(null))));
  return wrap(0x30, hex("060b2a864886f70d010910011f"), wrap(0xa0, wrap(0x30, ...parts)));
}
