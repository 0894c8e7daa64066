import assert from "node:assert/strict";
import { deflateSync } from "node:zlib";
import { allText, codes, run, segWith } from "../test-util/run.ts";
import { makeZip } from "../test-util/fixtures.ts";
import { gitObjectType, treeLines } from "./git-object.ts";

/** A loose object as Git writes it: zlib (level 1, "x\x01", as core.looseCompression has it) around "<type> <size>\0" and the body. */
const looseObject = (type: string, body: Buffer | string, level = 1) => {
  const b = Buffer.from(body);
  return deflateSync(Buffer.concat([Buffer.from(`${type} ${b.byteLength}\0`), b]), { level });
};
const ID = "9d3c922c2aa93f10f518942a0e428c13320090";

describe("extract: Git loose objects", () => {
  it("reads a blob as the file it was: a secret deleted from the working tree is still in the history", async () => {
    const r = await run(looseObject("blob", "DB_PASSWORD=Xk29!pQ7zW\nAPI_URL=https://api.example.org\n"), ID);
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/x-git-loose-object", "complete", []]);
    assert.ok(segWith(r, "DB_PASSWORD=Xk29!pQ7zW"));
    assert.equal(allText(r).includes("blob 5"), false, "the header is no text of the file");
    // a blob that is an archive or a document: read as that (here at level 6, "x\x9c")
    const zip = await run(looseObject("blob", await makeZip({ "hr/salaries.txt": "IBAN DE89370400440532013000" }), 6), ID);
    assert.deepEqual([zip.detected_type, zip.status, segWith(zip, "DE8937")?.locator.file_in_zip], ["application/x-git-loose-object", "complete", "hr/salaries.txt"]);
  });

  it("reads a commit's and a tag's text (author, committer, message) and a tree's entries as lines", async () => {
    const commit = await run(looseObject("commit", "tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nauthor Jane Roe <jane.roe@example.org> 1700000000 +0100\ncommitter Jane Roe <jane.roe@example.org> 1700000000 +0100\n\nAdd the customer export\n"), ID);
    assert.ok(segWith(commit, "author Jane Roe <jane.roe@example.org>"));
    assert.ok(segWith(commit, "Add the customer export"));
    const id = Buffer.alloc(20, 0xab);
    const tree = Buffer.concat([Buffer.from("100644 John_Smith_payslip.pdf\0"), id, Buffer.from("40000 docs\0"), id]);
    assert.equal(treeLines(tree), `100644 John_Smith_payslip.pdf ${"ab".repeat(20)}\n40000 docs ${"ab".repeat(20)}`);
    const r = await run(looseObject("tree", tree), ID);
    assert.ok(segWith(r, "John_Smith_payslip.pdf"));
  });

  it("tells a loose object by its inflated header, not by a zlib stream alone; says a size that does not match", async () => {
    assert.equal(gitObjectType(looseObject("blob", "x")), "blob");
    assert.equal(gitObjectType(deflateSync(Buffer.from("just some compressed text"))), null);
    assert.equal(gitObjectType(Buffer.from("x\x01 not a stream", "latin1")), null);
    // file-type names a stream starting "x\x01" an Apple disk image: one without the image's trailer is not
    const plain = await run(deflateSync(Buffer.from("just some compressed text"), { level: 1 }), "data");
    assert.notEqual(plain.detected_type, "application/x-apple-diskimage");
    const lying = deflateSync(Buffer.from("blob 99\0short"), { level: 1 });
    const r = await run(lying, ID);
    assert.deepEqual([r.status, codes(r)], ["partial", ["corrupt"]]);
    assert.ok(segWith(r, "short"));
  });
});
