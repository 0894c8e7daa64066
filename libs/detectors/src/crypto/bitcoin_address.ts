import { sha256 } from "@noble/hashes/sha2.js";
import { bech32, bech32m, createBase58check } from "@scure/base";
import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";

const base58check = createBase58check(sha256);

/** Legacy (P2PKH, version 0x00) and script (P2SH, 0x05) addresses: Base58Check with a 4-byte SHA-256d checksum. */
function legacyValid(v: string): boolean {
  try {
    const payload = base58check.decode(v);
    return payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
  } catch {
    return false;
  }
}

/**
 * SegWit addresses on mainnet (bc1...), BIP-173 and BIP-350: a witness version 0 to 16 (the
 * checksums accept any 5-bit value: BIP-350's invalid "BC130XLX…" of version 17 was taken at
 * 1.0), a program of 2 to 40 bytes (20 or 32 for version 0), bech32 for version 0 and bech32m for
 * the later ones. Which checksum held, or null.
 */
function segwitEncoding(v: string): "bech32" | "bech32m" | null {
  const lower = v.toLowerCase();
  if (lower !== v && v.toUpperCase() !== v) return null; // mixed case is invalid in bech32
  for (const [name, codec] of [["bech32", bech32], ["bech32m", bech32m]] as const) {
    try {
      const { prefix, words } = codec.decode(lower as `${string}1${string}`, 90);
      if (prefix !== "bc" || words.length === 0) continue;
      const version = words[0]!;
      if (version > 16 || (version === 0) !== (codec === bech32)) continue;
      const program = codec.fromWords(words.slice(1));
      if (program.length < 2 || program.length > 40 || (version === 0 && program.length !== 20 && program.length !== 32)) continue;
      return name;
    } catch {
      // try the other codec
    }
  }
  return null;
}

export const bitcoinAddress: Detector = {
  id: "bitcoin_address",
  type: "CRYPTO",
  area: "crypto",
  category: "financial",
  description: "Bitcoin address (Base58Check or bech32/bech32m checksum)",
  patterns: [
    { name: "base58", regex: re(String.raw`(?<![A-Za-z0-9_])[13][1-9A-HJ-NP-Za-km-z]{25,34}(?![A-Za-z0-9_])`), score: 0.3 },
    { name: "bech32", regex: re(String.raw`(?<![A-Za-z0-9_])(?:bc1|BC1)[02-9ac-hj-np-zAC-HJ-NP-Z]{11,87}(?![A-Za-z0-9_])`), score: 0.3 },
  ],
  context: ["bitcoin", "btc", "wallet", "address", "crypto", "send", "payment", "ransom"],
  prefilter: { anyChar: "13bB" },
  validate(v) {
    // (the checksum that held: "bech32" for version 0, "bech32m" for Taproot's and later ones)
    const validation = v.startsWith("bc1") || v.startsWith("BC1") ? segwitEncoding(v) : legacyValid(v) ? "base58check" : null;
    return validation === null ? false : { validation, score: 1.0 };
  },
};
