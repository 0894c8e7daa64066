import assert from "node:assert/strict";
import { allText, codes, run } from "../test-util/run.ts";
import { makePyc, MAGIC, type PyValue } from "../test-util/pyc.ts";
import { pycLayout, pycStrings } from "./pyc.ts";

/** A module: its docstring, a function whose constants hold a DSN with its password, a set of e-mail addresses, a remembered string used again. */
const MODULE: PyValue[] = [
  "Payroll export. Maintainer: Tiara Gislason <tiara.gislason@example.org>",
  { code: { consts: [null, "postgresql://payroll:Xk7pQ2wq9rT@db.internal:5432/pay", 5432, { remember: "SSN 536-22-8726" }], names: ["connect", "dsn"] } },
  { frozenset: ["jane.roe@example.org", "ben.okafor@example.org"] },
  { ref: 1 }, // (the remembered SSN: the module is object 0)
  new Uint8Array(Buffer.from("API_KEY=sk_live_4eC39HqLyjWDarjtT1zdp7dc")),
  new Uint8Array([0x00, 0x01, 0xff, 0x10, 0x64]),
  1.5,
  12345678901234567890n,
  "  ",
];

const WANT = [
  "postgresql://payroll:Xk7pQ2wq9rT@db.internal:5432/pay",
  "SSN 536-22-8726",
  "Payroll export. Maintainer: Tiara Gislason <tiara.gislason@example.org>",
  "jane.roe@example.org",
  "ben.okafor@example.org",
  "API_KEY=sk_live_4eC39HqLyjWDarjtT1zdp7dc",
];

describe("extract: Python bytecode (.pyc)", () => {
  it("reads the string literals and docstrings of the module's and its functions' code objects, each once, not names nor bytecode", async () => {
    for (const version of Object.keys(MAGIC) as Array<keyof typeof MAGIC>) {
      const pyc = makePyc(version, MODULE, ["secret_name_not_read"]);
      assert.deepEqual(pycStrings(pyc), { texts: WANT, error: null }, version);
      const r = await run(pyc, "export.cpython-312.pyc");
      assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/x-python-code", "complete", []], version);
      assert.equal(allText(r), WANT.join("\n\n"), version);
    }
  });

  it("keeps what it read before a file cut short, and says the file is corrupt", async () => {
    const pyc = makePyc("3.12", MODULE);
    const cut = pyc.subarray(0, pyc.indexOf(Buffer.from("API_KEY=")));
    const r = await run(cut, "export.pyc");
    assert.equal(r.status, "partial");
    assert.deepEqual(codes(r), ["corrupt"]);
    // (the function's code object ended before the cut; the module's did not)
    assert.match(allText(r), /Xk7pQ2wq9rT/);
  });

  it("walks a tuple shared by back references once: 60 levels of (t, t) are 2^60 paths, not 60 tuples", () => {
    // (object 0 is the module, object k the k-th constant; each after the first holds two references to the one before)
    const consts: PyValue[] = [{ remember: { tuple: ["Tiara Gislason"] } }];
    for (let k = 2; k <= 60; k++) consts.push({ remember: { tuple: [{ ref: k - 1 }, { ref: k - 1 }] } });
    const t0 = Date.now();
    assert.deepEqual(pycStrings(makePyc("3.12", consts)), { texts: ["Tiara Gislason"], error: null });
    assert.ok(Date.now() - t0 < 1000);
  });

  it("tells Python 3 bytecode by its magic number: not any file whose third and fourth bytes are CR LF", () => {
    const tail = Buffer.alloc(16);
    assert.deepEqual(pycLayout(Buffer.concat([Buffer.from([MAGIC["3.12"] & 0xff, MAGIC["3.12"] >> 8, 13, 10]), tail])), { header: 16, layout: { ints: 5, beforeLine: 8, afterLine: 2 } });
    assert.equal(pycLayout(Buffer.concat([Buffer.from("GET\r\n"), tail])), null);
    assert.equal(pycLayout(Buffer.concat([Buffer.from([0x03, 0xf3, 13, 10]), tail])), null, "Python 2.7's magic number");
  });
});
