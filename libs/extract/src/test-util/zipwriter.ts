/**
 * A deliberately small ZIP writer for hostile fixtures a normal writer refuses to make: `../` names,
 * lying declared sizes, ZipCrypto-encrypted entries (real PKWARE traditional encryption) and
 * AES entries (WinZip AE-2 structure: method 99 + 0x9901 extra field; the payload is salt, password
 * verifier, random bytes and a 10-byte MAC — an extractor must refuse it from the headers alone).
 */
import { crc32, deflateRawSync } from "node:zlib";
import { noise } from "./fixtures.ts";

export interface RawEntry {
  name: string;
  data: Buffer;
  /** "store" | "deflate" | "zipcrypto" | "aes" */
  mode?: "store" | "deflate" | "zipcrypto" | "aes";
  /** Overrides the declared uncompressed size (a lie). */
  declaredSize?: number;
  /** Sizes and CRC in a data descriptor after the data (flag bit 3), as a streaming writer leaves them; "zip64", its sizes of 8 bytes. */
  descriptor?: boolean | "zip64";
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
const crcByte = (crc: number, b: number) => (CRC_TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8)) >>> 0;

/** PKWARE traditional ("ZipCrypto") encryption of already-compressed data. */
function zipCrypto(data: Buffer, password: string, crc: number): Buffer {
  const keys = [0x12345678, 0x23456789, 0x34567890];
  const update = (c: number) => {
    keys[0] = crcByte(keys[0]!, c);
    keys[1] = (Math.imul((keys[1]! + (keys[0]! & 0xff)) >>> 0, 134775813) + 1) >>> 0;
    keys[2] = crcByte(keys[2]!, keys[1]! >>> 24);
  };
  const streamByte = () => {
    const t = (keys[2]! | 2) & 0xffff;
    return (Math.imul(t, t ^ 1) >>> 8) & 0xff;
  };
  for (const ch of Buffer.from(password)) update(ch);
  const header = noise(12, 777);
  header[11] = crc >>> 24;
  const plain = Buffer.concat([header, data]);
  const out = Buffer.alloc(plain.length);
  for (let i = 0; i < plain.length; i++) {
    out[i] = plain[i]! ^ streamByte();
    update(plain[i]!);
  }
  return out;
}

/**
 * `offsetsWithoutDescriptors`: the central directory's offsets (its members' and its own) count
 * no data descriptor, as the writer of Tika's testZip_with_DataDescriptor.zip counted them.
 */
export function buildZip(entries: RawEntry[], { offsetsWithoutDescriptors = false } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const crc = crc32(e.data) >>> 0;
    const mode = e.mode ?? "deflate";
    let body: Buffer;
    let method = mode === "store" ? 0 : 8;
    let flags = 0x800;
    let extra = Buffer.alloc(0);
    if (mode === "store") body = e.data;
    else body = deflateRawSync(e.data);
    if (mode === "zipcrypto") {
      body = zipCrypto(body, "secret", crc);
      flags |= 1;
    } else if (mode === "aes") {
      flags |= 1;
      method = 99;
      extra = Buffer.from([0x01, 0x99, 7, 0, 2, 0, 0x41, 0x45, 3, 8, 0]); // id 0x9901, size 7, AE-2, "AE", AES-256, deflate
      body = Buffer.concat([noise(16, 5), noise(2, 6), noise(body.length, 7), noise(10, 8)]);
    }
    const usize = e.declaredSize ?? e.data.length;
    const declCrc = mode === "aes" ? 0 : crc;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(mode === "aes" ? 51 : 20, 4);
    if (e.descriptor) flags |= 0x08;
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(e.descriptor ? 0 : declCrc, 14);
    local.writeUInt32LE(e.descriptor ? 0 : body.length, 18);
    local.writeUInt32LE(e.descriptor ? 0 : usize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4);
    central.writeUInt16LE(mode === "aes" ? 51 : 20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(declCrc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(usize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE((0o100644 * 65536) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    const descriptor = Buffer.alloc(e.descriptor === "zip64" ? 24 : e.descriptor ? 16 : 0);
    if (e.descriptor) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(declCrc, 4);
      if (e.descriptor === "zip64") {
        descriptor.writeBigUInt64LE(BigInt(body.length), 8);
        descriptor.writeBigUInt64LE(BigInt(usize), 16);
      } else {
        descriptor.writeUInt32LE(body.length, 8);
        descriptor.writeUInt32LE(usize, 12);
      }
    }
    const localAll = Buffer.concat([local, name, extra, body, descriptor]);
    locals.push(localAll);
    centrals.push(Buffer.concat([central, name, extra]));
    offset += localAll.length - (offsetsWithoutDescriptors ? descriptor.length : 0);
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}
