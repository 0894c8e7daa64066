import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cannotRead, readInput } from "./read.ts";

describe("cli/inspect/read", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "inspect-read-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("says a name that is not UTF-8 cannot be opened by its name, and how to read it (ENOENT alone said the file was not there)", () => {
    const latin1 = Buffer.concat([Buffer.from(`${dir}/caf`), Buffer.from([0xe9]), Buffer.from(".txt")]);
    writeFileSync(latin1, "x");
    // (what the name becomes in process.argv)
    const asGiven = latin1.toString("utf8");
    const err: unknown = (() => {
      try {
        readInput(asGiven, 1024);
      } catch (e) {
        return e;
      }
    })();
    assert.equal(cannotRead(asGiven, err), "cannot be read (ENOENT): its name is not UTF-8, and Node gets its arguments as UTF-8; give it on standard input: filescan inspect - < FILE");
    assert.equal(cannotRead(path.join(dir, "none.txt"), Object.assign(new Error("x"), { code: "ENOENT" })), "cannot be read (ENOENT)");
  });
});
