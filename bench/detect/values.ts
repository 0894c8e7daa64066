/**
 * Planted values of bench/detect's labelled corpus: for each entity type a generator of valid
 * values (right check digits, issuing rules, formats), a label a document would put before it,
 * and look-alikes that must not be reported. The check-digit rules are written here from the
 * schemes' published definitions, apart from libs/detectors, so a detector that gets a rule
 * wrong disagrees with the bench instead of agreeing with itself.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Faker } from "@faker-js/faker";

export type Gen = () => string;

/** The day the generated corpora's dates are relative to (faker's `refDate`): a corpus is the same on any day. */
export const REF_DATE = new Date("2026-06-01T00:00:00Z");

/**
 * Filler prose: faker's Latin without "lorem" and "ipsum", placeholder text's words, which lower
 * every detector's score (a real letter does not say them).
 */
export const filler = (text: string): string => text.replace(/\b(lorem|ipsum)\b/g, "ipsam").replace(/\b(Lorem|Ipsum)\b/g, "Ipsam");

export interface Values {
  /** Valid values per entity type. */
  positive: Record<string, Gen>;
  /** How a document names each type (field labels, column headers). */
  label: Record<string, string>;
  /** Look-alikes that must not be reported (as any type). */
  negative: Gen[];
}

/** Luhn check digit of `body` (the digit to append). */
export function luhnDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function plantedValues(faker: Faker): Values {
  const digits = (n: number) => Array.from({ length: n }, () => faker.number.int(9)).join("");
  const int = (min: number, max: number) => faker.number.int({ min, max });
  const p2 = (n: number) => String(n).padStart(2, "0");
  /** A wrong digit in place of `d`. */
  const other = (d: number) => (d + 1 + faker.number.int(8)) % 10;
  const letterFrom = (s: string) => faker.helpers.arrayElement([...s]);
  const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

  // ---- check-digit schemes ------------------------------------------------------------------------

  /** Verhoeff check digit (dihedral group D5): multiplication and permutation tables. */
  const VD = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
    [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
    [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
    [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
  ];
  const VP = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
    [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
    [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
  ];
  const VINV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];
  function verhoeffDigit(body: string): number {
    let c = 0;
    for (let i = 0; i < body.length; i++) c = VD[c]![VP[(i + 1) % 8]![Number(body[body.length - 1 - i])]!]!;
    return VINV[c]!;
  }
  /** A weighted digit sum. */
  const weighted = (s: string, w: number[]) => w.reduce((a, x, i) => a + x * Number(s[i]), 0);

  function card(valid: boolean): string {
    const prefix = faker.helpers.arrayElement(["4", "51", "55", "37", "6011"]);
    const len = prefix === "37" ? 15 : 16;
    const body = prefix + digits(len - 1 - prefix.length);
    const check = luhnDigit(body);
    const n = body + (valid ? check : other(check));
    return len === 16 && faker.datatype.boolean() ? n.replace(/(\d{4})(?=\d)/g, "$1 ") : n;
  }
  function ssn(valid: boolean): string {
    if (!valid) {
      // Areas never issued; a 9xx area only with a group outside the ITIN ranges (9xx-7x-xxxx is an ITIN).
      const bad = faker.helpers.arrayElement(["000", "666", "9" + digits(2)]);
      const group = bad.startsWith("9") ? faker.helpers.arrayElement([int(1, 49), int(66, 69), 89, 93]) : int(1, 99);
      return `${bad}-${p2(group)}-${String(int(1, 9999)).padStart(4, "0")}`;
    }
    let area = int(1, 899);
    if (area === 666) area = 667;
    return `${String(area).padStart(3, "0")}-${p2(int(1, 99))}-${String(int(1, 9999)).padStart(4, "0")}`;
  }
  function iban(valid: boolean): string {
    const v = faker.finance.iban({ formatted: faker.datatype.boolean() });
    if (valid) return v;
    // Change the check digits: mod-97 fails.
    const compact = v.replace(/ /g, "");
    const cd = (Number(compact.slice(2, 4)) + 1 + faker.number.int(90)) % 97;
    return compact.slice(0, 2) + String(Math.max(cd, 2)).padStart(2, "0") + compact.slice(4);
  }
  function nhs(valid: boolean): string {
    for (;;) {
      const body = digits(9);
      const check = 11 - (weighted(body, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
      if (check === 10) continue;
      const c = check === 11 ? 0 : check;
      const n = body + (valid ? c : other(c));
      return `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
    }
  }
  function cpf(valid: boolean): string {
    for (;;) {
      const b = digits(9);
      if (/^(\d)\1+$/.test(b)) continue;
      const dv = (s: string) => {
        const r = ([...s].reduce((a, d, i) => a + Number(d) * (s.length + 1 - i), 0) * 10) % 11;
        return r === 10 ? 0 : r;
      };
      const d1 = dv(b);
      const d2 = dv(b + d1);
      const n = b + d1 + (valid ? d2 : (d2 + 1) % 10);
      return `${n.slice(0, 3)}.${n.slice(3, 6)}.${n.slice(6, 9)}-${n.slice(9)}`;
    }
  }
  function phone(): string {
    const area = faker.helpers.arrayElement(["212", "415", "312", "617", "206", "303", "512", "404"]);
    const ex = String(int(201, 989));
    const line = String(int(1000, 9999));
    return faker.helpers.arrayElement([`(${area}) ${ex}-${line}`, `+1 ${area} ${ex} ${line}`, `${area}-${ex}-${line}`]);
  }
  function birthDate(): string {
    const d = faker.date.birthdate({ min: 18, max: 90, mode: "age" });
    const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    const month = d.toLocaleString("en-US", { month: "long", timeZone: "UTC" });
    return faker.helpers.arrayElement([`${y}-${p2(m)}-${p2(day)}`, `${p2(m)}/${p2(day)}/${y}`, `${day} ${month} ${y}`, `${month} ${day} ${y}`]);
  }
  const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const awsKey = () => `AKIA${Array.from({ length: 16 }, () => letterFrom(BASE32)).join("")}`;

  /** HMRC: first letter not D F I Q U V, second not D F I O Q U V, some pairs never issued. */
  function nino(): string {
    for (;;) {
      const a = letterFrom("ABCEGHJKLMNOPRSTWXYZ");
      const b = letterFrom("ABCEGHJKLMNPRSTWXYZ");
      if (["BG", "GB", "NK", "KN", "TN", "NT", "ZZ"].includes(a + b)) continue;
      const d = digits(6);
      const s = letterFrom("ABCD");
      return faker.datatype.boolean() ? `${a}${b} ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4)} ${s}` : `${a}${b}${d}${s}`;
    }
  }
  /** Income-tax PAN: three letters, the holder's status (P person, C company, …), an initial, four digits, a letter. */
  const pan = () => `${letterFrom(UPPER)}${letterFrom(UPPER)}${letterFrom(UPPER)}${letterFrom("PCHFATBLJG")}${letterFrom(UPPER)}${digits(4)}${letterFrom(UPPER)}`;
  function aadhaar(valid: boolean): string {
    const body = String(int(2, 9)) + digits(10);
    const c = verhoeffDigit(body);
    const n = body + (valid ? c : other(c));
    return faker.datatype.boolean() ? `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8)}` : n;
  }
  const NIF_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
  function nif(valid: boolean): string {
    const n = digits(8);
    const i = Number(n) % 23;
    return n + NIF_LETTERS[valid ? i : (i + 1 + faker.number.int(21)) % 23];
  }
  function nie(): string {
    const lead = int(0, 2);
    const n = digits(7);
    return "XYZ"[lead]! + n + NIF_LETTERS[Number(String(lead) + n) % 23];
  }
  /** BSN: the "elfproef", 9·d1 + 8·d2 + … + 2·d8 − d9 divisible by 11. */
  function bsn(valid: boolean): string {
    for (;;) {
      const body = String(int(1, 9)) + digits(7);
      const r = weighted(body, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
      if (r === 10) continue;
      return body + (valid ? r : other(r));
    }
  }
  /** PESEL: birth date (month + 20 for 2000s), serial, and a check digit with weights 1 3 7 9. */
  function pesel(valid: boolean): string {
    const d = faker.date.birthdate({ min: 18, max: 90, mode: "age" });
    const y = d.getUTCFullYear();
    const month = d.getUTCMonth() + 1 + (y >= 2000 ? 20 : 0);
    const body = `${p2(y % 100)}${p2(month)}${p2(d.getUTCDate())}${digits(4)}`;
    const c = (10 - (weighted(body, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10;
    return body + (valid ? c : other(c));
  }
  /** NIR: sex, year, month, département, commune, order, key = 97 − (body mod 97). */
  function nir(valid: boolean): string {
    const dept = p2(faker.helpers.arrayElement([int(1, 19), int(21, 95)]));
    const body = `${int(1, 2)}${p2(int(0, 99))}${p2(int(1, 12))}${dept}${String(int(1, 990)).padStart(3, "0")}${String(int(1, 999)).padStart(3, "0")}`;
    const key = 97 - Number(BigInt(body) % 97n);
    const k = valid ? key : ((key % 97) + 1 + faker.number.int(50)) % 98 || 1;
    const n = body + p2(k);
    return faker.datatype.boolean() ? `${n[0]} ${n.slice(1, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7, 10)} ${n.slice(10, 13)} ${n.slice(13)}` : n;
  }
  /** Singapore NRIC / FIN: weights 2 7 6 5 4 3 2, +4 for T and G, letter tables per series. */
  function nric(): string {
    const prefix = letterFrom("STFG");
    const d = digits(7);
    const sum = weighted(d, [2, 7, 6, 5, 4, 3, 2]) + (prefix === "T" || prefix === "G" ? 4 : 0);
    return prefix + d + (prefix === "S" || prefix === "T" ? "JZIHGFEDCBA" : "XWUTRQPNMLK")[sum % 11];
  }
  /** TFN: weights 1 4 3 7 5 8 6 9 10, the sum divisible by 11. */
  function tfn(): string {
    for (;;) {
      const body = digits(8);
      const s = weighted(body, [1, 4, 3, 7, 5, 8, 6, 9]);
      for (let last = 0; last <= 9; last++) {
        if ((s + 10 * last) % 11 === 0) {
          const n = body + last;
          return faker.datatype.boolean() ? `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}` : n;
        }
      }
    }
  }
  /** Medicare: first digit 2–6, check digit = weights 1 3 7 9 1 3 7 9 mod 10, issue number. */
  function medicare(): string {
    const body = String(int(2, 6)) + digits(7);
    const n = body + (weighted(body, [1, 3, 7, 9, 1, 3, 7, 9]) % 10) + String(int(1, 9));
    return faker.datatype.boolean() ? `${n.slice(0, 4)} ${n.slice(4, 9)} ${n[9]}` : n;
  }
  /** SIN: Luhn, first digit not 0 or 8. */
  function sin(valid: boolean): string {
    const body = letterFrom("1234567") + digits(7);
    const c = luhnDigit(body);
    const n = body + (valid ? c : other(c));
    return `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
  }
  /** ITIN: 9, then a group in 70–88, 90–92 or 94–99. */
  const itin = () => `9${digits(2)}-${faker.helpers.arrayElement([int(70, 88), int(90, 92), int(94, 99)])}-${digits(4)}`;
  /** ABA routing number: 3·d1 + 7·d2 + d3 + … ≡ 0 (mod 10), Federal Reserve prefix 01–12 / 21–32. */
  function aba(): string {
    const body = p2(faker.helpers.arrayElement([int(1, 12), int(21, 32)])) + digits(6);
    const s = weighted(body, [3, 7, 1, 3, 7, 1, 3, 7]);
    return body + ((10 - (s % 10)) % 10);
  }
  /** NPI: 10 digits from 1 or 2, Luhn over "80840" + the first nine. */
  function npi(valid: boolean): string {
    const body = String(int(1, 2)) + digits(8);
    const c = luhnDigit("80840" + body);
    return body + (valid ? c : other(c));
  }
  /** A version-0 Bitcoin address: base58check of 0x00 + a 20-byte hash. */
  function bitcoin(): string {
    const payload = Buffer.concat([Buffer.from([0]), randomBytes(20)]);
    const check = createHash("sha256").update(createHash("sha256").update(payload).digest()).digest().subarray(0, 4);
    const bytes = Buffer.concat([payload, check]);
    const A = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    let n = BigInt("0x" + bytes.toString("hex"));
    let out = "";
    while (n > 0n) {
      out = A[Number(n % 58n)] + out;
      n /= 58n;
    }
    for (const b of bytes) {
      if (b !== 0) break;
      out = "1" + out;
    }
    return out;
  }
  function jwt(): string {
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const iat = Math.floor(faker.date.recent().getTime() / 1000);
    return `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: faker.string.uuid(), name: faker.person.fullName(), iat, exp: iat + 3600 })}.${randomBytes(32).toString("base64url")}`;
  }
  /** Italian codice fiscale: name letters, year, month letter, day (+40 for women), place, check letter. */
  function fiscalCode(): string {
    const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
    const cons = () => letterFrom("BCDFGHJKLMNPQRSTVWXYZ");
    const body = `${cons()}${cons()}${cons()}${cons()}${cons()}${cons()}${p2(int(0, 99))}${letterFrom("ABCDEHLMPRST")}${p2(int(1, 28) + (faker.datatype.boolean() ? 40 : 0))}${letterFrom("ABCDEFGHILM")}${String(int(1, 999)).padStart(3, "0")}`;
    let sum = 0;
    for (let i = 0; i < 15; i++) {
      const ch = body[i]!;
      const v = ch >= "0" && ch <= "9" ? Number(ch) : ch.charCodeAt(0) - 65;
      sum += i % 2 === 0 ? ODD[v]! : v;
    }
    return body + UPPER[sum % 26];
  }
  /** German Steuer-ID: first digit not 0, one digit twice among the first ten, ISO 7064 MOD 11,10. */
  /**
   * Rentenversicherungsnummer (VKVV § 4): area, birth date DDMMYY, the birth surname's initial,
   * serial, check digit: the letter as two digits (A = 01), weights 2 1 2 5 7 1 2 1 2 1 2 1, the
   * products' digit sums added, mod 10. Printed on the card as "15 070649 C 103".
   */
  function rvnr(valid: boolean): string {
    const d = faker.date.birthdate({ min: 18, max: 90, mode: "age" });
    const area = p2(faker.helpers.arrayElement([int(2, 29), int(38, 82), 89]));
    const letter = letterFrom(UPPER);
    const serial = p2(int(0, 99));
    const body = `${area}${p2(d.getUTCDate())}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCFullYear() % 100)}`;
    const ws = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1];
    const c = [...`${body}${p2(letter.charCodeAt(0) - 64)}${serial}`].reduce((a, x, i) => a + [...String(Number(x) * ws[i]!)].reduce((s, y) => s + Number(y), 0), 0) % 10;
    const k = valid ? c : other(c);
    return faker.datatype.boolean() ? `${body}${letter}${serial}${k}` : `${body.slice(0, 2)} ${body.slice(2)} ${letter} ${serial}${k}`;
  }
  /** KVNR (§ 290 SGB V, Anlage 1): a letter, eight digits, check digit: the letter as two digits, weights 1 2 1 2 …, digit sums, mod 10. */
  function kvnr(valid: boolean): string {
    const letter = letterFrom(UPPER);
    const body = digits(8);
    const c = [...`${p2(letter.charCodeAt(0) - 64)}${body}`].reduce((a, x, i) => {
      const p = Number(x) * (i % 2 === 0 ? 1 : 2);
      return a + (p > 9 ? p - 9 : p);
    }, 0) % 10;
    return `${letter}${body}${valid ? c : other(c)}`;
  }
  /**
   * Henkilötunnus (DVV): DDMMYY, century sign (- or Y X W V U for the 1900s, A or B C D E F for
   * the 2000s, since 2023), individual number 002–899, control character: DDMMYYNNN mod 31 in
   * "0123456789ABCDEFHJKLMNPRSTUVWXY".
   */
  function hetu(valid: boolean): string {
    const d = faker.date.birthdate({ min: 18, max: 90, mode: "age" });
    const y = d.getUTCFullYear();
    const sign = letterFrom(y >= 2000 ? "ABCDEF" : "-----YXWVU");
    const date = `${p2(d.getUTCDate())}${p2(d.getUTCMonth() + 1)}${p2(y % 100)}`;
    const n = String(int(2, 899)).padStart(3, "0");
    const table = "0123456789ABCDEFHJKLMNPRSTUVWXY";
    const r = Number(`${date}${n}`) % 31;
    // (a wrong control character is a letter: with a digit, one in ten would be a valid Swedish
    // personnummer of the same shape, DDMMYY read as YYMMDD, and rightly reported as one)
    let wrong = 10 + faker.number.int(r >= 10 ? 19 : 20);
    if (r >= 10 && wrong >= r) wrong++;
    return `${date}${sign}${n}${table[valid ? r : wrong]}`;
  }
  /**
   * Korean resident registration number: YYMMDD-G (1/2 1900s, 3/4 2000s), region and serial,
   * check (11 − Σ d × 2..9,2..5 mod 11) mod 10; a foreigner's: G 5/6, 7/8, the check on 13.
   */
  function rrn(valid: boolean, foreigner = false): string {
    const d = faker.date.birthdate({ min: 18, max: 90, mode: "age" });
    const y = d.getUTCFullYear();
    const body = `${p2(y % 100)}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCDate())}${(y >= 2000 ? 3 : 1) + faker.number.int(1) + (foreigner ? 4 : 0)}${p2(int(0, 95))}${digits(3)}`;
    const c = ((foreigner ? 13 : 11) - (weighted(body, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]) % 11)) % 10;
    return `${body.slice(0, 6)}-${body.slice(6)}${valid ? c : other(c)}`;
  }
  /** Swedish personnummer: YYMMDD-NNNC (C: Luhn over the nine digits before it); a coordination number has day + 60. */
  function personnummer(valid: boolean): string {
    const d = faker.date.birthdate({ min: 18, max: 90, mode: "age" });
    const day = d.getUTCDate() + (faker.number.int(9) === 0 ? 60 : 0);
    // (birth number 000 is never given)
    const body = `${p2(d.getUTCFullYear() % 100)}${p2(d.getUTCMonth() + 1)}${p2(day)}${String(faker.number.int({ min: 1, max: 999 })).padStart(3, "0")}`;
    const c = luhnDigit(body);
    return `${body.slice(0, 6)}-${body.slice(6)}${valid ? c : other(c)}`;
  }
  /** South African identity number: YYMMDD, sequence (0–4999 women, 5000–9999 men), citizenship 0/1, 8, Luhn digit. */
  function zaId(valid: boolean): string {
    const d = faker.date.birthdate({ min: 18, max: 90, mode: "age" });
    const body = `${p2(d.getUTCFullYear() % 100)}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCDate())}${digits(4)}${faker.number.int(1)}8`;
    const c = luhnDigit(body);
    return `${body}${valid ? c : other(c)}`;
  }
  /** Thai national id: category 1–8, a province's code (ISO 3166-2:TH), check (11 − Σ dᵢ × (13 − i) mod 11) mod 10, printed 1-2345-67890-12-3. */
  function thId(valid: boolean): string {
    const province = faker.helpers.arrayElement([10, 11, 12, 13, 20, 21, 24, 30, 34, 40, 41, 50, 57, 65, 73, 80, 83, 90, 96]);
    const body = `${int(1, 8)}${province}${digits(9)}`;
    const c = (11 - (weighted(body, [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11)) % 10;
    const v = `${body}${valid ? c : other(c)}`;
    return `${v[0]}-${v.slice(1, 5)}-${v.slice(5, 10)}-${v.slice(10, 12)}-${v[12]}`;
  }
  /** Taiwanese national id: place letter (its two-digit code), sex 1/2, seven digits, check making Σ ≡ 0 mod 10. */
  function twId(valid: boolean): string {
    const codes: Record<string, number> = { A: 10, B: 11, C: 12, D: 13, E: 14, F: 15, G: 16, H: 17, I: 34, J: 18, K: 19, L: 20, M: 21, N: 22, O: 35, P: 23, Q: 24, R: 25, S: 26, T: 27, U: 28, V: 29, W: 32, X: 30, Y: 31, Z: 33 };
    const letter = letterFrom(UPPER);
    const n = codes[letter]!;
    const body = `${int(1, 2)}${digits(7)}`;
    const sum = Math.floor(n / 10) + (n % 10) * 9 + weighted(body, [8, 7, 6, 5, 4, 3, 2, 1]);
    const c = (10 - (sum % 10)) % 10;
    return `${letter}${body}${valid ? c : other(c)}`;
  }
  /**
   * Japanese Individual Number (マイナンバー): eleven digits, check digit: P_n the n-th of them from
   * the right, Q_n = n + 1 (n ≤ 6) or n − 5 (n ≥ 7), r = Σ P_n Q_n mod 11, 0 when r ≤ 1, else
   * 11 − r; plain or as the card prints it, 4-4-4 with blanks or hyphens. (A wrong one is written
   * plain when its groups would be a valid Aadhaar number, which stands alone and is rightly
   * reported as one.)
   */
  function myNumber(valid: boolean): string {
    const body = digits(11);
    let sum = 0;
    for (let n = 1; n <= 11; n++) sum += Number(body[11 - n]) * (n <= 6 ? n + 1 : n - 5);
    const c = sum % 11 <= 1 ? 0 : 11 - (sum % 11);
    const v = `${body}${valid ? c : other(c)}`;
    if (faker.datatype.boolean() || (!valid && v[0]! >= "2" && verhoeffDigit(v.slice(0, 11)) === Number(v[11]))) return v;
    const sep = faker.helpers.arrayElement([" ", "-"]);
    return `${v.slice(0, 4)}${sep}${v.slice(4, 8)}${sep}${v.slice(8)}`;
  }
  /** ICAO 9303 check digit: digits, A = 10 … Z = 35, weights 7, 3, 1. */
  const icao = (s: string) => [...s].reduce((a, ch, i) => a + (ch >= "A" ? ch.charCodeAt(0) - 55 : Number(ch)) * [7, 3, 1][i % 3]!, 0) % 10;
  /**
   * German identity card (since 2010, first letter L–Y) or passport (C–K): eight more of BSI's
   * alphabet, a digit among them (as in every specimen; the detector drops a run of capitals),
   * the ICAO check digit.
   */
  function germanDocument(first: string, valid: boolean): string {
    const rest = Array.from({ length: 8 }, () => letterFrom("CFGHJKLMNPRTVWXYZ0123456789"));
    rest[faker.number.int(7)] = String(faker.number.int(9));
    const body = `${letterFrom(first)}${rest.join("")}`;
    const c = icao(body);
    return `${body}${valid ? c : other(c)}`;
  }
  /** SNILS: nine digits (above 001-001-998), control Σ dᵢ × (9 − i) below 100 as is, else mod 101 (100 → 00). */
  function snils(valid: boolean): string {
    const d = String(int(2_000_000, 999_999_999)).padStart(9, "0");
    const s = weighted(d, [9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const c = (s < 100 ? s : s % 101) % 100;
    const cc = valid ? c : (c + 1 + faker.number.int(97)) % 100;
    return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)} ${p2(cc)}`;
  }
  /** A person's INN: region (01–99), ten digits, two check digits (FNS weights, mod 11 then mod 10). */
  function inn(valid: boolean): string {
    const d = `${p2(int(1, 99))}${digits(8)}`;
    const c1 = (weighted(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
    const c2 = (weighted(d + c1, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
    return `${d}${c1}${valid ? c2 : other(c2)}`;
  }
  /** A Russian passport: a region's OKATO code, the blank's year, six digits, "45 08 123456". */
  const ruPassport = () => `${faker.helpers.arrayElement(["45", "40", "46", "65", "50", "60", "92", "03"])} ${p2(faker.helpers.arrayElement([98, 99, 0, 3, 7, 10, 14, 19, 22]))} ${String(int(1, 999_999)).padStart(6, "0")}`;
  /** ABN: nine digits, then the two leading digits (11–99, as the register issues them) that make Σ wᵢ dᵢ (the first minus one) a multiple of 89, grouped 2-3-3-3. */
  function abn(): string {
    const body = digits(9);
    for (let cc = 11; cc <= 99; cc++) {
      const v = `${cc}${body}`;
      const s = [...v].reduce((a, ch, i) => a + (Number(ch) - (i === 0 ? 1 : 0)) * [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19][i]!, 0);
      if (s % 89 === 0) return `${v.slice(0, 2)} ${v.slice(2, 5)} ${v.slice(5, 8)} ${v.slice(8)}`;
    }
    return abn();
  }
  /** ACN: eight digits, check (10 − Σ dᵢ × (8 − i) mod 10) mod 10, grouped 3-3-3. */
  function acn(valid: boolean): string {
    const d = digits(8);
    const c = (10 - (weighted(d, [8, 7, 6, 5, 4, 3, 2, 1]) % 10)) % 10;
    const v = `${d}${valid ? c : other(c)}`;
    return `${v.slice(0, 3)} ${v.slice(3, 6)} ${v.slice(6)}`;
  }
  /** Estonian isikukood: sex and century (3/4 1900s, 5/6 2000s), YYMMDD, serial, check: weights 1–9,1 mod 11, then 3–9,1,2,3 when 10, then 0. */
  function isikukood(valid: boolean): string {
    const d = faker.date.birthdate({ min: 18, max: 90, mode: "age" });
    const y = d.getUTCFullYear();
    const body = `${(y >= 2000 ? 5 : 3) + faker.number.int(1)}${p2(y % 100)}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCDate())}${digits(3)}`;
    let c = weighted(body, [1, 2, 3, 4, 5, 6, 7, 8, 9, 1]) % 11;
    if (c === 10) c = weighted(body, [3, 4, 5, 6, 7, 8, 9, 1, 2, 3]) % 11;
    if (c === 10) c = 0;
    return `${body}${valid ? c : other(c)}`;
  }
  /** Danish CPR number: DDMMYY-SSSS, the 7th digit 0–3 for a birth in the 1900s. */
  function cpr(): string {
    const d = faker.date.birthdate({ min: 27, max: 85, mode: "age" });
    return `${p2(d.getUTCDate())}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCFullYear() % 100)}-${int(0, 3)}${digits(3)}`;
  }
  /** Turkish T.C. Kimlik No (NVİ): first digit 1–9, eight more, d10 = (7 × (d1 + d3 + d5 + d7 + d9) − (d2 + d4 + d6 + d8)) mod 10, d11 = (d1 + … + d10) mod 10. */
  function tckn(valid: boolean): string {
    const body = `${int(1, 9)}${digits(8)}`;
    const odd = [0, 2, 4, 6, 8].reduce((a, i) => a + Number(body[i]), 0);
    const even = [1, 3, 5, 7].reduce((a, i) => a + Number(body[i]), 0);
    const d10 = (((7 * odd - even) % 10) + 10) % 10;
    const d11 = (odd + even + d10) % 10;
    return `${body}${d10}${valid ? d11 : other(d11)}`;
  }
  /** Turkish Vergi Kimlik No (GİB): nine digits, check: at place p = 1…9, t = (dₚ + 10 − p) mod 10 is worth 9 when 9, else t × 2^(10 − p) mod 9; (10 − Σ mod 10) mod 10. */
  function vkn(valid: boolean): string {
    const body = digits(9);
    const sum = [...body].reduce((a, x, i) => {
      const t = (Number(x) + 9 - i) % 10;
      return a + (t === 9 ? 9 : (t * 2 ** (9 - i)) % 9);
    }, 0);
    const c = (10 - (sum % 10)) % 10;
    return `${body}${valid ? c : other(c)}`;
  }
  /** DEA registration number: registrant type, last-name initial, six digits, check = (d1 + d3 + d5 + 2 × (d2 + d4 + d6)) mod 10. */
  function dea(valid: boolean): string {
    const d = digits(6);
    const c = (Number(d[0]) + Number(d[2]) + Number(d[4]) + 2 * (Number(d[1]) + Number(d[3]) + Number(d[5]))) % 10;
    return `${letterFrom("ABFGMX")}${letterFrom(UPPER)}${d}${valid ? c : other(c)}`;
  }
  /** Medicare Beneficiary Identifier (CMS): 1–9, letter, letter or digit, digit, letter, letter or digit, digit, letter, letter, digit, digit (no S L O I B Z). */
  function mbi(): string {
    const a = () => letterFrom("ACDEFGHJKMNPQRTUVWXY");
    const an = () => (faker.datatype.boolean() ? a() : String(faker.number.int(9)));
    const n = () => String(faker.number.int(9));
    const m = `${int(1, 9)}${a()}${an()}${n()}${a()}${an()}${n()}${a()}${a()}${n()}${n()}`;
    return faker.datatype.boolean() ? `${m.slice(0, 4)}-${m.slice(4, 7)}-${m.slice(7)}` : m;
  }
  /** DVLA licence number: surname's first five letters (9-padded), decade, month (+50 women), day, year digit, initials (9 for none), 9, two check characters. */
  function dvla(): string {
    const surname = faker.person.lastName().toUpperCase().replace(/[^A-Z]/g, "").slice(0, 5).padEnd(5, "9");
    const d = faker.date.birthdate({ min: 18, max: 90, mode: "age" });
    const yy = p2(d.getUTCFullYear() % 100);
    const month = d.getUTCMonth() + 1 + (faker.datatype.boolean() ? 50 : 0);
    const initials = `${letterFrom(UPPER)}${faker.datatype.boolean() ? letterFrom(UPPER) : "9"}`;
    const check = `${letterFrom(UPPER)}${letterFrom(`${UPPER}0123456789`)}`;
    const n = `${surname}${yy[0]}${p2(month)}${p2(d.getUTCDate())}${yy[1]}${initials}9${check}`;
    return faker.datatype.boolean() ? n : `${n.slice(0, 5)} ${n.slice(5, 11)} ${n.slice(11)}`;
  }
  function steuerId(): string {
    for (;;) {
      const d = digits(10);
      if (d[0] === "0") continue;
      const counts = new Map<string, number>();
      for (const c of d) counts.set(c, (counts.get(c) ?? 0) + 1);
      if ([...counts.values()].filter((n) => n === 2).length !== 1 || [...counts.values()].some((n) => n > 2)) continue;
      let product = 10;
      for (const c of d) {
        let sum = (Number(c) + product) % 10;
        if (sum === 0) sum = 10;
        product = (2 * sum) % 11;
      }
      const check = 11 - product;
      return d + (check === 10 ? 0 : check);
    }
  }
  const CITIES = faker.definitions.location.city_name as string[];
  const place = () => (faker.number.int(2) === 0 ? faker.location.country() : faker.helpers.arrayElement(CITIES));

  /**
   * An IPv4 address that names a host, public or private: none of the special-purpose ranges of
   * RFC 6890 (this network, loopback, link-local, documentation, benchmarking, multicast,
   * reserved), which name no one and are not personal data.
   */
  const hostIpv4 = (): string => {
    for (;;) {
      const ip = faker.internet.ipv4();
      const [a, b, c] = ip.split(".").map(Number) as [number, number, number];
      const special = a === 0 || a === 127 || a >= 224 || (a === 169 && b === 254) || (a === 192 && b === 0 && (c === 0 || c === 2)) || (a === 198 && (b === 18 || b === 19)) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113);
      if (!special) return ip;
    }
  };

  return {
    positive: {
      EMAIL_ADDRESS: () => faker.internet.email(),
      PHONE_NUMBER: phone,
      CREDIT_CARD: () => card(true),
      IBAN_CODE: () => iban(true),
      US_SSN: () => ssn(true),
      IP_ADDRESS: hostIpv4,
      UK_NHS: () => nhs(true),
      BR_CPF: () => cpf(true),
      PERSON: () => `${faker.person.firstName()} ${faker.person.lastName()}`,
      LOCATION: place,
      ADDRESS: () => faker.location.streetAddress(),
      DATE_OF_BIRTH: birthDate,
      AWS_ACCESS_KEY: awsKey,
      UK_NINO: nino,
      IN_PAN: pan,
      IN_AADHAAR: () => aadhaar(true),
      ES_NIF: () => nif(true),
      ES_NIE: nie,
      NL_BSN: () => bsn(true),
      PL_PESEL: () => pesel(true),
      FR_NIR: () => nir(true),
      DE_TAX_ID: steuerId,
      DE_SOCIAL_SECURITY: () => rvnr(true),
      DE_HEALTH_INSURANCE: () => kvnr(true),
      FI_PERSONAL_IDENTITY_CODE: () => hetu(true),
      KR_RRN: () => rrn(true),
      KR_FRN: () => rrn(true, true),
      SE_PERSONNUMMER: () => personnummer(true),
      ZA_ID_NUMBER: () => zaId(true),
      TH_TNIN: () => thId(true),
      TW_NATIONAL_ID: () => twId(true),
      JP_MY_NUMBER: () => myNumber(true),
      DE_ID_CARD: () => germanDocument("LMNPRTVWXY", true),
      DE_PASSPORT: () => germanDocument("CFGHJK", true),
      RU_SNILS: () => snils(true),
      RU_TAX_ID: () => inn(true),
      RU_PASSPORT: ruPassport,
      AU_ABN: abn,
      AU_ACN: () => acn(true),
      ET_IK: () => isikukood(true),
      DK_CPR_NUMBER: cpr,
      TR_NATIONAL_ID: () => tckn(true),
      TR_TAX_ID: () => vkn(true),
      MEDICAL_LICENSE: () => dea(true),
      US_MBI: mbi,
      UK_DRIVING_LICENCE: dvla,
      IT_FISCAL_CODE: fiscalCode,
      SG_NRIC_FIN: nric,
      AU_TFN: tfn,
      AU_MEDICARE: medicare,
      CA_SIN: () => sin(true),
      US_ITIN: itin,
      ABA_ROUTING_NUMBER: aba,
      US_NPI: () => npi(true),
      CRYPTO: bitcoin,
      JWT: jwt,
      // (letters and digits: a password's quotes and blanks would end a record's value or a CSV's cell)
      PASSWORD: () => faker.internet.password({ length: faker.number.int({ min: 10, max: 16 }), pattern: /[A-Za-z0-9]/ }),
    },
    label: {
      EMAIL_ADDRESS: "E-mail", PHONE_NUMBER: "Phone", CREDIT_CARD: "Card number", IBAN_CODE: "IBAN", US_SSN: "SSN",
      IP_ADDRESS: "IP address", UK_NHS: "NHS number", BR_CPF: "CPF", PERSON: "Name", LOCATION: "Place of birth",
      ADDRESS: "Address", DATE_OF_BIRTH: "Date of birth", AWS_ACCESS_KEY: "AWS access key",
      UK_NINO: "National Insurance number", IN_PAN: "PAN", IN_AADHAAR: "Aadhaar", ES_NIF: "DNI", ES_NIE: "NIE",
      NL_BSN: "BSN", PL_PESEL: "PESEL", FR_NIR: "Numero de securite sociale", DE_TAX_ID: "Steuer-ID",
      DE_SOCIAL_SECURITY: "Sozialversicherungsnummer", DE_HEALTH_INSURANCE: "Krankenversichertennummer",
      FI_PERSONAL_IDENTITY_CODE: "Henkilötunnus", KR_RRN: "Resident registration number", KR_FRN: "Foreigner registration number",
      SE_PERSONNUMMER: "Personnummer", ZA_ID_NUMBER: "ID number", TH_TNIN: "Thai national ID", TW_NATIONAL_ID: "National ID number",
      JP_MY_NUMBER: "マイナンバー",
      DE_ID_CARD: "Personalausweisnummer", DE_PASSPORT: "Reisepassnummer", RU_SNILS: "СНИЛС", RU_TAX_ID: "ИНН", RU_PASSPORT: "Паспорт",
      AU_ABN: "ABN", AU_ACN: "ACN", ET_IK: "Isikukood", DK_CPR_NUMBER: "CPR-nummer",
      TR_NATIONAL_ID: "TC Kimlik No", TR_TAX_ID: "Vergi Kimlik No",
      MEDICAL_LICENSE: "DEA number", US_MBI: "Medicare Beneficiary Identifier", UK_DRIVING_LICENCE: "Driving licence number",
      IT_FISCAL_CODE: "Codice fiscale", SG_NRIC_FIN: "NRIC", AU_TFN: "Tax file number", AU_MEDICARE: "Medicare number",
      CA_SIN: "Social insurance number", US_ITIN: "ITIN", ABA_ROUTING_NUMBER: "Routing number", US_NPI: "NPI",
      CRYPTO: "Bitcoin wallet", JWT: "Bearer token", PASSWORD: "Password",
    },
    negative: [
      () => card(false),
      () => iban(false),
      () => ssn(false),
      () => nhs(false),
      () => cpf(false),
      () => aadhaar(false),
      () => nif(false),
      () => bsn(false),
      () => pesel(false),
      () => nir(false),
      () => sin(false),
      () => npi(false),
      () => rvnr(false),
      () => kvnr(false),
      () => hetu(false),
      () => rrn(false),
      () => rrn(false, true),
      () => personnummer(false),
      () => zaId(false),
      () => thId(false),
      () => twId(false),
      () => myNumber(false),
      () => germanDocument("LMNPRTVWXY", false),
      () => germanDocument("CFGHJK", false),
      () => snils(false),
      () => inn(false),
      () => acn(false),
      () => isikukood(false),
      () => tckn(false),
      () => vkn(false),
      () => dea(false),
      () => `ORD-${digits(8)}`,
      () => `INV${digits(6)}/${digits(2)}`,
      () => `v${faker.number.int(20)}.${faker.number.int(30)}.${faker.number.int(99)}`,
      () => faker.string.uuid(),
      () => faker.date.recent().toISOString(),
      () => `${digits(3)}.${digits(2)} EUR`,
    ],
  };
}
