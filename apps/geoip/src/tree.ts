/** The search tree of a MaxMind DB file: nodes of two records, each 24, 28 or 32 bits. */

export interface Tree {
  buf: Buffer;
  recordSize: number;
  /** Bytes per node: recordSize / 4. */
  nodeBytes: number;
}

/** The left (bit 0) or right (bit 1) record of `node`. */
export function readRecord(t: Tree, node: number, bit: number): number {
  const b = t.buf;
  const o = node * t.nodeBytes;
  switch (t.recordSize) {
    case 24:
      return bit ? (b[o + 3]! << 16) | (b[o + 4]! << 8) | b[o + 5]! : (b[o]! << 16) | (b[o + 1]! << 8) | b[o + 2]!;
    case 28:
      return bit
        ? ((b[o + 3]! & 0x0f) << 24) | (b[o + 4]! << 16) | (b[o + 5]! << 8) | b[o + 6]!
        : ((b[o + 3]! & 0xf0) << 20) | (b[o]! << 16) | (b[o + 1]! << 8) | b[o + 2]!;
    default:
      return b.readUInt32BE(bit ? o + 4 : o);
  }
}
