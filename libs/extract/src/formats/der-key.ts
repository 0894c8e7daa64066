/**
 * Private keys and key stores in binary (DER) form: `.der`, `.key`, `.p8`, `.p12`/`.pfx`. A
 * private key in PEM is text the PRIVATE_KEY detector finds; the same key in DER was an
 * unsupported binary, so a key on a share went unseen. A DER key (PKCS #1 RSA, PKCS #8, SEC 1 EC;
 * node:crypto reads it) is emitted as its PEM armour, the file's own bytes in base64 under the
 * label of its kind, and an encrypted PKCS #8 key the same way under "ENCRYPTED PRIVATE KEY". A
 * PKCS #12 store (private keys and certificates) or a Java key store (JKS, JCEKS) is protected
 * by a password here: reason `encrypted`, its text unknown.
 */
import { createPrivateKey } from "node:crypto";
import { Encrypted } from "../context.ts";
import type { Format } from "../format.ts";
import { derElement } from "./x509.ts";

/** The labels of PEM armour by key encoding (RFC 7468, and OpenSSL's for PKCS #1 and SEC 1). */
const ARMOUR = { pkcs1: "RSA PRIVATE KEY", pkcs8: "PRIVATE KEY", sec1: "EC PRIVATE KEY" } as const;

/** PKCS #5's PBES2 and PBES1 and PKCS #12's password-based encryption identifiers, as DER (1.2.840.113549.1.5.13 …; 1.2.840.113549.1.12.1.*). */
const PASSWORD_BASED = [Buffer.from("06092a864886f70d01050d", "hex"), Buffer.from("06092a864886f70d010503", "hex"), Buffer.from("06092a864886f70d01050a", "hex"), Buffer.from("060a2a864886f70d010c01", "hex")];

/** What a DER SEQUENCE that fills the file holds, told from its first elements. */
export function derKeyKind(b: Uint8Array): "key" | "encrypted key" | "pkcs12" | null {
  if (b.length < 48 || b[0] !== 0x30) return null;
  const outer = derElement(b, 0);
  if (outer === null || outer.header + outer.length !== b.length) return null;
  const at = outer.header;
  // version INTEGER first: 0 (PKCS #1, PKCS #8), 1 (SEC 1, PKCS #8 v2), 3 (PKCS #12)
  if (b[at] === 0x02 && b[at + 1] === 0x01) {
    const version = b[at + 2];
    const next = b[at + 3];
    if (version === 3 && next === 0x30) return "pkcs12";
    if ((version === 0 && (next === 0x02 || next === 0x30)) || (version === 1 && (next === 0x04 || next === 0x30))) return "key";
    return null;
  }
  // EncryptedPrivateKeyInfo: a SEQUENCE (the algorithm) whose identifier is a password-based one
  if (b[at] === 0x30) {
    const head = Buffer.from(b.buffer, b.byteOffset + at, Math.min(32, b.length - at));
    if (PASSWORD_BASED.some((oid) => head.includes(oid))) return "encrypted key";
  }
  return null;
}

const armour = (label: string, der: Uint8Array) => `-----BEGIN ${label}-----\n${(Buffer.from(der).toString("base64").match(/.{1,64}/g) ?? []).join("\n")}\n-----END ${label}-----\n`;

/** A Java key store by its magic number: JKS (0xFEEDFEED) or JCEKS (0xCECECECE). */
export function isJavaKeyStore(b: Uint8Array): boolean {
  if (b.length < 12) return false;
  const magic = new DataView(b.buffer, b.byteOffset, 4).getUint32(0);
  return magic === 0xfeedfeed || magic === 0xcececece;
}

export const derKeyFormat: Format = {
  kinds: ["der-key", "java-keystore"],
  library: "node:crypto createPrivateKey",
  async extract(bytes, scope, ctx, { kind: format }) {
    if (format === "java-keystore") throw new Encrypted("Java key store: its private keys are protected by a password");
    const kind = derKeyKind(bytes);
    if (kind === "pkcs12") throw new Encrypted("PKCS #12 key store: its private keys and certificates are protected by a password");
    if (kind === "encrypted key") {
      ctx.emit(scope, armour("ENCRYPTED PRIVATE KEY", bytes));
      return;
    }
    // the element after the version says the encoding: an algorithm (PKCS #8), the modulus (PKCS #1), the key (SEC 1)
    const next = bytes[derElement(bytes, 0)!.header + 3];
    const type = next === 0x30 ? "pkcs8" : next === 0x02 ? "pkcs1" : "sec1";
    createPrivateKey({ key: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), format: "der", type }); // throws on a structure that is no key: failed
    ctx.emit(scope, armour(ARMOUR[type], bytes));
  },
};
