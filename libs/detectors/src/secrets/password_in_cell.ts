import type { Candidate, Detector } from "../core/types.ts";
import { isPlaceholder, PATH_START } from "./assignment.ts";
import { PASSWORD_KEYS } from "./password.ts";

/** Words that label a password column: the password detector's keys as a header's words ("mot de passe"), and Polish's and Italian's (not "pass": a test's Pass/Fail; not "pin"). */
const LABELS = [...PASSWORD_KEYS.map((k) => k.replace(/_/g, " ")), "motdepasse", "hasło", "haslo", "parola"];

/** Letters alone holding a label's word: the header row's own cell, a setting's name ("ResetPassword"), not a value under the label ("Tr1cky!Pass" is one). */
const LABEL_IN_VALUE = /^\p{L}*(?:pass|pwd|kennwort|contrase|senha|wachtwoord|has[łl]o)\p{L}*$/iu;

/**
 * A date, a time, a boolean or a count: what a password's metadata column holds ("2024-03-01",
 * "true", "90"); a URL, an ARN or a URN (a resource's name: "IAMCreateRootUserPassword": "arn:aws:iam::aws:policy/root-task/IAMCreateRootUserPassword" in cfn-lint's data). (A path, `"PWD": "/home/nodeuser/project"` in a process's environment in
 * Node's diagnostic reports, is `PATH_START`'s.)
 */
const NOT_A_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/|^(?:arn|urn):[a-z0-9-]+:|^(?:\d{1,4}[-./]\d{1,2}[-./]\d{1,4}(?:[T ][\d:.]+Z?)?|\d{1,3}|true|false|yes|no|ja|nein|oui|non|sí|si|nao|não|enabled|disabled|set|unset|never|expired|locked|n\/a)$/i;

/**
 * A password alone in a cell under a password column: a sheet or CSV export of accounts
 * ("username,password,email"), a JSON, YAML or HTML record's value under its key read as a cell.
 * The value is one word of 4 to 128 characters and no placeholder ("********", "changeme",
 * "N/A"), no date or flag; the column is the evidence: alone the cell scores 0.3 (not reported),
 * under a password's label 0.65. Columns about a password, not holding one ("password_changed",
 * "Password expiry", "password hint"), take it below the minimum again.
 */
export const passwordInCell: Detector = {
  id: "password_in_cell",
  type: "PASSWORD",
  area: "secrets",
  category: "credential",
  description: "Password alone in a cell of a password column (the header is the evidence)",
  patterns: [],
  context: LABELS,
  negativeHeader: ["changed", "change", "last", "expiry", "expires", "expiration", "expired", "age", "policy", "length", "hint", "reset", "required", "date", "updated", "strength", "attempts", "count", "status", "type", "prompt", "field", "label", "file", "path", "rules", "complexity", "history", "enabled", "set"],
  prefilter: { maxChars: 160 },
  // Only under a password's label (or beside one): elsewhere the cell is not even read.
  maxBaseScore: 0.3,
  find(text): Candidate[] {
    const value = text.trim();
    if (value.length < 4 || value.length > 128 || /\s/.test(value) || isPlaceholder(value) || LABEL_IN_VALUE.test(value) || NOT_A_PASSWORD.test(value) || PATH_START.test(value)) return [];
    const start = text.indexOf(value);
    return [{ start, end: start + value.length, score: 0.3, validation: "password_column", whole: true }];
  },
};
