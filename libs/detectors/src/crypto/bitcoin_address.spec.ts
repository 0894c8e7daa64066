import assert from "node:assert/strict";
import { bitcoinAddress } from "./bitcoin_address.ts";
import { run, spans } from "../testing.ts";

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
  it("rejects a witness version above 16 (BIP-350's invalid vector; both checksums accept any 5-bit value)", () => {
    assert.deepEqual(spans(bitcoinAddress, "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R"), []);
    assert.deepEqual(spans(bitcoinAddress, "send to bc130xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq7zws8r"), []);
  });
  it("holds BIP-350's test vectors (mainnet): a witness version up to 16, bech32 for version 0 and bech32m after it, labelled by the checksum that held", () => {
    const validation = (v: string) => run(bitcoinAddress, v).map((f) => [f.end - f.start, f.validation]);
    for (const [v, codec] of [
      ["BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "bech32"],
      ["bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", "bech32"],
      ["bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y", "bech32m"],
      ["BC1SW50QGDZ25J", "bech32m"],
      ["bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "bech32m"],
      ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "bech32m"],
    ]) assert.deepEqual(validation(v!), [[v!.length, codec]], v);
    for (const v of [
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", // version 1 with bech32's checksum
      "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", // version 16 with bech32's checksum
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", // version 0 with bech32m's checksum
      "bc1pw5dgrnzv", // a program of one byte
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav", // of 41 bytes
      "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", // version 0 of 16 bytes
      "bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du", // padding of more than 4 bits
      "bc1gmk9yu", // an empty data part
    ]) assert.deepEqual(spans(bitcoinAddress, v), [], v);
  });
});
