import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";

/** RFC 5322 "dot-atom" addresses with a dotted domain and an alphabetic top-level label. */
export const emailAddress: Detector = {
  id: "email_address",
  type: "EMAIL_ADDRESS",
  area: "generic",
  category: "contact",
  description: "E-mail address (local@domain.tld)",
  patterns: [
    {
      name: "dot-atom",
      regex: re(String.raw`(?<![A-Za-z0-9._%+'-])[A-Za-z0-9!#$%&'*+/=?^_{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![A-Za-z0-9-]|\.[A-Za-z0-9])`),
      score: 0.5,
      anchor: { char: "@", before: String.raw`[A-Za-z0-9!#$%&'*+/=?^_{|}~.-]` },
    },
  ],
  context: ["email", "e-mail", "mail", "contact", "address"],
  prefilter: { anyChar: "@" },
  validate(value) {
    const [local = "", domain = ""] = value.split(/@(?=[^@]*$)/);
    if (local.length > 64 || domain.length > 253) return false;
    if (domain.split(".").some((l) => l.startsWith("-") || l.endsWith("-"))) return false;
    return { validation: "email_syntax", score: 1.0 };
  },
};
