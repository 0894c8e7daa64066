import assert from "node:assert/strict";
import { oneLine } from "./format.ts";

describe("cli/inspect/format", () => {
  it("writes a value of several lines on one line of the table", () => {
    assert.equal(oneLine("H*** 1***\n1*** T***"), "H*** 1***⏎1*** T***");
    assert.equal(oneLine("a\r\nb\tc\u0007d"), "a⏎b c d");
    assert.equal(oneLine("J*** A***"), "J*** A***");
  });
});
