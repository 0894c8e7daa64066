import type { Candidate, Detector } from "../core/types.ts";
import { isPlaceholder } from "./assignment.ts";

/**
 * Passwords given on a command line, as shell histories, scripts, CI logs and runbooks keep them:
 * `curl -u user:password` (also `--user`), MySQL's `-pPASSWORD` (glued: `-p` alone prompts),
 * `sshpass -p PASSWORD`. The password is the finding. (`--password=…` is an assignment,
 * `secrets/password.ts`.) A variable, a substitution or a placeholder is none; a user whose
 * password is its name ("admin:admin") scores 0.2.
 */
const COMMANDS: ReadonlyArray<[RegExp, string]> = [
  [/\bcurl\b[^\n]{0,400}?[ \t](?:-u|--user)(?:[ \t]+|=)(?<q>['"]?)(?<user>[^\s:'"]{1,64}):(?<v>[^\s'"]{3,128})\k<q>(?=[\s;|&)]|$)/g, "curl_user"],
  [/\bmysql(?:dump|admin|import|show|check)?\b[^\n]{0,300}?[ \t]-p(?<q>['"]?)(?<v>[^\s'"]{3,128})\k<q>(?=[\s;|&)]|$)/g, "mysql_p"],
  [/\bsshpass[ \t]+-p[ \t]*(?<q>['"]?)(?<v>[^\s'"]{3,128})\k<q>(?=[\s;|&)]|$)/g, "sshpass_p"],
];

/** A shell's or a template's reference, not a value: `$PASS`, `$(cat f)`, `%PASS%`, `<password>`, `{{ pass }}`. */
const REFERENCE = /^(?:\$|%\w+%$|<.*>$|\{\{)/;

export const commandLinePassword: Detector = {
  id: "command_line_password",
  type: "PASSWORD",
  area: "secrets",
  category: "credential",
  description: "Password on a command line (curl -u user:password, mysql -pPASSWORD, sshpass -p)",
  patterns: [],
  context: ["password", "credentials", "login", "user"],
  prefilter: { keywords: ["curl", "mysql", "sshpass"] },
  find(text) {
    const out: Candidate[] = [];
    for (const [rx, validation] of COMMANDS) {
      rx.lastIndex = 0;
      for (const m of text.matchAll(rx)) {
        const v = m.groups!.v!;
        if (REFERENCE.test(v) || isPlaceholder(v)) continue;
        const start = m.index + m[0].length - v.length - m.groups!.q!.length;
        const same = m.groups!.user !== undefined && m.groups!.user === v;
        out.push(same ? { start, end: start + v.length, score: 0.2, validation: "documentation_example", fixed: true } : { start, end: start + v.length, score: 0.85, validation });
      }
    }
    return out.sort((a, b) => a.start - b.start);
  },
};
