import assert from "node:assert/strict";
import { noise } from "../test-util/fixtures.ts";
import { textRuns } from "./raw-text.ts";

describe("extract: text runs in a binary document's raw bytes (raw-text.ts)", () => {
  it("finds UTF-16LE and 8-bit text among binary bytes, in the order it stands", () => {
    const bytes = Buffer.concat([
      noise(3000, 1),
      Buffer.from("Dear Jane Roe, your IBAN DE89 3704 0044 0532 0130 00 is on file.", "utf16le"),
      noise(2000, 2),
      Buffer.from("Kontoinhaber: Jürgen Weiß, Münchner Straße 5\r\r", "latin1"),
      noise(2000, 3),
    ]);
    // (a run may carry a few readable bytes of the binary around it at its ends)
    const runs = textRuns(bytes);
    const wide = runs.findIndex((r) => r.includes("Dear Jane Roe, your IBAN DE89 3704 0044 0532 0130 00 is on file."));
    const narrow = runs.findIndex((r) => r.includes("Kontoinhaber: Jürgen Weiß, Münchner Straße 5"));
    assert.ok(wide >= 0 && narrow > wide, JSON.stringify(runs));
    // a name alone in UTF-16 (a message's sender), an e-mail address alone in 8 bits
    assert.deepEqual(textRuns(Buffer.concat([Buffer.alloc(8), Buffer.from("Jukka Zitting", "utf16le"), Buffer.alloc(8), Buffer.from("jukka.zitting@gmail.com", "latin1"), Buffer.alloc(8)])), ["Jukka Zitting", "jukka.zitting@gmail.com"]);
  });

  it("takes no container's stream names, no run of one character, no table of numbers and little of random bytes", () => {
    const bytes = Buffer.concat([
      Buffer.from("Root Entry", "utf16le"),
      Buffer.alloc(16),
      Buffer.from("WordDocument", "utf16le"),
      Buffer.alloc(512, 0xff),
      Buffer.from([0x18, 0x02, 0x01, 0x01, 0x00, 0x02, 0x01, 0x01, 0x00, 0x02, 0x01, 0x01, 0x18, 0x02, 0x01, 0x01]),
      Buffer.from("1234 5678 9012 3456 7890 1234", "latin1"),
    ]);
    assert.deepEqual(textRuns(bytes), []);
    // a megabyte of random bytes (a compressed picture) gives a handful of short runs at most
    const junk = textRuns(noise(1_000_000, 4));
    assert.ok(junk.join("").length < 200, `${junk.length} runs from noise: ${JSON.stringify(junk.slice(0, 5))}`);
  });
});
