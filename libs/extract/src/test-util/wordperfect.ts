/**
 * Writes WordPerfect documents for the specs, from the 5.1 and 6.x file format references: the
 * 16-byte prefix, a prefix area of zeros, then the document area's codes as given.
 */

/** One piece of a document area: ASCII text (5.x: as is; 6.x: blanks become 0x80), or codes. */
export type WpPiece =
  | string
  | { char: number; set: number } // a character of a character set (5.x: C0 … C0, 6.x: F0 … F0)
  | { group: number; sub: number; data?: number[] } // a variable-length group, well formed
  | { fixed: number; size: number } // a fixed-length group of that size, both ends its code
  | { bytes: number[] }; // raw bytes (single-byte functions, damaged groups)

export function makeWordPerfect(opts: { version: 5 | 6; body: WpPiece[]; key?: number; prefixBytes?: number }): Buffer {
  const area: number[] = [];
  for (const p of opts.body) {
    if (typeof p === "string") {
      for (const ch of p) {
        const c = ch.charCodeAt(0);
        if (c > 0x7e) throw new Error(`not ASCII: ${ch}`);
        area.push(opts.version === 6 && c === 0x20 ? 0x80 : opts.version === 6 && c === 0x0a ? 0xcc : c);
      }
    } else if ("char" in p) {
      const code = opts.version === 5 ? 0xc0 : 0xf0;
      area.push(code, p.char, p.set, code);
    } else if ("group" in p) {
      const data = p.data ?? [1, 2, 3];
      if (opts.version === 5) {
        // code, subgroup, length of the rest, data, length, subgroup, code
        const size = data.length + 4;
        area.push(p.group, p.sub, size & 0xff, size >> 8, ...data, size & 0xff, size >> 8, p.sub, p.group);
      } else {
        // code, subgroup, length of the whole group, data, length, code
        const size = data.length + 7;
        area.push(p.group, p.sub, size & 0xff, size >> 8, ...data, size & 0xff, size >> 8, p.group);
      }
    } else if ("fixed" in p) {
      area.push(p.fixed, ...new Array<number>(p.size - 2).fill(0x41), p.fixed);
    } else area.push(...p.bytes);
  }
  const start = 16 + (opts.prefixBytes ?? 48);
  const head = Buffer.alloc(start);
  head.write("\xffWPC", 0, "latin1");
  head.writeUInt32LE(start, 4);
  head[8] = 1; // WordPerfect
  head[9] = 0x0a; // a document
  head[10] = opts.version === 5 ? 0 : 2;
  head[11] = 1;
  head.writeUInt16LE(opts.key ?? 0, 12);
  return Buffer.concat([head, Buffer.from(area)]);
}
