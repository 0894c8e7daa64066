import assert from "node:assert/strict";
import { twIdKind, twNationalId } from "./tw_national_id.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("tw/tw_national_id", () => {
  it("accepts a citizen's number with the right check digit, the letters of irregular code included", () => {
    // A123456789 (the usual example), Presidio's B120863514; I = 34, O = 35, W = 32, X = 30, Y = 31, Z = 33
    for (const v of ["A123456789", "B120863514", "F135724680", "I102938475", "O204827594", "W173645281", "X284756106", "Y112233448", "Z291837468", "M246813579"]) {
      assert.equal(twIdKind(v), "citizen", v);
    }
    assert.equal(twIdKind("a123456789"), "citizen"); // typed in lower case
  });
  it("accepts a resident's certificate number, of 2021's layout (8/9) and the older one (A–D)", () => {
    for (const v of ["A800000014", "B801234560", "H975310864", "AC01234567", "AA00000009", "KC04182738", "TA91827365", "DB38472618"]) assert.equal(twIdKind(v), "resident", v);
  });
  it("rejects a wrong check digit and letters counted in alphabetical order", () => {
    for (const v of ["A123456788", "B120863515", "A800000015", "AC01234568", "B298765432", "H987654321", "F800000014"]) assert.equal(twIdKind(v), null, v);
    // I and Z by their place in the alphabet (I = 18, Z = 35) would make these valid; the official codes (34, 33) do not
    assert.equal(twIdKind("I123456787"), null);
    assert.equal(twIdKind("Z123456782"), null);
    // the old layout's second letter as its own code's last digit, not its place: AB… is not AA… shifted
    assert.equal(twIdKind("AB00000009"), null);
  });
  it("rejects other second characters, lengths and cases", () => {
    for (const v of ["A323456789", "A023456789", "A723456789", "AE01234567", "Aa00000009", "1123456789", "A12345678", "A1234567890", "AC0123456"]) assert.equal(twIdKind(v), null, v);
    assert.deepEqual(spans(twNationalId, "A323456789 ac01234567 Ac01234567 A12345678 1123456789"), []);
  });
  it("finds nothing glued to a longer token or continued by digits", () => {
    assert.deepEqual(spans(twNationalId, "XA123456789 A1234567890 A123456789X 9A123456789 x_A123456789 A123456789-5 A123456789.5"), []);
    assert.deepEqual(spans(twNationalId, "(A123456789) A123456789, F135724680."), [[1, 11], [13, 23], [25, 35]]);
  });
  it("finds a number right against Chinese text (no blank between words)", () => {
    assert.deepEqual(spans(twNationalId, "身分證字號A123456789已驗證"), [[5, 15]]);
    assert.deepEqual(spans(twNationalId, "身分證字號：F135724680。"), [[6, 16]]);
  });
  it("is below the threshold alone, a resident's and a lower-case one lower still", () => {
    const citizen = scoreOf(twNationalId, "Part F135724680 shipped");
    assert.ok(citizen > 0.3 && citizen < 0.4, String(citizen));
    assert.ok(scoreOf(twNationalId, "Part A800000014 shipped") < citizen);
    assert.ok(scoreOf(twNationalId, "Part AC01234567 shipped") < citizen);
    assert.ok(scoreOf(twNationalId, "Part f135724680 shipped") < citizen);
  });
  it("is raised over the threshold by a Chinese or English context word, or a column header", () => {
    assert.ok(scoreOf(twNationalId, "身分證字號：F135724680") >= 0.7);
    assert.ok(scoreOf(twNationalId, "身分證字號 F135724680") >= 0.7);
    assert.ok(scoreOf(twNationalId, "National ID F135724680 belongs to the applicant.") >= 0.7);
    assert.ok(scoreOf(twNationalId, "居留證號碼：A800000014") >= 0.6);
    assert.ok(scoreOf(twNationalId, "ARC number AC01234567") >= 0.6);
    assert.ok(scoreOf(twNationalId, "F135724680", "身分證字號") >= 0.7);
  });
  it("reads a Chinese label run into the sentence, once (not twice with the same label as a word)", () => {
    // "我的身分證字號是" and "申請人身分證字號" are one word each: no context term matches them whole
    assert.equal(scoreOf(twNationalId, "我的身分證字號是F135724680"), 0.7);
    assert.equal(scoreOf(twNationalId, "申請人身分證字號：F135724680"), 0.7);
    assert.equal(scoreOf(twNationalId, "外籍人士居留證統一證號為A800000014"), 0.6);
    assert.equal(scoreOf(twNationalId, "身分證字號：F135724680"), 0.7);
    // a company's number (統一編號) and a receipt are no such label
    assert.ok(scoreOf(twNationalId, "營利事業統一編號F135724680") < 0.4);
    // a label on the line before, or far before, is not run in
    assert.ok(scoreOf(twNationalId, "申請人身分證字號\n\nF135724680") < 0.4);
  });
  it("is lowered by a receipt's or an order's label", () => {
    assert.equal(run(twNationalId, "AC01234567").length, 1);
    assert.equal(run(twNationalId, "統一發票 AC01234567").length, 0);
    assert.equal(run(twNationalId, "發票號碼：AC01234567").length, 0);
    assert.equal(run(twNationalId, "invoice number AC01234567").filter((s) => s.score >= 0.4).length, 0);
  });
});
