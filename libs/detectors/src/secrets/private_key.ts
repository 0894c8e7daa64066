import type { Candidate, Detector } from "../core/types.ts";

const BEGIN = /-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?)-----/g;

/** After a header: header lines (`Proc-Type: …`, `Comment: …`), then a line of base64 (a body). */
const BODY_NEXT = /^[ \t]*\r?\n(?:[A-Za-z-]+:.*\r?\n|[ \t]*\r?\n)*[ \t]*[A-Za-z0-9+/=]{40,}/;

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
      // Without its END line, a header is a key cut off (its body follows, or the text ends: the
      // rest may be in the next segment) or only a mention of one: a MIME magic database's
      // pattern (`string -----BEGIN PGP PRIVATE KEY BLOCK----- 0`), code that looks for it.
      const cut = endAt < 0 && (BODY_NEXT.test(text.slice(m.index + m[0].length, m.index + m[0].length + 400)) || text.slice(m.index + m[0].length).trim() === "");
      const mention = endAt < 0 && !cut;
      out.push({
        start: m.index,
        end: endAt >= 0 ? endAt + endLine.length : m.index + m[0].length,
        score: armored ? 1.0 : mention ? 0.1 : 0.6,
        validation: armored ? "pem_armor" : null,
        ...(mention ? { fixed: true } : {}),
      });
      if (endAt >= 0) BEGIN.lastIndex = endAt + endLine.length;
    }
    return out;
  },
};
