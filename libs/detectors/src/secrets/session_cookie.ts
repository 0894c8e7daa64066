import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { isPlaceholder } from "./assignment.ts";

/**
 * Session identifiers: whoever holds one is logged in as its user, no password needed (Okta's
 * support-system breach of 2023 was session cookies in customers' HAR files). Found by the cookie's
 * name, as a `Cookie:` or `Set-Cookie:` header, a HAR, a proxy's log or a URL (`;jsessionid=`)
 * writes it:
 * - the names web frameworks give their session cookie (Java's JSESSIONID, PHP's PHPSESSID,
 *   ASP.NET's, Express's connect.sid, Laravel's, Rails' `_<app>_session`, NextAuth's, GitLab's),
 *   anywhere;
 * - the generic ones ("session", "sid", "sessionid", "session_id") only on a line that says
 *   "cookie" (code's `session=requests.Session()` is none).
 * The value is the finding: at least 16 characters of a cookie's, with a letter and a digit, no
 * placeholder.
 */
const FRAMEWORK = String.raw`(?:JSESSIONID|jsessionid|PHPSESSID|ASP\.NET_SessionId|ASPSESSIONID[A-Z]{8}|connect\.sid|laravel_session|_[a-z0-9_]+_session|(?:__Secure-)?next-auth\.session-token|_gitlab_session|CFID|CFTOKEN)`;
const GENERIC = String.raw`(?:session|sid|sessionid|session_id|sessid|session-id|SESSION|SID|SESSIONID)`;
/** "cookie" before on the same line (at most 2,000 characters back). */
const ON_COOKIE_LINE = String.raw`[Cc][Oo][Oo][Kk][Ii][Ee][^\n]{0,2000}`;
const VALUE = String.raw`[A-Za-z0-9%._~+/=-]{16,512}(?![A-Za-z0-9%._~+/=-])(?=[;,\s"'&?#)]|$)`;

export const sessionCookie: Detector = {
  id: "session_cookie",
  type: "SESSION_TOKEN",
  area: "secrets",
  category: "credential",
  description: "Session identifier in a cookie (JSESSIONID, PHPSESSID, connect.sid, …; session/sid on a cookie line)",
  patterns: [
    { name: "framework cookie", regex: re(String.raw`(?<=(?<![\w.-])${FRAMEWORK}=)${VALUE}`), score: 0.85 },
    { name: "generic cookie", regex: re(String.raw`(?<=${ON_COOKIE_LINE}(?<![\w.-])${GENERIC}=)${VALUE}`), score: 0.75 },
  ],
  context: ["cookie", "set-cookie", "session", "header"],
  prefilter: { keywords: ["sess", "sid", "cfid", "cftoken"] },
  validate(v) {
    if (!/[A-Za-z]/.test(v) || !/\d/.test(v) || isPlaceholder(v) || /^(.)\1+$/.test(v)) return false;
    return { validation: "session_cookie_name" };
  },
};
