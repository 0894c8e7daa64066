import assert from "node:assert/strict";
import { allText, run } from "../test-util/run.ts";
import { binaryPlist, type PlistObject } from "../test-util/plist.ts";
import { expandedSize } from "./plist.ts";

/** A saved Wi-Fi and mail account as a configuration profile holds them: a dictionary of dictionaries. */
const PROFILE: PlistObject[] = [
  { dict: [[1, 2], [8, 9]] },
  { str: "PayloadContent" },
  { arr: [3, 10] },
  { dict: [[4, 5], [6, 7]] },
  { str: "Password" },
  { str: "Tr0ub4dor&3x" },
  { str: "AutoJoin" },
  { bool: true },
  { str: "PayloadVersion" },
  { int: 1 },
  { dict: [[11, 12], [13, 14]] },
  { str: "EmailAddress" },
  { str: "jane.doe@acme-corp.com" },
  { str: "FullName" },
  { str: "Jane Doe" },
];

describe("extract: binary property lists (formats/plist.ts)", () => {
  it("reads a binary property list as the JSON it would be, each value under its key", async () => {
    const r = await run(binaryPlist(PROFILE), "com.apple.wifi.plist", "application/x-plist");
    assert.deepEqual([r.detected_type, r.status, r.type_mismatch], ["application/x-bplist", "complete", false]);
    assert.deepEqual(JSON.parse(allText(r)), {
      PayloadContent: [{ Password: "Tr0ub4dor&3x", AutoJoin: true }, { EmailAddress: "jane.doe@acme-corp.com", FullName: "Jane Doe" }],
      PayloadVersion: 1,
    });
    assert.match(allText(r), /"Password": "Tr0ub4dor&3x"/);
  });
  it("counts the values shared references stand for, and refuses a list that loops or blows up before parsing it", async () => {
    assert.equal(expandedSize(binaryPlist(PROFILE)), PROFILE.length);
    // each array holds the next one twice: 2^41 values from 42 objects
    const laughs: PlistObject[] = [...Array.from({ length: 41 }, (_, i) => ({ arr: [i + 1, i + 1] })), { str: "lol" }];
    assert.throws(() => expandedSize(binaryPlist(laughs)), /more than 1000000 values/);
    const bomb = await run(binaryPlist(laughs), "bomb.plist");
    assert.deepEqual([bomb.status, bomb.reasons.map((x) => x.code)], ["failed", ["corrupt"]]);
    assert.match(bomb.reasons[0]!.message, /more than 1000000 values/);
    const loop = await run(binaryPlist([{ arr: [1] }, { arr: [0] }]), "loop.plist");
    assert.deepEqual([loop.status, loop.reasons.map((x) => x.code)], ["failed", ["corrupt"]]);
    assert.match(loop.reasons[0]!.message, /references loop/);
    // shared values are fine: a thousand dictionaries naming the same two strings
    const shared: PlistObject[] = [{ arr: Array.from({ length: 1000 }, () => 1) }, { dict: [[2, 3]] }, { str: "k" }, { str: "v" }];
    assert.equal(expandedSize(binaryPlist(shared)), 1 + 1000 * 3);
  });
  it("fails a damaged list with a reason, and takes no other file for one", async () => {
    const cut = binaryPlist(PROFILE).subarray(0, 60);
    const r = await run(cut, "cut.plist");
    assert.equal(r.status === "failed" || r.status === "partial", true, r.status);
    assert.ok(r.reasons.some((x) => x.code === "corrupt"), JSON.stringify(r.reasons));
    const text = await run("bplist is a word in this note, not a file", "note.txt");
    assert.equal(text.detected_type, "text/plain");
  });
});
