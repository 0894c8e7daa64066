import assert from "node:assert/strict";
import { ethereumAddress } from "./ethereum_address.ts";
import { spans } from "../testing.ts";

describe("crypto/ethereum_address", () => {
  it("accepts EIP-55 checksummed addresses", () => {
    assert.deepEqual(spans(ethereumAddress, "to 0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359."), [[3, 45]]);
  });
  it("rejects one flipped case, all-lower and all-upper (no checksum to check)", () => {
    assert.deepEqual(spans(ethereumAddress, "0xfb6916095ca1df60bB79Ce92cE3Ea74c37c5d359"), []);
    assert.deepEqual(spans(ethereumAddress, "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359"), []);
  });
});
