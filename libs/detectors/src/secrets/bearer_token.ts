import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { isPlaceholder } from "./assignment.ts";

/**
 * An opaque access token after "Bearer" (RFC 6750): `Authorization: Bearer 8f2b1c9e…` in a
 * captured request (a web archive, a HAR file, a proxy's log), a curl command, a client's
 * configuration. Whoever holds it acts as its owner until it expires. The token is the finding: at
 * least 16 characters of RFC 6750's alphabet with a letter and a digit, no placeholder, no
 * reference (`$TOKEN`, `{{token}}`), no run counting up. A JWT is the JWT detector's.
 */
export const bearerToken: Detector = {
  id: "bearer_token",
  type: "ACCESS_TOKEN",
  area: "secrets",
  category: "credential",
  description: "Opaque access token after \"Bearer\" (RFC 6750)",
  patterns: [{ name: "Bearer token", regex: re(String.raw`(?<=(?<![A-Za-z])[Bb]earer[ \t]+)[A-Za-z0-9._~+/-]{16,1024}=*(?![A-Za-z0-9._~+/=-])`), score: 0.85 }],
  context: ["authorization", "auth", "token", "header", "bearer"],
  prefilter: { keywords: ["bearer"] },
  validate(v) {
    if (v.startsWith("eyJ") || !/[A-Za-z]/.test(v) || !/\d/.test(v) || isPlaceholder(v)) return false;
    return { validation: "bearer_token" };
  },
};
