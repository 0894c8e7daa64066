import type { Candidate, Detector } from "../core/types.ts";
import { findAssignments } from "./assignment.ts";

/** `password = value`, `"passwd": "value"`, `Pwd=value;` (key names in several languages). */
const NAMES = String.raw`(?:password|passwd|passphrase|pass|pwd|passwort|kennwort|mot_de_passe|contraseña|contrasena|senha|wachtwoord)(?:[_.-][A-Za-z0-9]+)?["']?\s*(?::=|=>|=|:)`;
const KEYS = new RegExp(String.raw`(?<![A-Za-z0-9])(?:[A-Za-z0-9]+[_.-])?${NAMES}\s*`, "gi");
/** The part of every KEYS match from the key name on: a quick test that the text assigns a password at all. */
const TAIL = new RegExp(NAMES, "i");
/** Credentials inside URLs: scheme://user:password@host. */
const URL_CREDS = /[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:([^\s:/@]{3,})@[^\s/]+/gi;

export const password: Detector = {
  id: "password",
  type: "PASSWORD",
  area: "secrets",
  category: "credential",
  description: "Password in a configuration assignment or a URL",
  patterns: [],
  context: ["password", "credentials", "login", "database", "db", "user", "username"],
  prefilter: { keywords: ["pass", "pwd", "kennwort", "mot_de_passe", "contrase", "senha", "wachtwoord", "://"] },
  find(text) {
    const out: Candidate[] = findAssignments(text, KEYS, 3, 0.7, TAIL);
    // Every URL_CREDS match holds "://" and "@".
    if (!text.includes("://") || !text.includes("@")) return out;
    URL_CREDS.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = URL_CREDS.exec(text)) !== null) {
      const start = m.index + m[0].indexOf(`:${m[1]}@`) + 1;
      out.push({ start, end: start + m[1]!.length, score: 0.8, validation: "url_userinfo" });
    }
    return out;
  },
};
