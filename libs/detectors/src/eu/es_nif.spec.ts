import assert from "node:assert/strict";
import { dniLetter, esNif } from "./es_nif.ts";
import { run, spans } from "../testing.ts";

describe("eu/es_nif", () => {
  it("accepts numbers whose letter matches mod 23", () => {
    assert.equal(dniLetter(12345678), "Z");
    assert.deepEqual(spans(esNif, "DNI 12345678Z, NIF 12345678-z"), [[4, 13], [19, 29]]);
  });
  it("rejects a wrong letter and wrong lengths", () => {
    assert.deepEqual(spans(esNif, "12345678A 123456Z 123456789Z"), []);
  });
  it("takes no abbreviated commit for a NIF (seen in changelogs), an upper-case letter still is one", () => {
    // 2315785 mod 23 = 5 → F, 9559349 → C: valid control letters, written as hashes are
    assert.equal(dniLetter(2315785), "F");
    assert.deepEqual(spans(esNif, "2315785f Add Mux library\n(9559349c yuangongji)"), []);
    assert.deepEqual(spans(esNif, "DNI 2315785F"), [[4, 12]]);
    // nor a number's mantissa and exponent
    assert.equal(dniLetter(38435736), "E");
    assert.deepEqual(spans(esNif, "Decimal('1.38435736E+12')"), []);
  });
  it("reports a lower-case letter only with a DNI word near: after digits it is more often a unit (Go's durations)", () => {
    const reported = (text: string) => run(esNif, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));
    assert.equal(dniLetter(3000000), "H");
    assert.deepEqual(reported('{"3000000h", `"3000000h"`},'), []);
    assert.deepEqual(reported("DNI 12345678z"), ["12345678z"]);
    assert.deepEqual(reported("12345678Z"), ["12345678Z"]);
  });
  it("takes no long integer literal of code for a NIF (Java's serialVersionUID); a quoted one in code, or one after its label in a CSV row, still is one", () => {
    const reported = (text: string) => run(esNif, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));
    assert.equal(dniLetter(19190115), "L");
    assert.deepEqual(reported("    private static final long serialVersionUID = 19190115L;\n    check(19190115L, 2)"), []);
    assert.deepEqual(reported('String dni = "19190115L";\ndni=19190115L\n'), ["19190115L", "19190115L"]);
    // (a CSV row under its label is no code)
    assert.deepEqual(reported("dni,19190115L,active\n\"NIF\",19190115L,\"x\""), ["19190115L", "19190115L"]);
  });
  it("takes no colour with its opacity for a NIF (a chart's palette)", () => {
    const reported = (text: string) => run(esNif, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));
    assert.equal(dniLetter(8080800), "A");
    assert.deepEqual(reported('"#8080800A"\ncolor: #8080800A;'), []);
    assert.deepEqual(reported("DNI 8080800A"), ["8080800A"]);
  });
});
