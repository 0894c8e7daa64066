/**
 * libphonenumber-js's reading of a plainly written number, with its metadata's expressions
 * compiled once instead of rebuilt for every number: the same answer as
 * `parsePhoneNumberFromString(text, { defaultCountry })` and its `isValid()` and `isPossible()`,
 * for the numbers it answers at all.
 *
 * libphonenumber builds each pattern it tests anew (`new RegExp("^(?:" + pattern + ")$")`), and
 * for a calling code several countries share (NANP's 25, +44's four, +7's two) tests every type
 * of each country in turn: 7–26 µs per number, a quarter of a customer sheet's detection time.
 * This follows the same steps over the same metadata (calling code, national prefix, country by
 * leading digits or number type, validity by type) for the common case only, and answers `null`
 * wherever libphonenumber would do more: a number with any other character, a national prefix
 * or carrier code to strip. `readPhoneNumber` then asks libphonenumber itself; `phone_parse.spec.ts` compares both over every example number and
 * random digits for every calling code.
 */
import { getCountryCallingCode, Metadata, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { digitsOf } from "../core/checksums.ts";

/** The ten number types, FIXED_LINE first, as libphonenumber's `getNumberType` tries them. */
export const NUMBER_TYPES = ["FIXED_LINE", "MOBILE", "PREMIUM_RATE", "TOLL_FREE", "SHARED_COST", "VOIP", "PERSONAL_NUMBER", "PAGER", "UAN", "VOICEMAIL"];

/** The parts of libphonenumber's runtime metadata API the phone detector reads (not in its published types). */
export interface RuntimeMetadata {
  selectNumberingPlan(country: string): void;
  numberingPlan: RuntimePlan;
  hasCallingCode(code: string): boolean;
  getCountryCodesForCallingCode(code: string): string[] | undefined;
}
export interface RuntimePlan {
  leadingDigits(): string | undefined;
  nationalNumberPattern(): string;
  nationalPrefixForParsing(): string | undefined;
  nationalPrefixTransformRule(): string | undefined;
  hasTypes(): boolean;
  possibleLengths(): number[] | undefined;
  IDDPrefix(): string | undefined;
  formats(): Array<{ pattern(): string; leadingDigitsPatterns(): string[] }>;
  type(t: string): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
}

/** A fresh metadata instance (each selects a plan of its own), typed as above. */
export const runtimeMetadata = (): RuntimeMetadata => new Metadata() as unknown as RuntimeMetadata;

interface CountryPlan {
  country: string;
  /** Anchored: the national prefix for parsing (what libphonenumber would strip), and the international call prefix. */
  prefix: RegExp | null;
  idd: RegExp | null;
  /** Anchored: the country's leading digits, which decide the country alone when it has them. */
  leading: RegExp | null;
  /** Whole: the general national number pattern. */
  general: RegExp;
  hasTypes: boolean;
  /** The national number's possible lengths (undefined: libphonenumber's metadata lacks them). */
  lengths: number[] | undefined;
  /** The types with a pattern: whole, and the lengths they allow (null: any). */
  types: Array<{ whole: RegExp; lengths: number[] | null }>;
}

interface CallingCodePlan {
  code: string;
  /** The countries of the code, its main one first. */
  countries: CountryPlan[];
}

const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);

function compileCountry(md: RuntimeMetadata, country: string): CountryPlan {
  md.selectNumberingPlan(country);
  const p = md.numberingPlan;
  const leading = p.leadingDigits();
  const types: CountryPlan["types"] = [];
  for (const t of NUMBER_TYPES) {
    const def = p.type(t);
    if (!def || !def.pattern()) continue;
    types.push({ whole: whole(def.pattern()), lengths: def.possibleLengths() ?? null });
  }
  const npfp = p.nationalPrefixForParsing();
  const idd = p.IDDPrefix();
  return {
    country,
    prefix: npfp ? new RegExp(`^(?:${npfp})`) : null,
    idd: idd ? new RegExp(`^(?:${idd})`) : null,
    leading: leading ? new RegExp(`^(?:${leading})`) : null,
    general: whole(p.nationalNumberPattern()),
    hasTypes: p.hasTypes(),
    lengths: p.possibleLengths(),
    types,
  };
}

const BY_CODE = new Map<string, CallingCodePlan | null>();
const CALLING_CODES = new Map<CountryCode, string>();

/** A country's calling code, asked of libphonenumber once (its call wraps the whole metadata anew every time: a seventh of a parse). */
function callingCodeOf(country: CountryCode): string {
  let code = CALLING_CODES.get(country);
  if (code === undefined) CALLING_CODES.set(country, (code = getCountryCallingCode(country)));
  return code;
}

