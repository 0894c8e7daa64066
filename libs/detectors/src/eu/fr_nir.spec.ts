import assert from "node:assert/strict";
import { frNir, nirKey } from "./fr_nir.ts";
import { scoreOf, spans } from "../testing.ts";

describe("eu/fr_nir", () => {
  it("accepts valid keys, spaced or compact, Corsican départements included", () => {
    assert.ok(nirKey("2 55 08 14 168 025 38"));
    assert.ok(nirKey("269054958815780"));
    assert.deepEqual(spans(frNir, "NIR: 2 55 08 14 168 025 38."), [[5, 26]]);
  });
  it("needs a social-security word for a bare number: a log's 15-digit id passes the key by chance (bench/detect's mixed logs)", () => {
    assert.ok(nirKey("373806769878119"));
    assert.ok(scoreOf(frNir, "ok for a user session 373806769878119") < 0.4);
    assert.ok(scoreOf(frNir, "Numéro de sécurité sociale : 2 55 08 14 168 025 38") >= 0.8);
    assert.ok(scoreOf(frNir, "NIR 269054958815780") >= 0.8);
  });
  it("rejects wrong keys, sex digit 5/6/9/0, impossible months and département 00", () => {
    assert.equal(nirKey("2 55 08 14 168 025 39"), false);
    assert.equal(nirKey("555081416802538"), false);
    assert.equal(nirKey("255148141680253".padEnd(15, "0")), false);
    assert.equal(nirKey("255080016802538"), false);
  });
  it("reads \"secu\" without its accent (a key \"n_secu\")", () => {
    assert.ok(scoreOf(frNir, "n_secu: 255081416802538") > scoreOf(frNir, "ref 255081416802538"));
  });
});
