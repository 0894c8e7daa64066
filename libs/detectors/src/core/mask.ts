/**
 * Masked values: enough to recognise a finding in a report ("card ending 1111"), never
 * enough to recover the value. Separators stay so the shape remains readable.
 */

const ALNUM = /[\p{L}\p{N}]/u;

/** Replaces every letter/digit with `*` except the last `keep` ones (and the first `lead`). */
export function keepEnds(value: string, lead: number, keep: number): string {
  let total = 0;
  for (const ch of value) if (ALNUM.test(ch)) total++;
  // Never reveal much more than a third of a value (4 of 9 SSN digits at most), whatever the caller asks.
  const budget = Math.floor(total * 0.45);
  if (lead + keep > budget) {
    keep = Math.min(keep, budget);
    lead = Math.max(0, Math.min(lead, budget - keep));
  }
  let seen = 0;
  let out = "";
  for (const ch of value) {
    if (!ALNUM.test(ch)) {
      out += ch;
      continue;
    }
    seen++;
    out += seen <= lead || seen > total - keep ? ch : "*";
  }
  return out;
}

function maskEmail(v: string): string {
  const at = v.lastIndexOf("@");
  if (at <= 0) return keepEnds(v, 0, 0);
  // (the first character whole: an internationalised address's may lie beyond the BMP, two UTF-16
  // units, "𠮷田@例え.jp"; its first unit alone is half a character, no text)
  return `${String.fromCodePoint(v.codePointAt(0)!)}***${v.slice(at)}`;
}

function maskWords(v: string): string {
  return v
    .split(/(\s+)/)
    .map((w) => (/\s/.test(w) || w === "" ? w : `${w[0]}***`))
    .join("");
}

function maskDate(v: string): string {
  // Keep a four-digit year (ages are rarely the secret; day and month are), mask the rest.
  const year = /(?<!\d)(?:19|20)\d\d(?!\d)/.exec(v);
  let out = "";
  for (let i = 0; i < v.length; i++) {
    const inYear = year !== null && i >= year.index && i < year.index + 4;
    out += inYear || !ALNUM.test(v[i]!) ? v[i] : "*";
  }
  return out;
}

function maskIp(v: string): string {
  if (v.includes(".") && !v.includes(":")) {
    const [first, ...rest] = v.split(".");
    return [first, ...rest.map(() => "*")].join(".");
  }
  return keepEnds(v, 4, 0);
}

/** A PEM armour's opening label ("-----BEGIN RSA PRIVATE KEY-----"), without anything after it. */
const ARMOUR = /^-----BEGIN [A-Z0-9 ]{1,40}-----/;

function maskSecret(v: string): string {
  // (the label alone: a key in a JSON file has its body on the label's line, "\n" escaped, or on
  // one line apart by blanks; the first line was the whole key)
  const armour = ARMOUR.exec(v)?.[0];
  if (armour !== undefined) return `${armour} [${v.length} chars redacted]`;
  // A recognisable prefix (AKIA, ghp_, xoxb-, eyJ) helps triage; the secret part is hidden.
  const prefix = /^(?:AKIA|ASIA|gh[pousr]_|github_pat_|xox[abposr]-|eyJ)/.exec(v)?.[0] ?? "";
  return `${prefix}${"*".repeat(Math.min(12, Math.max(4, v.length - prefix.length)))}`;
}

const SECRET_TYPES = new Set(["PRIVATE_KEY", "AWS_ACCESS_KEY", "GITHUB_TOKEN", "SLACK_TOKEN", "JWT", "PASSWORD", "API_KEY", "SESSION_TOKEN"]);
/** A type named as a secret (a custom detector's "INTERNAL_API_TOKEN", "VAULT_SECRET"): masked as one, nothing of it shown. */
const SECRET_NAME = /(?:^|_)(?:TOKEN|SECRET|PASSWORD|PASSPHRASE|CREDENTIALS?|API_KEY|PRIVATE_KEY|SESSION)(?:_|$)/;

/** The masked form of a value of the given entity type. */
export function mask(type: string, value: string): string {
  if (SECRET_TYPES.has(type) || SECRET_NAME.test(type)) return maskSecret(value);
  switch (type) {
    case "EMAIL_ADDRESS":
      return maskEmail(value);
    case "PERSON":
    case "LOCATION":
    case "ADDRESS":
      return maskWords(value);
    case "DATE_OF_BIRTH":
      return maskDate(value);
    case "IP_ADDRESS":
      return maskIp(value);
    case "IBAN_CODE":
      return keepEnds(value, 2, 4);
    case "CRYPTO":
      return keepEnds(value, 4, 4);
    case "IDENTITY_DOCUMENT":
      // The document's code and issuing state ("P<UTO": a passport of Utopia), nothing of its
      // holder; on one short line, as reports and the prompt's markers show a value.
      return `${value.slice(0, 5)}****** (machine-readable zone, ${value.split("\n").length} lines)`;
    default:
      return keepEnds(value, 0, 4);
  }
}
