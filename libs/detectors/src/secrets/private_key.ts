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
      // A real block has a substantial base64 body (headers such as Proc-Type may precede it),
      // its lines broken by newlines or, inside a JSON or code string, by "\n" escapes (a cloud
      // service account's key file: "private_key": "-----BEGIN PRIVATE KEY-----\nMIIE…").
      const b64 = body.replace(/\\[nr]/g, "\n").replace(/^[A-Za-z-]+:.*$/gm, "").replace(/\s+/g, "");
      // Documentation's keys: AWS's write EXAMPLE into the body, others cut it short ("MIIEow...
      // fvY4+te"). No key is there to leak; random base64 holds "EXAMPLE" once in 4·10^12 characters.
      const example = endAt >= 0 && /EXAMPLE|\.\.\.|…/.test(b64);
      // A body too short for any key holds none ("key omitted for security reasons").
      const empty = endAt >= 0 && !example && b64.length < 64;
      const armored = endAt >= 0 && !example && !empty && /^[A-Za-z0-9+/=]+$/.test(b64);
      // Without its END line, a header is a key cut off (its body follows, or the text ends: the
      // rest may be in the next segment) or only a mention of one: a MIME magic database's
      // pattern (`string -----BEGIN PGP PRIVATE KEY BLOCK----- 0`), code that looks for it.
      const cut = endAt < 0 && (BODY_NEXT.test(text.slice(m.index + m[0].length, m.index + m[0].length + 400)) || text.slice(m.index + m[0].length).trim() === "");
      const mention = endAt < 0 && !cut;
      out.push({
        start: m.index,
        end: endAt >= 0 ? endAt + endLine.length : m.index + m[0].length,
        score: armored ? 1.0 : mention || example || empty ? 0.1 : 0.6,
        validation: armored ? "pem_armor" : example ? "documentation_example" : empty ? "no_key_body" : null,
        ...(mention || example || empty ? { fixed: true } : {}),
      });
      if (endAt >= 0) BEGIN.lastIndex = endAt + endLine.length;
    }
    return out;
  },
};
