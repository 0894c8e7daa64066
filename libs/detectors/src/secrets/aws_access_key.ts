import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";

/** AWS access key ids: a 4-letter resource prefix and 16 base-32 characters. */
export const awsAccessKey: Detector = {
  id: "aws_access_key",
  type: "AWS_ACCESS_KEY",
  area: "secrets",
  category: "credential",
  description: "AWS access key id (AKIA/ASIA/... prefix)",
  patterns: [{ name: "key id", regex: re(String.raw`(?<![A-Za-z0-9_])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[A-Z2-7]{16}(?![A-Za-z0-9_])`), score: 0.9 }],
  context: ["aws", "access key", "aws_access_key_id", "key id", "iam", "credentials"],
  negativeContext: ["example"],
  prefilter: { keywords: ["akia", "asia", "abia", "acca", "agpa", "aida", "aroa", "aipa", "anpa", "anva", "apka"] },
  // AWS's documentation writes EXAMPLE into its example ids (AKIAIOSFODNN7EXAMPLE,
  // AKIAEXAMPLEPBUMBC3GA): found, and no context word near ("aws", "iam") makes them a key.
  validate: (v) => (v.includes("EXAMPLE") ? { validation: "documentation_example", score: 0.2, fixed: true } : { validation: "aws_key_format", score: 0.9 }),
};
