import assert from "node:assert/strict";
import { capitalised, inAddressToken, modelCandidates } from "./rampart.ts";

describe("ner/rampart (without the model: the rules on its entities; with it: test/integration/ner-model.test.ts)", () => {
  it("takes a name or a place with a word not capitalised, particles aside, for none", () => {
    assert.equal(capitalised("Vincent van Gogh", "PERSON"), true);
    assert.equal(capitalised("Claudeo valens", "PERSON"), false);
    assert.equal(capitalised("or", "PERSON"), false);
    assert.equal(capitalised("Frankfurt am Main", "LOCATION"), true);
    assert.equal(capitalised("Stratford-upon-Avon", "LOCATION"), true);
    assert.equal(capitalised("Caste decumbo", "LOCATION"), false);
  });

  it("leaves out what stands inside an e-mail address, a URL or a host name", () => {
    const mail = "From: projects@jittery-puritan.org";
    assert.equal(inAddressToken(mail, mail.indexOf("jittery"), mail.indexOf(".org")), true);
    const url = "see https://www.lisbon-travel.example/ for more";
    assert.equal(inAddressToken(url, url.indexOf("lisbon"), url.indexOf("-travel")), true);
    const prose = "She moved to Lisbon, then to Porto.";
    assert.equal(inAddressToken(prose, prose.indexOf("Lisbon"), prose.indexOf(",")), false);
  });

  it("finds nothing, and starts no model, when no model is in use", () => {
    assert.deepEqual(modelCandidates("The review with Priya Raghunathan moved to Thursday.", "PERSON"), []);
  });
});
