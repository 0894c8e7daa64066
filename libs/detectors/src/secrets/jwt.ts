import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}

/** JSON Web Tokens: three base64url parts whose header decodes to JSON naming an algorithm. */
export const jwt: Detector = {
  id: "jwt",
  type: "JWT",
  area: "secrets",
  category: "credential",
  description: "JSON Web Token (decodable header with alg)",
  patterns: [{ name: "header.payload.signature", regex: re(String.raw`(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{0,1024}(?![A-Za-z0-9_-])`), score: 0.5 }],
  context: ["jwt", "token", "bearer", "authorization", "id_token", "access_token"],
  prefilter: { keywords: ["eyj"] },
  validate(v) {
    const [h = "", p = ""] = v.split(".");
    const header = decodeJson(h) as { alg?: unknown } | undefined;
    if (!header || typeof header !== "object" || typeof header.alg !== "string") return false;
    if (typeof decodeJson(p) !== "object") return false;
    return { validation: "jwt_header", score: header.alg === "none" ? 0.6 : 0.95 };
  },
};
