import assert from "node:assert/strict";
import { rawArgument } from "./argv.ts";

describe("cli/argv: an argument's bytes when they are not UTF-8", () => {
  const latin1 = Buffer.from([0x2f, 0x73, 0x2f, 0x63, 0x61, 0x66, 0xe9]); // "/s/caf\xe9"
  const cmdline = Buffer.concat([Buffer.from("node\0filescan.js\0scan\0"), latin1, Buffer.from("\0/s/café\0")]);

  it("finds the bytes Node decoded to U+FFFD", () => {
    assert.deepEqual(rawArgument(latin1.toString("utf8"), cmdline), latin1);
  });

  it("leaves an argument that is UTF-8 as it is, U+FFFD of its own too", () => {
    assert.equal(rawArgument("/s/café", cmdline), undefined);
    assert.equal(rawArgument("a\ufffdb", Buffer.from("node\0a\ufffdb\0")), undefined, "a real U+FFFD in a UTF-8 argument");
  });

  it("gives up without the kernel's copy", () => {
    assert.equal(rawArgument(latin1.toString("utf8"), null), undefined);
  });
});
