import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";

/** EIP-55: a letter is upper-case exactly when the matching nibble of keccak256(lower-case hex) is ≥ 8. */
export function eip55Valid(address: string): boolean {
  const hex = address.slice(2);
  const lower = hex.toLowerCase();
  if (hex === lower || hex === hex.toUpperCase()) return false; // no checksum information
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  for (let i = 0; i < 40; i++) {
    const c = hex[i]!;
    if (c >= "0" && c <= "9") continue;
    const upper = parseInt(hash[i]!, 16) >= 8;
    if ((c === c.toUpperCase()) !== upper) return false;
  }
  return true;
}

export const ethereumAddress: Detector = {
  id: "ethereum_address",
  type: "CRYPTO",
  area: "crypto",
  category: "financial",
  description: "Ethereum address with EIP-55 mixed-case checksum",
  patterns: [{ name: "0x + 40 hex", regex: re(String.raw`(?<![A-Za-z0-9_])0x[0-9a-fA-F]{40}(?![A-Za-z0-9_])`), score: 0.3 }],
  context: ["ethereum", "eth", "wallet", "address", "erc20", "crypto", "metamask"],
  prefilter: { keywords: ["0x"] },
  validate: (v) => (eip55Valid(v) ? { validation: "eip55", score: 1.0 } : false),
};
