/**
 * X.509 certificates, binary (DER: .crt, .cer, .der) and PEM (the armoured text, alone or in a
 * bundle with keys), read by node:crypto's X509Certificate. A certificate names its subject: a
 * person's name, e-mail address, organisation and town in a personal (S/MIME, client, ID-card)
 * certificate. Those were a binary file with no text, or a base64 block no detector could read.
 * Each certificate becomes one segment (part "certificate N"): its subject's and issuer's
 * attributes under readable labels ("Subject common name: Jane Roe") and its alternative names.
 * A PEM file's text is emitted as well, so a private key beside the certificates is still found.
 */
import { X509Certificate } from "node:crypto";
import type { Ctx, Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { decodeText } from "../text-decode.ts";
import { emitChunks } from "./text.ts";

/** Attribute names as node:crypto writes them (RFC 4514 / 4519), read as words. */
const LABELS: Record<string, string> = {
  CN: "common name",
  O: "organization",
  OU: "organizational unit",
  L: "city",
  ST: "state or province",
  C: "country",
  street: "street",
  postalCode: "postal code",
  emailAddress: "e-mail",
  serialNumber: "serial number",
  title: "title",
  GN: "given name",
  givenName: "given name",
  SN: "surname",
  surname: "surname",
  initials: "initials",
  pseudonym: "pseudonym",
  telephoneNumber: "telephone",
  UID: "user id",
  DC: "domain component",
};

/** One distinguished name ("C=US\nO=Acme\nCN=Jane Roe"), as lines "<role> <label>: <value>". */
function nameLines(role: string, dn: string | undefined): string[] {
  if (!dn) return [];
  const out: string[] = [];
  for (const line of dn.split("\n")) {
    const eq = line.indexOf("=");
    if (eq <= 0) continue;
    const key = line.slice(0, eq);
    out.push(`${role} ${LABELS[key] ?? key}: ${line.slice(eq + 1)}`);
  }
  return out;
}

/** What a certificate says about whom it names, as text. */
export function certificateText(der: Uint8Array): string {
  const c = new X509Certificate(der);
  const lines = [...nameLines("Subject", c.subject), ...nameLines("Issuer", c.issuer)];
  if (c.subjectAltName) lines.push(`Subject alternative names: ${c.subjectAltName}`);
  return lines.join("\n");
}

/** The length of the DER element at `at` and the size of its tag and length bytes, or null. */
function derElement(b: Uint8Array, at: number): { length: number; header: number } | null {
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

function emitCertificate(ctx: Ctx, scope: Scope, der: Uint8Array, n: number): void {
  ctx.checkTime();
  let text: string;
  try {
    text = certificateText(der);
  } catch (e) {
    ctx.reason("corrupt", `certificate ${n}: ${(e as Error).message}`, scope.path);
    return;
  }
  if (text) ctx.emit(scope, text, { part: `certificate ${n}` });
}

export const x509Format: Format = {
  kinds: ["x509", "pem"],
  library: "node:crypto X509Certificate",
  async extract(bytes, scope, ctx, { kind }) {
    if (kind === "x509") {
      // (a DER file that does not parse is a failed file, not a partial one)
      const text = certificateText(bytes);
      if (text) ctx.emit(scope, text, { part: "certificate 1" });
      return;
    }
    const { text } = decodeText(bytes);
    emitChunks(ctx, scope, text);
    let n = 0;
    for (const m of text.matchAll(PEM_BLOCK)) emitCertificate(ctx, scope, Buffer.from(m[1]!.replace(/\s+/g, ""), "base64"), ++n);
  },
};
