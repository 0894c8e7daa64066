import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { isPlaceholder } from "./assignment.ts";

/**
 * The user and password of an HTTP Basic Authorization header, base64 of "user:password"
 * (RFC 7617): "Authorization: Basic YWRtaW46UzNjcjN0IQ==" in a captured request (a web archive,
 * a HAR file, a proxy's log), a curl command, a client's configuration. The token is the finding;
 * it counts only when it decodes to printable text with a user, a colon and a password that is no
 * placeholder.
 */
export function basicCredentials(token: string): { user: string; password: string } | null {
  const bytes = Buffer.from(token, "base64");
  // (strict base64: what decodes must encode back to the token, padding aside)
  if (bytes.toString("base64").replace(/=+$/, "") !== token.replace(/=+$/, "")) return null;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (text.includes("\uFFFD") || [...text].some((c) => c.charCodeAt(0) < 0x20 || c === "\u007f")) return null;
  const colon = text.indexOf(":");
  if (colon <= 0 || colon === text.length - 1) return null;
  return { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** RFC 2617's and RFC 7617's example credentials, lower case, without blanks. */
const RFC_EXAMPLES = new Set(["aladdin:opensesame", "test:123\u00a3"]);

export const basicAuth: Detector = {
  id: "basic_auth",
  type: "PASSWORD",
  area: "secrets",
  category: "credential",
  description: "HTTP Basic credentials (base64 of user:password after \"Basic\")",
  patterns: [{ name: "Basic token", regex: re(String.raw`(?<=(?<![A-Za-z])[Bb][Aa][Ss][Ii][Cc][ \t]+)[A-Za-z0-9+/]{8,}={0,2}(?![A-Za-z0-9+/=])`), score: 0.9 }],
  context: ["authorization", "auth", "credentials", "header"],
  prefilter: { keywords: ["basic"] },
  validate(v) {
    const creds = basicCredentials(v);
    if (creds === null || isPlaceholder(creds.password)) return false;
    // (the RFCs' own examples, in every HTTP library's documentation, "aladdin:opensesame" too; a
    // user whose password is its name, "bob:bob" in mappersmith's README)
    if (RFC_EXAMPLES.has(`${creds.user}:${creds.password}`.toLowerCase().replace(/\s+/g, "")) || creds.user === creds.password) return { validation: "documentation_example", score: 0.2, fixed: true };
    return { validation: "basic_auth", score: 0.9 };
  },
};
