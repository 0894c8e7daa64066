import assert from "node:assert/strict";
import { bitcoinAddress } from "./bitcoin_address.ts";
import { spans } from "../testing.ts";

describe("crypto/bitcoin_address", () => {
  it("accepts checksummed legacy, script and segwit addresses", () => {
    assert.deepEqual(spans(bitcoinAddress, "pay 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2 now"), [[4, 38]]);
    assert.deepEqual(spans(bitcoinAddress, "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"), [[0, 34]]);
    assert.deepEqual(spans(bitcoinAddress, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"), [[0, 42]]);
  });
  it("rejects a changed character, wrong version and mixed-case bech32", () => {
    assert.deepEqual(spans(bitcoinAddress, "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3"), []);
    assert.deepEqual(spans(bitcoinAddress, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5"), []);
    assert.deepEqual(spans(bitcoinAddress, "bc1qw508d6qejxtdg4y5R3zarvary0c5xw7kv8f3t4"), []);
  });
});
