/**
 * X.509 certificates, binary (DER: .crt, .cer, .der) and PEM (the armoured text, alone or in a
 * bundle with keys), read by node:crypto's X509Certificate. A certificate names its subject: a
 * person's name, e-mail address, organisation and town in a personal (S/MIME, client, ID-card)
 * certificate. Those were a binary file with no text, or a base64 block no detector could read.
 * Each attribute of a certificate's subject becomes a cell in part "certificate N" under its
 * label as column ("common name": "Jane Roe", "e-mail", "city"), and so do its alternative
 * names' e-mail addresses: the detectors read them as a sheet's cells under their headers. A CA's
 * certificate names an authority and is skipped (a bundle of root certificates holds no one).
 * A PEM file's text is emitted as well, so a private key beside the certificates is still found.
 */
import { X509Certificate } from "node:crypto";
import type { Ctx, Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { decodeText } from "../text-decode.ts";
import { emitChunks } from "./text.ts";
import { directoryLabelOf } from "./directory-labels.ts";

/** What a certificate says about whom it names: [label, value] pairs. */
export function certificateFields(der: Uint8Array): Array<[string, string]> {
  const c = new X509Certificate(der);
  // A CA's certificate names an authority, not a person (a bundle of root certificates).
  if (c.ca) return [];
  const out: Array<[string, string]> = [];
  for (const line of c.subject.split("\n")) {
    const eq = line.indexOf("=");
    // (under the words a column header would use: "common name", "city", "e-mail")
    const label = eq > 0 ? directoryLabelOf(line.slice(0, eq)) : null;
    if (label && eq < line.length - 1) out.push([label, line.slice(eq + 1)]);
  }
  // (of the alternative names, the e-mail addresses: DNS names and IP addresses name machines)
  for (const m of (c.subjectAltName ?? "").matchAll(/(?:^|, )email:("(?:[^"\\]|\\.)*"|[^,]+)/g)) out.push(["e-mail", m[1]!.replace(/^"|"$/g, "")]);
  return out;
}

/** The length of the DER element at `at` and the size of its tag and length bytes, or null. */
export function derElement(b: Uint8Array, at: number): { length: number; header: number } | null {
  const first = b[at + 1];
  if (first === undefined) return null;
  if (first < 0x80) return { length: first, header: 2 };
  const n = first & 0x7f;
  if (n < 1 || n > 4 || at + 2 + n > b.length) return null;
  let length = 0;
  for (let i = 0; i < n; i++) length = length * 256 + b[at + 2 + i]!;
  return { length, header: 2 + n };
}

/**
 * A DER certificate, which has no magic number: one SEQUENCE that fills the file, whose first
 * element is a SEQUENCE (the signed part) that starts with the explicit version ([0] INTEGER)
 * or the serial number (an INTEGER). A private key's or a PKCS #12 store's SEQUENCE starts with
 * an INTEGER instead, a PKCS #7 bundle's with an object identifier.
 */
export function isDerCertificate(b: Uint8Array): boolean {
  if (b.length < 64 || b[0] !== 0x30) return false;
  const outer = derElement(b, 0);
  if (outer === null || outer.header + outer.length !== b.length || b[outer.header] !== 0x30) return false;
  const tbs = derElement(b, outer.header);
  if (tbs === null || tbs.header < 3) return false;
  const first = outer.header + tbs.header;
  return (b[first] === 0xa0 && b[first + 1] === 0x03 && b[first + 2] === 0x02) || b[first] === 0x02;
}

const PEM_BLOCK = /-----BEGIN (?:X509 |TRUSTED )?CERTIFICATE-----([A-Za-z0-9+/=\s]+?)-----END (?:X509 |TRUSTED )?CERTIFICATE-----/g;

/** A certificate's fields, each a cell under its label, in part "certificate N". */
function emitFields(ctx: Ctx, scope: Scope, fields: Array<[string, string]>, n: number): void {
  for (const [column, value] of fields) ctx.emit(scope, value, { part: `certificate ${n}`, column });
}

export const x509Format: Format = {
  kinds: ["x509", "pem"],
  library: "node:crypto X509Certificate",
  async extract(bytes, scope, ctx, { kind }) {
    // (a DER file that does not parse is a failed file, not a partial one)
    if (kind === "x509") return emitFields(ctx, scope, certificateFields(bytes), 1);
    const { text } = decodeText(bytes);
    emitChunks(ctx, scope, text);
    let n = 0;
    for (const m of text.matchAll(PEM_BLOCK)) {
      ctx.checkTime();
      n++;
      try {
        emitFields(ctx, scope, certificateFields(Buffer.from(m[1]!.replace(/\s+/g, ""), "base64")), n);
      } catch (e) {
        ctx.reason("corrupt", `certificate ${n}: ${(e as Error).message}`, scope.path);
      }
    }
  },
};
