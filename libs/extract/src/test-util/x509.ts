/**
 * X.509 certificates for the specs, issued by node-forge and signed with a key node:crypto makes
 * (forge's own RSA key generation is slow in JavaScript): a personal certificate with the subject's
 * attributes and e-mail alternative names, as DER and as PEM; a PKCS #12 key store.
 */
import { generateKeyPairSync } from "node:crypto";
import forge from "node-forge";

export interface CertificateSpec {
  /** Subject attributes by short name (CN, O, L, emailAddress, ...). */
  subject: Record<string, string>;
  /** rfc822Name alternative names. */
  emails?: string[];
  /** A CA's certificate (basicConstraints cA), self-issued. */
  ca?: boolean;
}

/** A certificate for a fresh key, signed by that key (forge's objects). */
function issue(spec: CertificateSpec): { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  cert.serialNumber = "01";
  cert.validity.notBefore = new Date("2025-01-01T00:00:00Z");
  cert.validity.notAfter = new Date("2027-01-01T00:00:00Z");
  // (forge knows long attribute names by `name`, short ones by `shortName`)
  const attrs = Object.entries(spec.subject).map(([key, value]) => (key.length > 2 ? { name: key, value } : { shortName: key, value }));
  cert.setSubject(attrs);
  cert.setIssuer(spec.ca ? attrs : [{ shortName: "CN", value: "Example Issuing CA" }, { shortName: "O", value: "Example Trust Services" }]);
  const extensions: object[] = [{ name: "basicConstraints", cA: spec.ca === true }];
  if (spec.emails?.length) extensions.push({ name: "subjectAltName", altNames: spec.emails.map((value) => ({ type: 1, value })) });
  cert.setExtensions(extensions);
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  cert.sign(key, forge.md.sha256.create());
  return { cert, key };
}

export function makeCertificate(spec: CertificateSpec): { der: Buffer; pem: string } {
  const { cert } = issue(spec);
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), "binary");
  return { der, pem: forge.pki.certificateToPem(cert) };
}

/** A PKCS #12 store of a fresh key and its certificate, protected by `password`. */
export function makePkcs12(password: string): Buffer {
  const { cert, key } = issue({ subject: { CN: "Jane Roe" } });
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: "3des" });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}
