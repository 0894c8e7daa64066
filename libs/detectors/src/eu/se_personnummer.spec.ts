import assert from "node:assert/strict";
import { sePersonnummer, sePersonnummerKind, sePersonnummerValid } from "./se_personnummer.ts";
import { run, scoreOf, spans } from "../testing.ts";

/** A fixed "today" for the century of six-digit dates. */
const TODAY = new Date(Date.UTC(2026, 10, 27));
const valid = (v: string) => sePersonnummerValid(v, TODAY);

describe("eu/se_personnummer", () => {
  it("accepts a real birth date, a birth number and the Luhn digit, in every written form", () => {
    // Skatteverket's usual example in its five forms, a coordination number (day 63 = the 3rd), a
    // leap day of 2000 and 2004, a coordination number on 31 October
    for (const v of ["811218-9876", "811218+9876", "19811218-9876", "198112189876", "8112189876", "701063-2391", "000229-1235", "040229-1231", "701091-1233"]) assert.ok(valid(v), v);
    assert.equal(sePersonnummerKind("811218-9876", TODAY), "personnummer");
    assert.equal(sePersonnummerKind("701063-2391", TODAY), "samordningsnummer");
    assert.equal(run(sePersonnummer, "701063-2391")[0]!.validation, "samordningsnummer_luhn");
    assert.deepEqual(spans(sePersonnummer, "pnr 811218-9876, 19811218-9876 och 701063-2391"), [[4, 15], [17, 30], [35, 46]]);
  });

  it("rejects a wrong check digit, impossible dates, days between 31 and 61, and birth number 000", () => {
    assert.equal(valid("811218-9877"), false);
    assert.equal(valid("198112189875"), false);
    assert.equal(valid("810431-1231"), false); // 31 April (the check digit passes)
    assert.equal(valid("811318-1237"), false); // month 13
    assert.equal(valid("811200-1238"), false); // day 0
    assert.equal(valid("811232-1230"), false); // day 32
    assert.equal(valid("811250-1237"), false); // day 50: neither a birth day nor one + 60
    assert.equal(valid("811292-1237"), false); // day 92
    assert.equal(valid("700291-1233"), false); // coordination day 91 in February: the 31st
    assert.equal(valid("130229-1230"), false); // 29 February 2013
    assert.equal(valid("811218-0008"), false); // birth number 000 is never issued
    // an organisation number (Luhn too, but its "month" is 20 or more)
    assert.equal(valid("556016-0680"), false);
    assert.deepEqual(spans(sePersonnummer, "811218-9877 810431-1231 811250-1237 811218-0008 Org.nr 556016-0680"), []);
  });

  it("takes the century from the separator: '+' is a hundred years earlier, and no birth date is in the future", () => {
    assert.ok(valid("000229-1235")); // 29 February 2000 ...
    assert.equal(valid("000229+1235"), false); // ... but 1900 was no leap year
    // 15 December: with "-" in 2026 still to come, with "+" 1926, and ten plain digits may be either
    assert.equal(valid("261215-1239"), false);
    assert.ok(valid("261215+1239"));
    assert.ok(valid("2612151239"));
    assert.ok(sePersonnummerValid("261215-1239", new Date(Date.UTC(2027, 0, 1))));
    assert.ok(valid("19991231-1231"));
    assert.equal(valid("20991231-1231"), false);
    assert.equal(valid("17991231-1231"), false); // a century other than 18, 19, 20
    assert.equal(valid("19811218+9876"), false); // "+" only where the century is not written
  });

  it("rejects other separators and numbers glued to a longer token", () => {
    assert.deepEqual(spans(sePersonnummer, "811218/9876 811218 9876 811218.9876 811218–9876 811218_9876 811218--9876 19811218+9876"), []);
    assert.deepEqual(spans(sePersonnummer, "1811218-9876 811218-98761 x811218-9876 811218-9876x 811218-9876-5 ref-811218-9876 /users/8112189876 8112189876 1"), [[100, 110]]);
    assert.deepEqual(spans(sePersonnummer, "19811218-98766 119811218-9876 1981121898761"), []);
  });

  it("reports a separated number alone and raises it with a context word", () => {
    const alone = scoreOf(sePersonnummer, "811218-9876");
    assert.ok(alone >= 0.5 && alone < 0.7, String(alone));
    assert.equal(scoreOf(sePersonnummer, "19811218-9876"), alone);
    assert.equal(scoreOf(sePersonnummer, "811218+9876"), alone);
    assert.ok(scoreOf(sePersonnummer, "Personnummer: 811218-9876") >= 0.85);
    assert.ok(scoreOf(sePersonnummer, "Samordningsnummer 701063-2391") >= 0.85);
    assert.ok(scoreOf(sePersonnummer, "Swedish personal identity number 811218-9876") > alone);
  });

  it("keeps twelve and ten plain digits (timestamps, phone numbers) below the threshold alone: a context word or header lifts them", () => {
    const twelve = scoreOf(sePersonnummer, "198112189876");
    const ten = scoreOf(sePersonnummer, "8112189876");
    assert.ok(twelve < 0.4 && ten < twelve, `${twelve} ${ten}`);
    assert.ok(scoreOf(sePersonnummer, "pnr 198112189876") >= 0.6);
    assert.ok(scoreOf(sePersonnummer, "Personnumret är 8112189876") >= 0.4);
    assert.ok(scoreOf(sePersonnummer, "8112189876", "Personnummer") >= 0.4);
    // a Swedish mobile number read as 6 July 2007, coordination day 76
    assert.ok(valid("0707767612"));
    assert.ok(scoreOf(sePersonnummer, "0707767612") < 0.4);
    assert.deepEqual(spans(sePersonnummer, "Tel 0707767612"), []);
    // a YYYYMMDDhhmm timestamp that passes Luhn
    assert.ok(valid("202401151432"));
    assert.ok(scoreOf(sePersonnummer, "202401151432") < 0.4);
    // ... and the same stamp dashed, as a build or a backup is named: its last four digits are a time of day
    assert.ok(scoreOf(sePersonnummer, "Build 20240115-1432") < 0.4);
    assert.ok(scoreOf(sePersonnummer, "backup 19991231-2304 done") < 0.4);
    assert.ok(scoreOf(sePersonnummer, "Personnummer 20240115-1432") >= 0.6);
  });

  it("leaves to the Finnish detector a number that is a valid henkilötunnus too (15 Oct 1979; as Swedish, a coordination number), unless a Swedish word says otherwise", () => {
    assert.ok(valid("151079-0270"));
    assert.ok(scoreOf(sePersonnummer, "151079-0270") < 0.4);
    assert.ok(scoreOf(sePersonnummer, "Samordningsnummer: 151079-0270") >= 0.6);
  });

  it("leaves to the Danish detector a coordination number that is a Danish CPR number of someone born in '61–'91 (26 June 1961)", () => {
    assert.ok(valid("260661-3848"));
    assert.ok(scoreOf(sePersonnummer, "Personnummer 260661-3848") < 0.6);
    assert.ok(scoreOf(sePersonnummer, "260661-3848") < 0.4);
  });
});
