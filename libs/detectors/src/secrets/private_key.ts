import type { Candidate, Detector } from "../core/types.ts";

const BEGIN = /-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?)-----/g;

/** PEM / OpenSSH / PGP private key blocks: BEGIN line, base64 body, matching END line. */
export const privateKey: Detector = {
  id: "private_key",
  type: "PRIVATE_KEY",
  area: "secrets",
  category: "credential",
  description: "Private key block (PEM, OpenSSH, PGP)",
  patterns: [],
  context: ["key", "private", "ssh", "pem", "id_rsa", "tls", "certificate"],
  prefilter: { keywords: ["private key"] },
  find(text) {
    const out: Candidate[] = [];
    BEGIN.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = BEGIN.exec(text)) !== null) {
      const endLine = `-----END ${m[1]}-----`;
      const endAt = text.indexOf(endLine, m.index + m[0].length);
      const body = endAt >= 0 ? text.slice(m.index + m[0].length, endAt) : text.slice(m.index + m[0].length, m.index + m[0].length + 200);
      // A real block has a substantial base64 body (headers such as Proc-Type may precede it).
      const b64 = body.replace(/^[A-Za-z-]+:.*$/gm, "").replace(/\s+/g, "");
      const armored = endAt >= 0 && b64.length >= 64 && /^[A-Za-z0-9+/=]+$/.test(b64);
      out.push({
        start: m.index,
        end: endAt >= 0 ? endAt + endLine.length : m.index + m[0].length,
        score: armored ? 1.0 : 0.6,
        validation: armored ? "pem_armor" : null,
      });
      if (endAt >= 0) BEGIN.lastIndex = endAt + endLine.length;
    }
    return out;
  },
};
