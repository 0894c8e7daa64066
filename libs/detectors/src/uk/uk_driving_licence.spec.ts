import assert from "node:assert/strict";
import { ukDrivingLicence, ukDrivingLicenceRules } from "./uk_driving_licence.ts";
import { scoreOf, spans } from "../testing.ts";

describe("uk/uk_driving_licence", () => {
  it("accepts the surname, a real birth date (a woman's month +50), the initials", () => {
    assert.ok(ukDrivingLicenceRules("MORGA753116SM9IJ")); // DVLA's example: a woman born 11 March 1976
    assert.ok(ukDrivingLicenceRules("LEE99902296J99AB")); // a short surname padded, 29 Feb 1996, one initial
    assert.ok(ukDrivingLicenceRules("SMITH 612045 JD9XY"));
  });
  it("rejects an impossible date, padding inside the surname, a digit for the first initial", () => {
    assert.equal(ukDrivingLicenceRules("MORGA713116SM9IJ"), false); // month 13
    assert.equal(ukDrivingLicenceRules("MORGA763116SM9IJ"), false); // month 63 (13 + 50)
    assert.equal(ukDrivingLicenceRules("LEE99902297J99AB"), false); // 29 Feb 1997
    assert.equal(ukDrivingLicenceRules("MORGA753326SM9IJ"), false); // 32nd
    assert.equal(ukDrivingLicenceRules("MO9GA753116SM9IJ"), false);
    assert.equal(ukDrivingLicenceRules("MORGA7531169M9IJ"), false);
  });
  it("finds it whole or in its three printed groups, with its issue number after it; reported alone, more with a licence word", () => {
    assert.deepEqual(spans(ukDrivingLicence, "Licence: MORGA753116SM9IJ 35"), [[9, 25]]);
    assert.deepEqual(spans(ukDrivingLicence, "5. MORGA 753116 SM9IJ"), [[3, 21]]);
    const alone = scoreOf(ukDrivingLicence, "ref MORGA753116SM9IJ");
    assert.ok(alone >= 0.5 && alone < 0.9, String(alone));
    assert.ok(scoreOf(ukDrivingLicence, "Driving licence number: MORGA753116SM9IJ") >= 0.9);
  });
  it("finds nothing glued to a longer token or in lower case", () => {
    assert.deepEqual(spans(ukDrivingLicence, "XMORGA753116SM9IJ MORGA753116SM9IJ7 morga753116sm9ij MORGA753116SM9IJ_x"), []);
  });
});
