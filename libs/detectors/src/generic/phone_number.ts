import { getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";
import type { Candidate, Detector, Verdict } from "../core/types.ts";
import { OTHER_NUMBER_LABELS } from "../core/context.ts";
import { HASH_CONSTANTS } from "../core/shape.ts";
import { NUMBER_TYPES, readPhoneNumber, runtimeMetadata, type RuntimePlan } from "./phone_parse.ts";
import { digitsOf } from "../core/checksums.ts";

/**
 * Regions tried for numbers written without a country code, in order. Numbers with a
 * leading + (or 00) are parsed by their own country code whatever the region.
 */
export const PHONE_REGIONS: CountryCode[] = ["US", "GB", "DE", "FR", "IL", "IN", "CA", "BR", "AU", "ES", "IT", "NL", "PL", "SG", "JP", "CN", ...LABEL_ONLY_REGIONS()];

/**
 * Regions tried last, whose national numbers count only under a phone label ("Tlf. 33 12 34 56",
 * "Mobil: 0664 123 45 67"): a Danish or Norwegian number is any eight digits, and the others' are
 * seldom met in text without their +CC; read before, a bare run of their shape would be reported.
 */
function LABEL_ONLY_REGIONS(): CountryCode[] {
  return ["AT", "CH", "BE", "SE", "DK", "NO", "PT"];
}
const LABEL_ONLY = new Set<CountryCode>(LABEL_ONLY_REGIONS());

/**
 * Cheap pass before libphonenumber: phone-shaped runs of digits and separators on one line,
 * 7 to 17 digits.
 */
const SHAPE = /(?:\+|\b00|\()?\d[\d \t().\-/]{5,24}\d/g;


const QUAD = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
export function isDottedQuad(s: string): boolean {
  const m = QUAD.exec(s);
  return m !== null && m.slice(1).every((g) => Number(g) <= 255);
}

/**
 * Regions where a number written nationally always carries its trunk prefix 0 ("030 1234567",
 * "020 7946 0958"): a run without it is not read as their number. Elsewhere (US/CA, mobile
 * numbers in IN, CN, BR, ES, IT, PL, SG) the prefix is optional or absent.
 */
const TRUNK_ZERO = new Set<CountryCode>(["GB", "DE", "FR", "IL", "AU", "NL", "JP", "AT", "CH", "BE", "SE"]);

interface Plan {
  region: CountryCode;
  callingCode: string;
  /** Anchored: the trunk prefix (and carrier code) libphonenumber strips from a national number. */
  prefix: RegExp | null;
  transform: string | null;
  /** Anchored: numbers any country of this calling code could call valid (general pattern and a type pattern). */
  valid: RegExp;
  idd: RegExp;
}

/** The numbering plans of the countries that share a calling code (of `fallback` alone when the metadata lists none). */
function plansOfCallingCode(callingCode: string, fallback: string[] = []): RuntimePlan[] {
  const md = runtimeMetadata();
  return (md.getCountryCodesForCallingCode(callingCode) ?? fallback).map((country) => {
    md.selectNumberingPlan(country);
    return md.numberingPlan;
  });
}

function planOf(region: CountryCode): Plan {
  const callingCode = getCountryCallingCode(region);
  const alternatives = plansOfCallingCode(callingCode, [region]).map((p) => {
    const types = NUMBER_TYPES.map((t) => p.type(t)?.pattern()).filter((x): x is string => !!x);
    // Without type patterns libphonenumber checks the general pattern alone.
    return types.length ? `(?=(?:${p.nationalNumberPattern()})$)(?:${types.join("|")})$` : `(?:${p.nationalNumberPattern()})$`;
  });
  const md = runtimeMetadata();
  md.selectNumberingPlan(region);
  const p = md.numberingPlan;
  const npfp = p.nationalPrefixForParsing();
  return {
    region,
    callingCode,
    prefix: npfp ? new RegExp(`^(?:${npfp})`) : null,
    transform: p.nationalPrefixTransformRule() ?? null,
    valid: new RegExp(`^(?:${alternatives.join("|")})`),
    idd: new RegExp(`^(?:${p.IDDPrefix()})`),
  };
}

/** Each region's numbering plan, compiled once from libphonenumber's metadata. */
const PLANS: Plan[] = PHONE_REGIONS.map(planOf);

/** National numbers libphonenumber may read `digits` as in this plan: as is, without the trunk prefix, without the calling code. */
function nationalCandidates(plan: Plan, digits: string): string[] {
  const out = [digits];
  const m = plan.prefix?.exec(digits);
  if (m && m[0].length) {
    out.push(plan.transform && m.length > 1 && m[1] !== undefined ? digits.replace(plan.prefix!, plan.transform) : digits.slice(m[0].length));
  }
  if (digits.startsWith(plan.callingCode)) {
    const rest = digits.slice(plan.callingCode.length);
    out.push(rest);
    const r = plan.prefix?.exec(rest);
    if (r && r[0].length) out.push(rest.slice(r[0].length));
  }
  return out;
}

/**
 * Could libphonenumber call `digits` a valid number of this region? A necessary condition,
 * checked with regular expressions compiled once: one of the national numbers it may read
 * matches the numbering plan of a country with this calling code. Regions failing it are
 * never parsed, so most runs cost no libphonenumber call at all and a phone number one parse.
 */
function mayBeIn(plan: Plan, digits: string): boolean {
  if (TRUNK_ZERO.has(plan.region) && !(digits[0] === "0" && digits[1] !== "0")) return false;
  return mayBeValidIn(plan, digits);
}

/** `mayBeIn` without our trunk-prefix policy: exported for the spec that checks it against libphonenumber. */
export function mayBeValidIn(plan: Plan | CountryCode, digits: string): boolean {
  if (typeof plan === "string") plan = PLANS.find((p) => p.region === plan) ?? planOf(plan);
  if (plan.idd.test(digits)) return true; // an international number dialled from there: let libphonenumber decide
  return nationalCandidates(plan, digits).some((n) => plan.valid.test(n));
}

function scoreFor(raw: string, region: CountryCode): number {
  const international = raw.startsWith("+") || raw.startsWith("00");
  // (a slash too: the one AREA_CODE_SLASH lets through, "0176/98765432")
  const formatted = /[\s()./-]/.test(raw);
  // A bare digit run valid only in some far region is weak evidence on its own. A formatted
  // national number stays below a checksum-validated identifier of the same shape (an NHS number
  // "943 476 5919" is also a valid US number): on a tie of shape the check digit decides.
  if (international) return 0.5;
  if (LABEL_ONLY.has(region)) return MISGROUPED_SCORE;
  return formatted && (region === "US" || region === "GB") ? 0.45 : formatted ? 0.4 : 0.3;
}

const GENERAL = new Map<string, RegExp>();

/** Does a national number fit the general pattern of a country with this calling code (any block, assigned or not)? */
function fitsGeneralPlan(callingCode: string, national: string): boolean {
  let rx = GENERAL.get(callingCode);
  if (!rx) {
    const general = plansOfCallingCode(callingCode).map((p) => p.nationalNumberPattern());
    rx = general.length ? new RegExp(`^(?:${general.join("|")})$`) : /(?!)/;
    GENERAL.set(callingCode, rx);
  }
  return rx.test(national);
}

/** An international number of a possible length but unassigned block: reported only with context (0.2 + boost). */
export const POSSIBLE_SCORE = 0.2;

/** Shapes that are other things, never read as phone numbers: SSN- and CPF-formatted runs, a US ZIP+4 code ("MA 02110-1301" in every GPL notice), a Portuguese postcode ("3000-351 Coimbra") and date-like runs. */
const NOT_PHONE = /^(?:\d{3}-\d{2}-\d{4}|\d{5,6}-\d{4}|\d{4}-\d{3}|\d{3}\.\d{3}\.\d{3}-\d{2}|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})$/;

/** Inside a dashed token of letters and digits (a UUID, a serial like "AB12-3456-7890-CD")? */
function inDashedToken(text: string, start: number, end: number): boolean {
  const alnum = (ch: string | undefined) => ch !== undefined && /[A-Za-z0-9]/.test(ch);
  return (text[start - 1] === "-" && alnum(text[start - 2])) || (text[end] === "-" && alnum(text[end + 1]));
}

/**
 * Glued by a colon to digits: part of a time or a ratio ("Date: Wed Feb 22 23:09:29 2006 -0800",
 * "2022-03-15 23:02:01"), never a number of its own. (After a letter the colon is a label's:
 * "Tel:030 1234567".)
 */
function inTimeOrRatio(text: string, start: number, end: number): boolean {
  const digit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";
  return (text[start - 1] === ":" && digit(text[start - 2])) || (text[end] === ":" && digit(text[end + 1]));
}

/**
 * Runs that are several things, not one number: columns of a table apart by a tab or by two or
 * more blanks ("5620  9.0.0836" in Vim's patch list), a byte dump ("07 06 05 04 03 02 01": six or
 * more two-digit groups; a French number has five) and a last group of one digit (a version,
 * "20200923.3-3"; no numbering plan groups its last digit alone), a run holding an ISO date
 * ("release 7.3 (2009-05-01)"), a decimal number (one dot and nothing else: "0.333333333",
 * "-122.085589"), one beside other numbers (an SVG path's "91.718-94.043" and "72 184.4818": a
 * group with one dot and a blank or a dash beside it; a dotted phone number is dotted throughout,
 * "212.392.0132"), a range ("0..999999"), a parenthesis left unclosed ("(0-999999"), a dotted date
 * inside ("1 30.06.2013"), two one-digit groups in a row (an SVG viewBox, "16 16 0 0 16 16") and
 * decimals ("0.756866 0.854904", "7 7.04833984"), the collation weights of Unicode's
 * allkeys.txt ("[*0201.0020.0002]": dotted groups of four, the second a small number), a standard's
 * number and year ("GOST R 34.10-2012 256 bit", JIS's "0208-1983"), a date and a serial ("20040223-00"), bit ranges
 * ("0-7 16-23 8-15 24-31"), a font's bounding box with a negative number ("B 26 -7 827 599"), a
 * netmask
 * ("255.255.255.0"), code points
 * of a decomposition ("344\t\t0308 0301": groups of four that all begin with 0; a subscriber's
 * number never does after its area code), a
 * version of three numbers ("@types/node": "18.19.130"), and two one-digit numbers dotted in a
 * row (an object identifier, "1.3.6.1.5.5.7.1.11"), a dotted group of a lone 0 (a browser's
 * version, "Chromium 126.0.6478.126").
 */
const NOT_ONE_NUMBER = /[ -]\d+\.\d+(?![\d.])|(?:^|[ -])\d+\.\d+[ -]|^0\d{3}-(?:19|20)\d\d$|(?:^|\s)-\d|255\.255|\.\d+-(?:19|20)\d\d(?!\d)|^(?:19|20)\d\d[01]\d[0-3]\d-|(?:^|\s)\d{1,2}-\d{1,2}\s+\d{1,2}-\d{1,2}(?:\s|$)|^\d{4}\.00\d\d\.\d{4}$|^0\d{3}(?: 0\d{3})+$|^\d{1,2}\.\d{1,2}\.\d{1,4}$|(?:^|\D)\d\.\d\.\d|\t| {2}|^\d\d(?: \d\d){5,}$|[ .-]\d$|\d{4}-\d\d-\d\d|^\d+\.\d+$|\.\.|\([^)]*$|^[^(]*\)|(?:^|\D)\d{1,2}\.\d{1,2}\.(?:19|20)\d\d(?!\d)|(?:^|\s)\d\s\d(?:\s|$)|(?:^|\s)0\.\d|\.\d{5}|\.0\./;

/**
 * A position as ISO 6709 writes it in tz's zone.tab and zone1970.tab and in other tables of
 * places: a signed latitude of degrees and minutes (and seconds) glued to a signed longitude of
 * as many parts, "+4953-09709" (Winnipeg), "-0351-03225", "+492717-0023210"; each part in range.
 * A number written "+49 53 09709" has blanks; one glued so is no phone number's grouping.
 */
const ISO6709 = /^[+-](\d\d)([0-5]\d)([0-5]\d)?[+-](\d{3})([0-5]\d)([0-5]\d)?$/;
function iso6709(text: string, start: number, end: number): boolean {
  const signed = text[start] === "+" ? text.slice(start, end) : text[start - 1] === "-" ? text.slice(start - 1, end) : null;
  const m = signed === null ? null : ISO6709.exec(signed);
  return m !== null && (m[3] === undefined) === (m[6] === undefined) && Number(m[1]) <= 90 && Number(m[4]) <= 180 && !/[\d+-]/.test(text[end] ?? "");
}

/** A run [start, end) trimmed of edge punctuation that has a phone number's length and shape. */
interface Shape {
  start: number;
  end: number;
  raw: string;
  digits: string;
  /** The run as an international number ("+…"), when it is written as one. */
  intl: string | null;
}

function shapeOf(text: string, start: number, end: number): Shape | null {
  while (end > start && /[\s.\-/(]/.test(text[end - 1]!)) end--;
  while (start < end && /[\s.\-/)]/.test(text[start]!)) start++;
  const raw = text.slice(start, end);
  const digits = digitsOf(raw);
  if (digits.length < 7 || digits.length > 15) return null;
  // Glued to a letter, a digit or "_", or inside a dashed token, it is part of something else
  // (tested before the expressions below: a run in a sheet's ids often is).
  if (/[A-Za-z0-9_]/.test(text[start - 1] ?? "") || /[A-Za-z0-9_]/.test(text[end] ?? "") || inDashedToken(text, start, end)) return null;
  // (a run of digits alone, a sheet's order id, has no groups to weigh)
  if (digits.length !== raw.length && groupsSayNotOne(text, start, end, raw)) return null;
  // One digit over and over is an input mask or a placeholder ("(999) 999-9999", "000-000-0000"),
  // and so are digits counting up ("123-456-7890", a SIMD lane comment's "0123 4567").
  // (also with one other digit among them, not the first: "444 1 44444" and "444 1 444444" in
  // libphonenumber-js's README and change log were Polish and Indian numbers at 0.65)
  if (/^(\d)\1+$/.test(digits) || "01234567890123456789".includes(digits) || oneDigitAndAnother(digits)) return null;
  // Glued to a product or a power, it is arithmetic: "r**2 - 12013350*p**4" in SymPy's quintic
  // constants holds "2 - 12013350".
  if (/[*^]/.test(text[start - 1] ?? "") || /[*^]/.test(text[end] ?? "")) return null;
  // After "#" it is a URL's fragment, lines of a source file ("iterator.rs.html#3228-3231" in
  // rustdoc's pages), or an issue's number.
  if (text[start - 1] === "#") return null;
  // After a minus sign it is a negative number: "return -2147450880 /* … */" in TypeScript's compiler
  // (also at the start of a cell or a segment: "-0351-03225", a latitude and longitude in a table).
  if (text[start - 1] === "-" && (start === 1 || /[\s=([,:]/.test(text[start - 2]!))) return null;
  if (iso6709(text, start, end)) return null;
  // After a comparison it is a version: a package's dependency ("gcc-10 (>= 10-20200431)" in
  // Debian's changelogs). (Not after ">" alone: a quoted mail's line.)
  if (/(?:[<>!=]=|\(=)[ \t]*$/.test(text.slice(Math.max(0, start - 4), start))) return null;
  // After an IPv6 address's bracket and a colon it is a port or a port range ("[::1]:8080-9090"
  // in Java's HostPortrange).
  if (text[start - 1] === ":" && text[start - 2] === "]") return null;
  // Pages of a citation ("pp. 573-583. 2020", "23(3): 181-201. 1999", "p. 8577-8582").
  const before = charBefore(text, start);
  if ((before === "." || before === ":") && CITATION_BEFORE.test(text.slice(Math.max(0, start - 12), start))) return null;
  // A piece of a longer dotted token: a version with a suffix ("15.00.4073.23.v1" in an engine list).
  if ((text[end] === "." && /[A-Za-z0-9]/.test(text[end + 1] ?? "")) || (text[start - 1] === "." && /[A-Za-z0-9]/.test(text[start - 2] ?? ""))) return null;
  if (inTimeOrRatio(text, start, end)) return null;
  // An amount of money after a currency's sign or code ("Cap. Soc. euro 347.256.998,80", "EUR 1.250.000").
  if (CURRENCY_LAST.test(before) && CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 8), start))) return null;
  const intl = raw.startsWith("+") ? raw : raw.startsWith("00") ? `+${raw.slice(2)}` : null;
  // Whether a region's numbering plan may hold a national number is asked by `check`, only for
  // a candidate that context could make count (most digit runs in a sheet are not: an order id).
  return { start, end, raw, digits, intl };
}

/**
 * Whether what stands between a run's groups says it is no one number: only a run with
 * separators is asked (a run of digits alone, a sheet's order id, can match none of these).
 */
function groupsSayNotOne(text: string, start: number, end: number, raw: string): boolean {
  if ((raw.includes("/") && !AREA_CODE_SLASH.test(raw)) || NOT_PHONE.test(raw) || NOT_ONE_NUMBER.test(raw) || isRange(raw)) return true;
  // A group of four digits or more written twice, or of two or more written three times, is a
  // row of numbers ("0 1904 - 1904", "3220 3220", "377 377 377 377" of an octal dump, "701 701
  // 701 16 16"), not a numbering plan's blocks. (An area code and an exchange may well be alike:
  // "206-206-1923".)
  if (/(?:^|\D)(\d{4,})\D(?:.*\D)?\1(?!\d)|(?:^|\D)(\d{2,})\D(?:.*\D)?\2\D(?:.*\D)?\2(?!\d)/.test(raw)) return true;
  // Three blank-separated numbers up to 255 are a colour ("248 248 255 ghost white" in X11's
  // rgb.txt); a 3-3-3 number (Spain, Portugal) has a group above it.
  // Powers of two in a row are sizes ("fsOptionsSize 512 1024 2048" in Vim's syntax for fstab).
  if (/^\d+(?:[ \t]+\d+)+$/.test(raw) && raw.split(/[ \t]+/).every((g) => g[0] !== "0" && Number.isInteger(Math.log2(Number(g))) && Number(g) >= 8)) return true;
  const rgb = /^(\d{1,3}) +(\d{1,3}) +(\d{1,3})$/.exec(raw);
  if (rgb && rgb.slice(1).every((g) => Number(g) <= 255)) return true;
  // A standard's number and its year after the body that issued it ("ISO 646-1973", "IEC
  // 8859-1987", "ANSI X3.4-1977").
  if (/^\d{2,5}-(?:19|20)\d\d$/.test(raw) && /\b(?:ISO|IEC|ANSI|JIS|DIN|BS|EN|ECMA|IEEE|GOST|CSA|NF|UNE|UNI)(?:[ /][A-Z]+)*[ /]$/.test(text.slice(Math.max(0, start - 16), start))) return true;
  // Thousands grouped by dots before a decimal comma: an amount ("347.256.998,80").
  return /^\d{1,3}(?:\.\d{3})+$/.test(raw) && /^,\d{1,2}(?!\d)/.test(text.slice(end, end + 4));
}

/**
 * One slash after an area code written with its trunk prefix: Germany's and Austria's old way of
 * writing a number ("089 / 45 67 89-12", "0176/98765432"), one number, not a list of two.
 */
const AREA_CODE_SLASH = /^0\d{1,4} ?\/ ?\d[\d -]*\d$/;

/** The last character before `at` that is not a blank or a tab ("" at the text's start). */
function charBefore(text: string, at: number): string {
  let i = at - 1;
  while (i >= 0 && (text[i] === " " || text[i] === "\t")) i--;
  return i >= 0 ? text[i]! : "";
}

/** What CURRENCY_BEFORE's match ends with (tested first: most numbers have nothing of it before). */
const CURRENCY_LAST = /^[$€£¥₹A-Za-z.]$/;

/** Right before an amount: a currency's sign, symbol or code. */
const CURRENCY_BEFORE = /(?:[$€£¥₹]|\b(?:euro?s?|EUR|USD|GBP|CHF|JPY|INR|AUD|CAD|SEK|NOK|DKK|PLN|CZK|BRL|Rs\.?))[ \t]*$/i;

/** Before the pages of a citation: "pp.", "p.", a volume's issue and a colon ("23(3): "). */
const CITATION_BEFORE = /(?:\bpp?\.[ \t]*|\d+[ \t]*\(\d+\)[ \t]*:[ \t]*)$/;

/**
 * A range of numbers, not one number: two of one width that share their first half ("1600 - 1699
 * kernel crypto events") or lie within 1 % of each other ("ports 49152-49156", "8191-8215",
 * "51678-51680", pages "26966-26979"), or from 0 or 1 to a power of two or its predecessor
 * ("AllowedValues": "0-2147483647", "valid values are 1-2147483646"), or from a round number up to
 * the next ("9200-9300", "9300-9399": a server's ports). One subscriber's number in
 * a hundred or so written "NNNN-NNNN" has a second block this close above its first.
 */
function isRange(raw: string): boolean {
  const m = /^(\d{3,6}) ?[-–] ?(\d{3,6})$/.exec(raw);
  if (m && m[1]!.length === m[2]!.length && m[2]! > m[1]!) {
    const [a, b] = [m[1]!, m[2]!];
    if (/ [-–] /.test(raw) && a.slice(0, a.length >> 1) === b.slice(0, a.length >> 1)) return true;
    if (Number(b) - Number(a) < Number(a) / 100) return true;
    // from a round number to the next ("9200-9300", "9300-9399": Elasticsearch's HTTP and transport ports)
    if (a.length >= 4 && a.endsWith("00") && /(?:00|99)$/.test(b) && Number(b) - Number(a) < Number(a) / 4) return true;
  }
  // (or a blank between, as a settings schema lists a range: "cursor-blink-timeout i \n 1 2147483647" in GNOME's)
  const z = /^[01](?:-| +)(\d{9,})$/.exec(raw);
  return z !== null && (HASH_CONSTANTS.has(z[1]!) || HASH_CONSTANTS.has(String(Number(z[1]!) + 1)));
}

/**
 * Whether all digits but one (of eight or more) are one digit, that one not the first: a
 * placeholder's. A different first digit is a trunk prefix or a country code ("06 66 66 66 66",
 * "+1 222 222 2222"): the numbering plan judges those.
 */
function oneDigitAndAnother(digits: string): boolean {
  if (digits.length < 8) return false;
  const d = digits[digits.length - 1] === digits[1] ? digits[1]! : digits[digits.length - 1]!;
  let other = 0;
  for (let i = 0; i < digits.length; i++) if (digits[i] !== d && (++other > 1 || i === 0)) return false;
  return other === 1;
}

/** The best score `check` can give this shape (the region is known only after parsing). */
function upperScore(sh: Shape): number {
  return sh.intl ? 0.5 : /[\s()./-]/.test(sh.raw) ? 0.45 : 0.3;
}

/** The shape as one number (`parse`), a number for fiction or a business's service number reported as such. */
function check(sh: Shape): Verdict {
  const v = parse(sh);
  if (v === false) return v;
  // (before validity: libphonenumber calls "+44 7700 900123" possible only; and a British number
  // written nationally may be read first as another region's, "07700 900461" fits Germany's plan)
  if (UK_DRAMA.test(sh.intl !== null ? digitsOf(sh.intl) : sh.digits.startsWith("0") ? `44${sh.digits.slice(1)}` : "")) return FICTIONAL_UK;
  if (!v.validation?.startsWith("libphonenumber:")) return v;
  if (/^1\d{3}55501\d\d$/.test(v.e164) || /^1\d{3}5551212$/.test(v.e164)) return FICTIONAL;
  // (only a reading grouped as its region writes it: a number grouped as no one there writes it is
  // most likely another region's, "512 774 391" a Polish mobile, not a service number of the
  // first region tried, nor "030 44 73 19 82" a British 03 number, which a label must lift)
  return v.grouped && isServiceNumber(v.country, v.e164) ? SERVICE : v;
}

/**
 * Numbers a business rents, never a person's line: toll-free (NANP's 800 and 8XX, the UK's 0800),
 * premium-rate, shared-cost and universal access numbers ("Austin, TX 78741\n800-292-9263" in
 * GCC's copyright file). Found, never reported.
 */
const SERVICE_TYPES = ["TOLL_FREE", "PREMIUM_RATE", "SHARED_COST", "UAN"];
const SERVICE = { score: 0.1, validation: "service_number", fixed: true } as const;
const SERVICE_PATTERNS = new Map<string, RegExp>();

/** Whether a valid number (its country, its E.164 digits) is in one of its plan's service blocks: the types' patterns, compiled once per country. */
function isServiceNumber(country: string, e164: string): boolean {
  if (!country) return false;
  let rx = SERVICE_PATTERNS.get(country);
  if (!rx) {
    const md = runtimeMetadata();
    md.selectNumberingPlan(country);
    const p = md.numberingPlan;
    const types = SERVICE_TYPES.map((t) => p.type(t)?.pattern()).filter((x): x is string => !!x);
    rx = new RegExp(`^(?:${getCountryCallingCode(country as CountryCode)})(?:${types.length ? types.join("|") : "(?!)"})$`);
    SERVICE_PATTERNS.set(country, rx);
  }
  return rx.test(e164);
}

/**
 * NANP's numbers for fiction (555-0100 to 555-0199 in every area code, NANPA's reservation):
 * films, documentation and examples use them (`tel:+14155550123` in OpenAI's SDK). And 555-1212,
 * directory assistance in every area code, no one's line: RFC 3986's example URI
 * ("tel:+1-816-555-1212", which httplib2's iri2uri.py repeats). Still found (Presidio's cases
 * spell them), never reported, whatever words are near.
 */
const FICTIONAL = { score: 0.01, validation: "fictional_555_01xx", fixed: true } as const;
/**
 * The United Kingdom's numbers for drama (Ofcom's list, never allocated): a thousand in each of
 * eleven cities' codes (0113 to 0118, 0121, 0131, 0141, 0151, 0161: "496 0xxx"), London's
 * "020 7946 0xxx", Belfast's "028 9649 6xxx", Cardiff's "029 2018 0xxx", "01632 960xxx", the
 * mobile "07700 900xxx" and the non-geographic "03069 990xxx" (E.164 digits). Style guides and
 * test data use them ("020 7946 0958" in Presidio's cases) as NANP's 555-01xx. Found, never reported.
 */
const UK_DRAMA = /^44(?:1(?:1[3-8]|[2-6]1)4960|2079460|2896496|2920180|1632960|7700900|3069990)\d{3}$/;
const FICTIONAL_UK = { score: 0.01, validation: "fictional_uk_drama", fixed: true } as const;

/**
 * The shape as one number: parsed (not searched) in each region whose numbering plan it may
 * fit, until one says valid; with the number's digits as E.164 (without "+") when valid.
 * (`read`: plainly written numbers with the metadata's expressions compiled once.)
 */
function parse(sh: Shape): false | { score: number; validation: string; e164: string; country: string; grouped: boolean } {
  if (sh.intl) {
    const n = readPhoneNumber(sh.intl);
    if (n?.valid) return { score: scoreFor(sh.raw, n.country as CountryCode), validation: `libphonenumber:${n.country ?? n.countryCallingCode}`, e164: n.countryCallingCode + n.nationalNumber, country: n.country ?? "", grouped: true };
    // Written as an international number, with a length its country's plan allows, but not in
    // a block the plan assigns (an unassigned area code: test and made-up data, numbers from a
    // newer plan than the metadata): weak alone, a phone number under a phone label or column.
    if (n?.possible && fitsGeneralPlan(n.countryCallingCode, n.nationalNumber)) return { score: POSSIBLE_SCORE, validation: `libphonenumber-possible:${n.country ?? n.countryCallingCode}`, e164: "", country: "", grouped: true };
    return false;
  }
  let misgrouped: ReturnType<typeof parse> = false;
  for (const plan of PLANS) {
    // (a bare run of digits is not read in a label-only region: "20220604" is a date in a
    // changelog, not a Danish number, whatever "call" the line says)
    if (LABEL_ONLY.has(plan.region) && sh.digits.length === sh.raw.length) break;
    if (!mayBeIn(plan, sh.digits)) continue;
    const n = readPhoneNumber(sh.raw, plan.region);
    if (!n?.valid) continue;
    const country = n.country ?? plan.region;
    const valid = { score: scoreFor(sh.raw, plan.region), validation: `libphonenumber:${country}`, e164: n.countryCallingCode + n.nationalNumber, country, grouped: true };
    if (groupedAsWritten(sh.raw, n.nationalNumber, country) && leadAsWritten(plan, sh, n.nationalNumber)) return valid;
    // Written with a trunk prefix ("0412 345 678", "01 69 45 48 50"), it is the number of one of
    // the regions that dial one, and its groups tell which: the next region may fit them. Without
    // one (most often a NANP number of an unassigned area code) the first valid region decides.
    // (a region read only under a label is not read against its own grouping either: "204 25408",
    // an access log's status and size, is no Danish number under the "iPhone" further on)
    if (!LABEL_ONLY.has(plan.region)) misgrouped ||= { ...valid, score: MISGROUPED_SCORE, grouped: false };
    if (!TRUNK_WRITTEN.test(sh.raw)) break;
  }
  return misgrouped;
}

/**
 * A national number valid in a region but grouped as no one there writes it: "23 23 20 16 16"
 * (a row of PostgreSQL's catalogue) read as the US number (232) 320-1616, Vim's menu priority
 * "20.440.130.40" as (204) 401-3040. Below the minimum alone; a phone label or column still lifts it.
 */
const MISGROUPED_SCORE = 0.3;

/**
 * Whether the digits before the national number are what one writes there: none, the trunk prefix
 * (NANP's "1 212 555 1234", "0412 345 678"), the calling code ("86 139 1234 5678"), or an
 * international call prefix. Not the calling code and the trunk prefix both: libphonenumber reads
 * "1 12345678000" (a decimal test's two operands) as +1 234-567-8000. Nor a trunk prefix 0 as a
 * group of its own: "0 711348489" (a column of zeros before a counter in netstat's output) is no
 * Stuttgart number.
 */
function leadAsWritten(plan: Plan, sh: Shape, national: string): boolean {
  if (!sh.digits.endsWith(national)) return true; // a carrier code transformed away: libphonenumber's reading stands
  const lead = sh.digits.slice(0, sh.digits.length - national.length);
  if (lead === "" || lead === plan.callingCode || plan.idd.test(sh.digits)) return true;
  if (plan.prefix?.exec(lead)?.[0] !== lead) return false;
  return !(lead === "0" && /^0[ \t]/.test(sh.raw));
}

/** A national number written with its trunk prefix 0 ("0412 345 678", "(02) 9374 4000"). */
const TRUNK_WRITTEN = /^\(?0/;

/** Where a written number's groups begin, counted in digits of its national number after `lead` digits (a trunk prefix, "1" of NANP). */
function groupStarts(written: string, lead: number, length: number): number[] {
  const out: number[] = [];
  let digits = 0;
  for (let i = 0; i < written.length; i++) {
    const c = written.charCodeAt(i);
    if (c < 48 || c > 57) continue;
    const at = digits - lead;
    if (digits > 0 && at > 0 && at < length && !/\d/.test(written[i - 1]!)) out.push(at);
    digits++;
  }
  return out;
}

/** A region's national formats as libphonenumber's metadata gives them: leading digits (the most detailed pattern) and the number's pattern, compiled once. */
const FORMATS = new Map<string, Array<{ lead: RegExp | null; whole: RegExp }>>();

function formatsOf(region: string): Array<{ lead: RegExp | null; whole: RegExp }> {
  let formats = FORMATS.get(region);
  if (formats) return formats;
  const md = runtimeMetadata();
  md.selectNumberingPlan(region);
  const own = (md.numberingPlan).formats();
  // (a country that shares its calling code writes as the code's main country: Puerto Rico as the US)
  if (own.length === 0) {
    const main = md.getCountryCodesForCallingCode(getCountryCallingCode(region as CountryCode))?.[0];
    if (main && main !== region) formats = formatsOf(main);
  }
  formats ??= own.map((f) => {
    const leading = f.leadingDigitsPatterns();
    return { lead: leading.length ? new RegExp(`^(?:${leading[leading.length - 1]})`) : null, whole: new RegExp(`^(?:${f.pattern()})$`, "d") };
  });
  FORMATS.set(region, formats);
  return formats;
}

/**
 * Where the groups of a region's own national format begin in a national number: libphonenumber's
 * choice of format (the first whose leading digits and pattern fit, as `formatNational` chooses),
 * its groups' starts after the first ([3, 6] for (213) 373-4253); none when no format fits.
 */
function ownGroupStarts(region: string, national: string): number[] {
  for (const f of formatsOf(region)) {
    if (f.lead !== null && !f.lead.test(national)) continue;
    const m = f.whole.exec(national);
    if (m === null) continue;
    const out: number[] = [];
    for (let g = 2; g < m.length; g++) if (m.indices![g]) out.push(m.indices![g]![0]);
    return out;
  }
  return [];
}

/**
 * Whether a national number's groups as written fall where its region's own format puts them:
 * each written group whole groups of that format ("213.373.4253", "(213) 3734253" and
 * "2133734253" as "(213) 373-4253"; not "21 33 73 42 53"). A number no format of its region fits
 * (libphonenumber then writes it as one run) is grouped as it should be only when written as one.
 */
function groupedAsWritten(raw: string, national: string, region: string): boolean {
  const written = groupStarts(raw, digitsOf(raw).length - national.length, national.length);
  if (written.length === 0) return true;
  const own = ownGroupStarts(region, national);
  if (written.every((at) => own.includes(at))) return true;
  return TRUNK_WRITTEN.test(raw) && finerGroups(written, own, national.length);
}

/**
 * Whether written groups split the format's groups further, each piece of two digits or more:
 * Europeans group a subscriber's number in twos and threes ("07481 226 903" for libphonenumber's
 * "07481 226903", "030 44 73 19 82" for "030 44731982"). Asked only of a number written with its
 * trunk prefix: a row of numbers rarely begins with one (and a fully split run, "2 3 4 5", has
 * groups of one).
 */
function finerGroups(written: number[], own: number[], length: number): boolean {
  if (own.length === 0 || !own.every((at) => written.includes(at))) return false;
  const bounds = [0, ...written, length];
  for (let i = 1; i < bounds.length; i++) if (bounds[i]! - bounds[i - 1]! < 2) return false;
  return true;
}

/** A candidate whose parse waits until the engine knows its context could make it count. */
function lazy(sh: Shape, verdict: () => Verdict): Candidate {
  return { start: sh.start, end: sh.end, score: upperScore(sh), validation: null, confirm: verdict };
}

function once(f: () => Verdict): () => Verdict {
  let v: Verdict | undefined;
  return () => (v ??= f());
}

/**
 * A year, the one prefix a number is found glued to ("2024 030 1234567"); other numbers before one
 * make a row of numbers ("'2281 869 21 26 2281'" in PostgreSQL's catalogue), no number's prefix.
 */
const YEAR = /^(?:19|20)\d\d$/;

/** Where a run that is not one number may hold several: list separators and wide gaps. */
const PARTS = /[^/,;|]+/g;

/** Telephone numbers found and validated with libphonenumber-js (full metadata). */
export const phoneNumber: Detector = {
  id: "phone_number",
  type: "PHONE_NUMBER",
  area: "generic",
  category: "contact",
  description: "Telephone number (libphonenumber-js, numbering-plan validation)",
  patterns: [],
  // Not "number": it labels every identifier ("NHS number", "account number").
  context: ["phone", "telephone", "tel", "cell", "cellphone", "mobile", "mob", "call", "fax", "contact", "whatsapp", "voice", "dial", "hotline", "phone number", "mobile number", "handy", "handynummer", "handy nr", "mobilnummer", "mobiltelefon", "telefon", "telefonnummer", "rufnummer", "téléphone", "tél", "portable", "teléfono", "móvil", "movil", "telefono", "cellulare", "telefone", "celular", "telefoon", "mobiel", "telefonu", "komórka", "komórkowy",
    // other languages' labels ("Mobil" in German, Swedish and Danish, Danish and Norwegian "Tlf.",
    // Portuguese "Telemóvel", Belgian "GSM") and the verbs that put a number after them ("erreichbar
    // unter", "me joindre au", "bereikbaar via", "zadzwoń", "reached on")
    "mobil", "tlf", "kontakt", "telemóvel", "telemovel", "gsm", "erreichbar", "anrufen", "joindre", "appeler", "llamar", "chiamare", "chiamami", "bereikbaar", "bellen", "ligue", "ligar", "zadzwoń", "zadzwonić", "ring mig", "ring me", "reached", "reach me"],
  // Labels of identifiers that share a phone number's shape, of byte dumps (Node's
  // "<Buffer 88 13 70 17>") and of ranges ("# range 0-100000" in postgresql.conf).
  negativeContext: [...OTHER_NUMBER_LABELS, "isbn", "account", "reference", "ref", "session", "nhs", "ssn", "cpf", "iban", "card", "bsn", "pesel", "tfn", "npi", "aadhaar", "itin", "medicare", "passport", "id", "uuid", "guid", "version", "part", "buffer", "bytes", "hexdump", "range",
    // a company's tax numbers, in the footer under its phone lines ("P.IVA", "USt-IdNr.", "VAT No")
    "iva", "vat", "ust", "ustid", "steuernummer", "siret", "siren",
    // a number's base ("Octal number > 037777777777 non-portable" in perldiag)
    "octal", "hexadecimal"],
  prefilter: { minDigits: 7 },
  find(text) {
    const out: Candidate[] = [];
    SHAPE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = SHAPE.exec(text)) !== null) {
      const run = m[0];
      // A dotted quad is an IPv4 address, which libphonenumber happily reads as a phone number.
      if (isDottedQuad(run)) continue;
      const whole = shapeOf(text, m.index, m.index + run.length);
      const wholeVerdict = once(() => (whole ? check(whole) : false));
      if (whole) out.push(lazy(whole, wholeVerdict));
      // Not one number: a list of numbers ("030 1234567 / 030 7654321") or a prefix, e.g. a date,
      // glued to one ("2024 030 1234567"): each part, and the run without its first group. A
      // part counts only when the whole run is not a number.
      const parts: Array<[number, number]> = [];
      if (/[/,;|]/.test(run)) {
        for (const p of run.matchAll(PARTS)) parts.push([m.index + p.index, m.index + p.index + p[0].length]);
      } else if (/\t| {2}/.test(run)) {
        for (const p of run.matchAll(/[^\t]+?(?=\t| {2}|$)/g)) parts.push([m.index + p.index, m.index + p.index + p[0].length]);
      } else {
        const gap = /[ \t]+/.exec(run);
        // (a run that is several things as a whole, "0 0 10000 10000", has no number at its end either)
        if (gap && YEAR.test(run.slice(0, gap.index)) && digitsOf(run).length > 10 && !NOT_ONE_NUMBER.test(run)) parts.push([m.index + gap.index + gap[0].length, m.index + run.length]);
      }
      for (const [ps, pe] of parts) {
        const part = shapeOf(text, ps, pe);
        if (part) out.push(lazy(part, () => (wholeVerdict() !== false ? false : check(part))));
      }
    }
    return out;
  },
};
