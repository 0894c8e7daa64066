import type { Candidate, Detector } from "../core/types.ts";
import { isPlaceholder } from "./assignment.ts";

/**
 * Passwords given on a command line, as shell histories, scripts, CI logs and runbooks keep them:
 * `curl -u user:password` (also `--user`), MySQL's `-pPASSWORD` (glued: `-p` alone prompts),
 * `sshpass -p PASSWORD`, PowerShell's `ConvertTo-SecureString "…" -AsPlainText`, Windows'
 * `net use \\server\share PASSWORD /user:…` and `net user NAME PASSWORD /add`. The password is the finding. (`--password=…` is an assignment,
 * `secrets/password.ts`.) A variable, a substitution or a placeholder is none; a user whose
 * password is its name ("admin:admin"), and a test's ("testpass"), score 0.2.
 */
const COMMANDS: ReadonlyArray<[RegExp, string]> = [
  [/\bcurl\b[^\n]{0,400}?[ \t](?:-u|--user)(?:[ \t]+|=)(?<q>['"]?)(?<user>[^\s:'"]{1,64}):(?<v>[^\s'"]{3,128})\k<q>(?=[\s;|&)]|$)/dg, "curl_user"],
  [/\bmysql(?:dump|admin|import|show|check)?\b[^\n]{0,300}?[ \t]-p(?<q>['"]?)(?<v>[^\s'"]{3,128})\k<q>(?=[\s;|&)]|$)/dg, "mysql_p"],
  [/\bsshpass[ \t]+-p[ \t]*(?<q>['"]?)(?<v>[^\s'"]{3,128})\k<q>(?=[\s;|&)]|$)/dg, "sshpass_p"],
  // PowerShell: ConvertTo-SecureString "Summer2024!" -AsPlainText -Force
  [/\bConvertTo-SecureString[ \t]+(?:-String[ \t]+)?(?<q>['"])(?<v>[^'"\n]{3,128})\k<q>(?=[^\n]{0,80}-AsPlainText)/dgi, "powershell_plaintext"],
  // Windows: net use \\server\share P@ssw0rd /user:corp\jdoe, or the password after /user:…; net user jdoe P@ssw0rd /add
  [/\bnet[ \t]+use\b[^\n]{0,200}?[ \t](?<q>)(?<v>[^\s/*"'\\]{3,128})[ \t]+\/user:/dgi, "net_use"],
  [/\bnet[ \t]+use\b[^\n]{0,200}?[ \t]\/user:\S+[ \t]+(?<q>)(?<v>[^\s/*"'\\]{3,128})(?=[ \t]*(?:\/|$|\r?\n))/dgim, "net_use"],
  [/\bnet[ \t]+user[ \t]+(?<q>)\S+[ \t]+(?<v>[^\s/*"'\\]{3,128})(?=[ \t]+\/(?:add|domain)\b)/dgi, "net_user"],
];

/** A test's or a demonstration's password. */
const TEST_VALUE = /^(?:test|demo|sample|dummy)/i;

/** A shell's or a template's reference, not a value: `$PASS`, `$(cat f)`, `%PASS%`, `<password>`, `{{ pass }}`. */
const REFERENCE = /^(?:\$|%\w+%$|<.*>$|\{\{)/;

export const commandLinePassword: Detector = {
  id: "command_line_password",
  type: "PASSWORD",
  area: "secrets",
  category: "credential",
  description: "Password on a command line (curl -u user:password, mysql -pPASSWORD, sshpass -p, ConvertTo-SecureString -AsPlainText, net use / net user)",
  patterns: [],
  context: ["password", "credentials", "login", "user"],
  prefilter: { keywords: ["curl", "mysql", "sshpass", "convertto-securestring", "net use", "net user"] },
  find(text) {
    const out: Candidate[] = [];
    for (const [rx, validation] of COMMANDS) {
      rx.lastIndex = 0;
      for (const m of text.matchAll(rx)) {
        const v = m.groups!.v!;
        if (REFERENCE.test(v) || isPlaceholder(v)) continue;
        const [start] = m.indices!.groups!.v!;
        // (a user's own name for password, "admin:admin"; a test's, "net user test testpass /ADD" in an SQL injection's example)
        const same = (m.groups!.user !== undefined && m.groups!.user === v) || TEST_VALUE.test(v);
        out.push(same ? { start, end: start + v.length, score: 0.2, validation: "documentation_example", fixed: true } : { start, end: start + v.length, score: 0.85, validation });
      }
    }
    return out.sort((a, b) => a.start - b.start);
  },
};
