import type { Detector } from "../core/types.ts";
import { bounded, NOT_IN_TOKEN } from "../core/regex.ts";
import { allSame } from "../core/checksums.ts";
import { compactDate } from "../core/shape.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";

/** US bank account numbers: 8–17 digits, no check digit; only context makes them reportable. */
export const usBankNumber: Detector = {
  id: "us_bank_number",
  type: "US_BANK_NUMBER",
  area: "us",
  category: "financial",
  description: "US bank account number (digits + context)",
  // (not the tail of a dashed or slashed token: an id in a URL path or a slug, "…-account-1472502666967")
  patterns: [{ name: "8-17 digits", regex: bounded(String.raw`${NOT_IN_TOKEN}\d{8,17}`), score: 0.05 }],
  context: ["bank", "account", "acct", "acc", "checking", "savings", "deposit", "account number", "debit", "beneficiary"],
  // Labels of other numbers: in a config file the line above's "account_iban" is within the
  // window of "invoice_prefix = 212112606572236".
  negativeContext: [...OTHER_NUMBER_LABELS, "routing", "aba", "phone", "request", "session", "version", "account id", "aws", "time", "size", "limit", "bytes"],
  maxBaseScore: 0.05,
  prefilter: { minDigits: 8 },
  // Eight digits that are a date ("Fixes some minor problems in 20030716", near "leak-checking"):
  // found, never lifted; one random number in about 1,400 is one.
  validate: (value) => (allSame(value) ? false : compactDate(value) ? { validation: "date_shaped", score: 0.01, fixed: true } : { validation: null }),
};
