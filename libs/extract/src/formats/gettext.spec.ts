import assert from "node:assert/strict";
import { mo } from "gettext-parser";
import { allText, run } from "../test-util/run.ts";
import { checkMoTables, moByteOrder } from "./gettext.ts";

/** A German catalogue as msgfmt writes one: its header names the translator. */
function catalogue(): Buffer {
  return mo.compile({
    charset: "utf-8",
    headers: { "Project-Id-Version": "acme-payroll 2.1", "Last-Translator": "Jörg Müller <joerg.mueller@acme-corp.de>", "Language-Team": "German", Language: "de", "Content-Type": "text/plain; charset=UTF-8" },
    translations: {
      "": {
        "Your password has expired.": { msgid: "Your password has expired.", msgstr: ["Ihr Passwort ist abgelaufen."] },
        "%d file": { msgid: "%d file", msgid_plural: "%d files", msgstr: ["%d Datei", "%d Dateien"] },
      },
      menu: { Open: { msgctxt: "menu", msgid: "Open", msgstr: ["Öffnen"] } },
    },
  });
}

describe("extract: gettext message catalogues (formats/gettext.ts)", () => {
  it("reads a compiled catalogue's header and messages, originals and translations, as text", async () => {
    const r = await run(catalogue(), "payroll.mo");
    assert.deepEqual([r.detected_type, r.status, r.reasons], ["application/x-gettext-translation", "complete", []]);
    const text = allText(r);
    assert.match(text, /^Project-Id-Version: acme-payroll 2\.1\nLast-Translator: Jörg Müller <joerg\.mueller@acme-corp\.de>\n/);
    for (const line of ["Your password has expired.", "Ihr Passwort ist abgelaufen.", "%d files", "%d Dateien", "Öffnen"]) assert.ok(text.split("\n").includes(line), line);
  });
  it("knows a catalogue by its magic number in either byte order, nothing else", () => {
    const le = catalogue();
    assert.equal(moByteOrder(le), "le");
    const be = Buffer.from(le);
    for (let i = 0; i < 28; i += 4) be.writeUInt32BE(le.readUInt32LE(i), i);
    assert.equal(moByteOrder(be), "be");
    assert.equal(moByteOrder(Buffer.from("msgid \"\"\nmsgstr \"\"\n")), null);
  });
  it("refuses a catalogue whose message count runs past its end, and fails a damaged one with a reason", async () => {
    const huge = catalogue();
    huge.writeUInt32LE(0x10000000, 8);
    assert.throws(() => checkMoTables(huge), /table runs past the file's end/);
    const r = await run(huge, "huge.mo");
    assert.deepEqual([r.status, r.reasons.map((x) => x.code)], ["failed", ["corrupt"]]);
    const cut = await run(catalogue().subarray(0, 120), "cut.mo");
    assert.equal(cut.status, "failed");
    assert.ok(cut.reasons.some((x) => x.code === "corrupt"), JSON.stringify(cut.reasons));
  });
});
