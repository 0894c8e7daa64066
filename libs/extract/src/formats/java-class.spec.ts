import assert from "node:assert/strict";
import { allText, run, segWith } from "../test-util/run.ts";
import { makeZip } from "../test-util/fixtures.ts";
import { classStrings, isJavaClass, modifiedUtf8 } from "./java-class.ts";

const u2 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
/** Java's modified UTF-8 (JVMS §4.4.7): each UTF-16 code unit in one, two or three bytes; NUL in two. */
const modified = (s: string) => {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0 && c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return Buffer.from(out);
};
const utf8 = (s: string) => {
  const b = modified(s);
  return Buffer.concat([Buffer.from([1]), u2(b.length), b]);
};

/**
 * A class file as javac writes one (JVMS §4.1) with these string literals: its constant pool
 * names the class and its superclass (identifiers) and holds each literal as a UTF-8 constant
 * and a String constant pointing at it; no fields, methods or attributes.
 */
function classFile(literals: string[], major = 61): Buffer {
  const pool = [utf8("com/acme/payroll/Db"), Buffer.from([7, 0, 1]), utf8("java/lang/Object"), Buffer.from([7, 0, 3])];
  for (const s of literals) {
    pool.push(utf8(s), Buffer.concat([Buffer.from([8]), u2(pool.length + 1)]));
  }
  const head = Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbe]), u2(0), u2(major), u2(pool.length + 1)]);
  return Buffer.concat([head, ...pool, u2(0x21), u2(2), u2(4), u2(0), u2(0), u2(0), u2(0)]);
}

const LITERALS = ["jdbc:postgresql://db.acme.internal:5432/payroll", "payroll_app", "Tr0ub4dor&3x", "SELECT name, iban FROM employees\nWHERE id = ?"];

describe("extract: Java class files (formats/java-class.ts)", () => {
  it("reads a class file's string literals, a paragraph each, and not its identifiers", async () => {
    assert.deepEqual(classStrings(classFile(LITERALS)), LITERALS);
    const r = await run(classFile(LITERALS), "Db.class");
    assert.deepEqual([r.detected_type, r.status, r.reasons], ["application/java-vm", "complete", []]);
    assert.equal(allText(r), LITERALS.join("\n\n"));
    assert.doesNotMatch(allText(r), /com\/acme\/payroll\/Db|java\/lang\/Object/);
  });
  it("reads the classes of a JAR as its members: the JAR is complete, not partial", async () => {
    const jar = await makeZip({ "META-INF/MANIFEST.MF": "Manifest-Version: 1.0\n", "com/acme/payroll/Db.class": classFile(LITERALS) });
    const r = await run(jar, "payroll.jar");
    assert.equal(r.status, "complete", JSON.stringify(r.reasons));
    assert.equal(segWith(r, "Tr0ub4dor&3x")?.locator.file_in_zip, "com/acme/payroll/Db.class");
  });
  it("takes a universal binary's magic number for no class, and fails a damaged class with a reason", async () => {
    // a Mach-O universal binary: 0xCAFEBABE and two architectures
    const fat = Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2]), Buffer.alloc(64)]);
    assert.equal(isJavaClass(fat), false);
    assert.equal(isJavaClass(classFile(LITERALS)), true);
    const cut = await run(classFile(LITERALS).subarray(0, 60), "Db.class");
    assert.equal(cut.status, "failed");
    assert.deepEqual(cut.reasons.map((x) => x.code), ["corrupt"]);
    // a String constant pointing at no UTF-8 constant
    const bad = classFile(["x"]);
    bad.writeUInt16BE(2, bad.indexOf(Buffer.from([8, 0, 5])) + 1);
    assert.equal((await run(bad, "Bad.class")).status, "failed");
  });

  it("decodes Java's modified UTF-8: a character outside the BMP, NUL, accents, and a stray byte", async () => {
    const literal = "Zoë Ødegård 😀 𠜎 end\u0000x";
    assert.deepEqual(classStrings(classFile([literal])), [literal]);
    assert.equal(modifiedUtf8([0x41, 0xff, 0x42, 0xc3]), "A\ufffdB\ufffd");
    const r = await run(classFile([literal]), "Emoji.class");
    assert.equal(allText(r), "Zoë Ødegård 😀 𠜎 end\nx");
  });
});
