/**
 * Binary property lists for the specs, written from an explicit object table (CFBinaryPList's
 * layout: "bplist00", the objects, their offsets, a 32-byte trailer), so a spec can also write
 * what no serializer would: references that loop or that share arrays until they blow up.
 */
export type PlistObject = { str: string } | { int: number } | { bool: boolean } | { arr: number[] } | { dict: Array<[number, number]> };

/** A count in an object's marker: in its low nibble, or 0xF and a two-byte integer after it. */
function marker(type: number, n: number): number[] {
  return n < 15 ? [(type << 4) | n] : [(type << 4) | 0xf, 0x11, n >> 8, n & 0xff];
}

const ref = (r: number) => [r >> 8, r & 0xff];

function encode(o: PlistObject): number[] {
  if ("str" in o) return [...marker(0x5, o.str.length), ...Buffer.from(o.str, "latin1")];
  if ("int" in o) return [0x12, (o.int >>> 24) & 0xff, (o.int >>> 16) & 0xff, (o.int >>> 8) & 0xff, o.int & 0xff];
  if ("bool" in o) return [o.bool ? 0x09 : 0x08];
  if ("arr" in o) return [...marker(0xa, o.arr.length), ...o.arr.flatMap(ref)];
  return [...marker(0xd, o.dict.length), ...o.dict.flatMap(([k]) => ref(k)), ...o.dict.flatMap(([, v]) => ref(v))];
}

/** The objects as a binary property list, `top` its root; references two bytes, offsets four. */
export function binaryPlist(objects: PlistObject[], top = 0): Uint8Array {
  const bytes: number[] = [...Buffer.from("bplist00")];
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(bytes.length);
    bytes.push(...encode(o));
  }
  const table = bytes.length;
  for (const at of offsets) bytes.push((at >>> 24) & 0xff, (at >>> 16) & 0xff, (at >>> 8) & 0xff, at & 0xff);
  const trailer = Buffer.alloc(32);
  trailer[6] = 4;
  trailer[7] = 2;
  trailer.writeBigUInt64BE(BigInt(objects.length), 8);
  trailer.writeBigUInt64BE(BigInt(top), 16);
  trailer.writeBigUInt64BE(BigInt(table), 24);
  return Uint8Array.from([...bytes, ...trailer]);
}
