import type { Candidate, Detector } from "../core/types.ts";
import { findAssignments } from "./assignment.ts";

/** `password = value`, `"passwd": "value"`, `Pwd=value;` (key names in several languages). */
const KEYS = /(?<![A-Za-z0-9])(?:[A-Za-z0-9]+[_.-])?(?:password|passwd|passphrase|pass|pwd|passwort|kennwort|mot_de_passe|contraseña|contrasena|senha|wachtwoord)(?:[_.-][A-Za-z0-9]+)?["']?\s*(?::=|=>|=|:)\s*/gi;
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
    const out: Candidate[] = findAssignments(text, KEYS, 3, 0.7);
    URL_CREDS.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = URL_CREDS.exec(text)) !== null) {
      const start = m.index + m[0].indexOf(`:${m[1]}@`) + 1;
      out.push({ start, end: start + m[1]!.length, score: 0.8, validation: "url_userinfo" });
    }
    return out;
  },
};
