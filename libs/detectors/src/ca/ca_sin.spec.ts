import assert from "node:assert/strict";
import { caSin, sinValid } from "./ca_sin.ts";
import { scoreOf, spans } from "../testing.ts";

describe("ca/ca_sin", () => {
  it("accepts Luhn-valid numbers; delimiters or context make them reportable", () => {
    assert.ok(sinValid("046454286") === false && sinValid("130692544"));
    assert.deepEqual(spans(caSin, "SIN 130-692-544"), [[4, 15]]);
    assert.ok(scoreOf(caSin, "130-692-544") >= 0.4);
    // blank-separated, it is also an amount's thousands ("130 692 544 €") or an ACN: context decides
    assert.ok(scoreOf(caSin, "130 692 544") < 0.4);
    assert.ok(scoreOf(caSin, "SIN: 130 692 544") >= 0.6);
    assert.ok(scoreOf(caSin, "130 692 544", "NAS") >= 0.6);
    assert.ok(scoreOf(caSin, "130692544") < 0.4);
    assert.ok(scoreOf(caSin, "social insurance number 130692544") >= 0.4);
  });
  it("takes three blank-separated groups up to 255 for a colour unless SIN context says otherwise (X11's rgb.txt)", () => {
    assert.ok(scoreOf(caSin, "165 251 208\t\tgrey") < 0.4);
    assert.ok(scoreOf(caSin, "SIN: 165 251 208") >= 0.4);
    assert.ok(scoreOf(caSin, "165-251-208") >= 0.4, "dashed, it is written as a SIN");
  });
  it("reads no three groups out of a longer grouped number (a Russian SNILS, an Australian ABN)", () => {
    assert.deepEqual(spans(caSin, "130-692-544 12"), []);
    assert.deepEqual(spans(caSin, "ABN 51 130 692 544"), []);
    assert.deepEqual(spans(caSin, "SIN 130-692-544, 12 May"), [[4, 15]]);
  });
  it("rejects a failing Luhn, business-number prefix 8 and mixed separators", () => {
    assert.deepEqual(spans(caSin, "130 692 545 812 345 678 130-692 544"), []);
  });
  it("reads its labels dotted and as an element's name (\"S.I.N.\", <numeroAssuranceSociale>)", () => {
    const bare = scoreOf(caSin, "x 187 084 033");
    for (const t of ["S.I.N.: 187 084 033", "N.A.S. 187 084 033", "<numeroAssuranceSociale>187 084 033</numeroAssuranceSociale>"]) assert.ok(scoreOf(caSin, t) > bare, t);
  });
});
