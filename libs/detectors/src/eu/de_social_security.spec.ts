import assert from "node:assert/strict";
import { deSocialSecurity, deSocialSecurityValid } from "./de_social_security.ts";
import { scoreOf, spans } from "../testing.ts";

describe("eu/de_social_security", () => {
  it("accepts a real birth date with the right check digit, the day +50 too", () => {
    assert.ok(deSocialSecurityValid("15070649C103")); // the Deutsche Rentenversicherung's example
    assert.ok(deSocialSecurityValid("65170892M536"));
    assert.ok(deSocialSecurityValid("53310113B775"));
    assert.ok(deSocialSecurityValid("12290200Z496")); // 29 February
    assert.ok(deSocialSecurityValid("38551285K051")); // day 55: the 5th, +50
  });
  it("rejects a wrong check digit, an impossible date and a digit for the letter", () => {
    assert.equal(deSocialSecurityValid("15070649C100"), false);
    assert.equal(deSocialSecurityValid("65170892M535"), false);
    assert.equal(deSocialSecurityValid("15420649C103"), false); // day 42
    assert.equal(deSocialSecurityValid("15310449C103"), false); // 31 April
    assert.equal(deSocialSecurityValid("15071349C103"), false); // month 13
    assert.equal(deSocialSecurityValid("150706491103"), false);
    assert.equal(deSocialSecurityValid("15070649c103"), false);
  });
  it("finds it whole or as the card prints it, alone reported, higher with its label", () => {
    assert.deepEqual(spans(deSocialSecurity, "RVNR: 15070649C103 laut Ausweis"), [[6, 18]]);
    assert.deepEqual(spans(deSocialSecurity, "Nr. 65 170892 M 536."), [[4, 19]]);
    assert.deepEqual(spans(deSocialSecurity, "Nr. 65 170892 M536."), [[4, 18]]);
    const alone = scoreOf(deSocialSecurity, "Kunde 65170892M536");
    assert.ok(alone >= 0.4 && alone < 0.8, String(alone));
    assert.ok(scoreOf(deSocialSecurity, "Sozialversicherungsnummer: 65170892M536") >= 0.8);
  });
  it("finds nothing in a longer token or a number of another shape", () => {
    assert.deepEqual(spans(deSocialSecurity, "X15070649C103 15070649C1030 15070649C10 150706491103"), []);
    assert.deepEqual(spans(deSocialSecurity, "id 15070649-C103"), []);
  });
});