function planOfCode(code: string): CallingCodePlan | null {
  let plan = BY_CODE.get(code);
  if (plan !== undefined) return plan;
  const md = runtimeMetadata();
  const countries = md.getCountryCodesForCallingCode(code);
  plan = countries && countries.length > 0 ? { code, countries: countries.map((c) => compileCountry(md, c)) } : null;
  BY_CODE.set(code, plan);
  return plan;
}

/** Whether libphonenumber's `getNumberType` finds a type for this national number in this country. */
function hasType(c: CountryPlan, national: string): boolean {
  if (!c.general.test(national)) return false;
  for (const t of c.types) {
    if (t.lengths !== null && !t.lengths.includes(national.length)) continue;
    if (t.whole.test(national)) return true;
  }
  return false;
}

/** libphonenumber's `getCountryByNationalNumber`: the first country whose leading digits or number types fit. */
function countryOf(plan: CallingCodePlan, national: string): CountryPlan | null {
  if (plan.countries.length === 1) return plan.countries[0]!;
  for (const c of plan.countries) {
    if (c.leading !== null) {
      if (c.leading.test(national)) return c;
    } else if (hasType(c, national)) return c;
  }
  return null;
}

/** What libphonenumber's `parsePhoneNumberFromString` gives, and its `isValid()` and `isPossible()`. */
export interface Reading {
  valid: boolean;
  possible: boolean;
  /** undefined: written internationally, and no country of its calling code claims it. */
  country: string | undefined;
  countryCallingCode: string;
  nationalNumber: string;
}

/** Digits, blanks, dots, dashes and parentheses only: what libphonenumber reads as the digits alone. */
const PLAIN = /^\+?[\d \t().-]+$/;
/** libphonenumber's bounds on a national (significant) number. */
const MIN_NSN = 2;
const MAX_NSN = 17;

/**
 * libphonenumber's reading of `text` (with `defaultCountry` when it is written nationally), or
 * null when this cannot say without libphonenumber: not plainly written, a national prefix or a
 * calling code it might strip, a plan without possible lengths.
 */
export function readNumber(text: string, defaultCountry?: CountryCode): Reading | null {
  if (!PLAIN.test(text)) return null;
  const digits = digitsOf(text);
  let plan: CallingCodePlan | null;
  let national: string;
  /** The plan whose national prefix libphonenumber strips: the code's main country's, or the default country's. */
  let own: CountryPlan | undefined;
  const international = text.charCodeAt(0) === 43; // "+"
  if (international) {
    // The calling code: the first one to three digits the metadata knows as one (the codes are prefix-free).
    const md = runtimeMetadata();
    let code = "";
    for (let n = 1; n <= 3 && n < digits.length; n++) {
      if (md.hasCallingCode(digits.slice(0, n))) {
        code = digits.slice(0, n);
        break;
      }
    }
    if (code === "") return null;
    plan = planOfCode(code);
    national = digits.slice(code.length);
    own = plan?.countries[0];
  } else {
    if (defaultCountry === undefined || text.includes("+")) return null;
    plan = planOfCode(callingCodeOf(defaultCountry));
    national = digits;
    own = plan?.countries.find((c) => c.country === defaultCountry);
    // (dialled from there to abroad, or the country's own calling code first without "+":
    // libphonenumber may read a calling code there)
    if (own?.idd?.test(digits) || (plan !== null && digits.startsWith(plan.code))) return null;
  }
  if (plan === null || own === undefined || national.length < MIN_NSN || national.length > MAX_NSN) return null;
  if (own.prefix !== null && own.prefix.test(national)) return null;
  // The country: the first of the code whose leading digits or types fit; else, written
  // nationally, the default country, and internationally none (its checks then use the code's
  // main country's plan).
  const found = countryOf(plan, national);
  const checked = found ?? own;
  if (checked.lengths === undefined) return null;
  return {
    valid: checked.hasTypes ? hasType(checked, national) : checked.general.test(national),
    possible: checked.lengths.includes(national.length),
    country: found?.country ?? (international ? undefined : own.country),
    countryCallingCode: plan.code,
    nationalNumber: national,
  };
}

/**
 * libphonenumber's reading of a number: `readNumber`'s for a plainly written one (the same
 * answers), by libphonenumber itself otherwise.
 */
export function readPhoneNumber(text: string, defaultCountry?: CountryCode): Reading | null {
  const fast = readNumber(text, defaultCountry);
  if (fast !== null) return fast;
  const n = parsePhoneNumberFromString(text, defaultCountry ? { defaultCountry } : undefined);
  if (!n) return null;
  return {
    valid: n.isValid(),
    get possible() {
      return n.isPossible();
    },
    country: n.country,
    countryCallingCode: n.countryCallingCode,
    nationalNumber: n.nationalNumber,
  };
}
