import assert from "node:assert/strict";
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { readNumber } from "./phone_parse.ts";
import { PHONE_REGIONS } from "./phone_number.ts";

/** Runs of random digits, `min` to `max` long, from a seeded generator (mulberry32): the same every run. */
function randomDigits(seed: number): (min: number, max: number) => string {
  const rnd = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (min, max) => {
    const length = min + Math.floor(rnd() * (max - min + 1));
    let out = "";
    for (let i = 0; i < length; i++) out += String(Math.floor(rnd() * 10));
    return out;
  };
}

/** Compares `readNumber` with libphonenumber on one text: where it answers, it answers as libphonenumber does. */
function compare(text: string, region: CountryCode | undefined, tally: { answered: number; valid: number; validAnswered: number }): void {
  const lib = parsePhoneNumberFromString(text, region ? { defaultCountry: region } : undefined);
  const libValid = lib?.isValid() === true;
  if (libValid) tally.valid++;
  const ours = readNumber(text, region);
  if (ours === null) return;
  tally.answered++;
  if (ours.valid) tally.validAnswered++;
  const where = `${text} (${region ?? "international"})`;
  assert.ok(lib, `${where}: read here, not by libphonenumber`);
  assert.deepEqual(ours, { valid: libValid, possible: lib.isPossible(), country: lib.country, countryCallingCode: lib.countryCallingCode, nationalNumber: lib.nationalNumber }, where);
}

describe("generic/phone_parse", () => {
  it("reads every country's example numbers as libphonenumber does, written internationally and nationally", () => {
    const tally = { answered: 0, valid: 0, validAnswered: 0 };
    for (const country of getCountries()) {
      const national = (examples as Record<string, string>)[country];
      if (!national) continue;
      const code = getCountryCallingCode(country);
      compare(`+${code}${national}`, undefined, tally);
      compare(`+${code} ${national.slice(0, 3)} ${national.slice(3)}`, undefined, tally);
      compare(`+${code}-${national.slice(0, 2)}-${national.slice(2, 6)}-${national.slice(6)}`, undefined, tally);
      compare(national, country, tally);
      compare(`(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`, country, tally);
    }
    // (it must answer for most: otherwise it saves nothing)
    assert.ok(tally.validAnswered >= 0.8 * tally.valid, `answered ${tally.validAnswered} of ${tally.valid} valid`);
  });

  it("reads random digits after every calling code as libphonenumber does", () => {
    const digits = randomDigits(7);
    const codes = [...new Set(getCountries().map((c) => getCountryCallingCode(c)))];
    const tally = { answered: 0, valid: 0, validAnswered: 0 };
    for (const code of codes) {
      for (let k = 0; k < 150; k++) {
        const national = digits(4, 13);
        compare(`+${code}${national}`, undefined, tally);
        compare(`+${code} ${national.slice(0, 3)} ${national.slice(3)}`, undefined, tally);
      }
    }
    assert.ok(tally.valid > 1000 && tally.validAnswered >= 0.8 * tally.valid, `answered ${tally.validAnswered} of ${tally.valid} valid`);
  });

  it("reads random national numbers in the regions the detector tries as libphonenumber does", () => {
    const random = randomDigits(11);
    const tally = { answered: 0, valid: 0, validAnswered: 0 };
    for (const region of PHONE_REGIONS) {
      for (let k = 0; k < 3000; k++) {
        const digits = random(6, 12);
        compare(digits, region, tally);
        compare(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, region, tally);
        compare(`0${digits}`, region, tally);
        compare(`1 ${digits}`, region, tally);
      }
    }
    assert.ok(tally.valid > 1000 && tally.validAnswered >= 0.5 * tally.valid, `answered ${tally.validAnswered} of ${tally.valid} valid`);
  });

  it("leaves to libphonenumber what it would read otherwise", () => {
    assert.equal(readNumber("+44 (0) 20 7946 0958"), null, "a national prefix to strip");
    assert.equal(readNumber("0412 345 678", "AU"), null, "a trunk prefix");
    assert.equal(readNumber("011 44 20 7946 0958", "US"), null, "dialled abroad");
    assert.equal(readNumber("+1 415 555 2671 ext. 12"), null, "an extension");
    assert.equal(readNumber("tel:+14155552671"), null);
    assert.deepEqual(readNumber("+1 415 555 2671"), { valid: true, possible: true, country: "US", countryCallingCode: "1", nationalNumber: "4155552671" });
    assert.deepEqual(readNumber("(204) 555-0143", "US"), { valid: true, possible: true, country: "CA", countryCallingCode: "1", nationalNumber: "2045550143" });
    assert.deepEqual(readNumber("+1 692 691 5764"), { valid: false, possible: true, country: undefined, countryCallingCode: "1", nationalNumber: "6926915764" }, "an unassigned area code");
    assert.deepEqual(readNumber("+33 1 23"), { valid: false, possible: false, country: "FR", countryCallingCode: "33", nationalNumber: "123" }, "too short for France");
  });
});
