/**
 * Archives no library here writes, built from their specifications with their members stored
 * (no compression), for the specs of the formats 7-Zip reads: RAR 5 (rarlab's "RAR 5.0 archive
 * format"), Microsoft Cabinet ([MS-CAB]), cpio "newc" (the SVR4 format of cpio(5)), an ISO
 * 9660 image (ECMA-119, one directory level) and an ar archive (a Debian package's container).
 */
import { crc32 } from "node:zlib";

type Files = Record<string, string | Uint8Array>;
const bytesOf = (v: string | Uint8Array) => (typeof v === "string" ? Buffer.from(v) : Buffer.from(v));

/** RAR's variable-length integer: 7 bits a byte, low first, the high bit says more follow. */
function vint(n: number): Buffer {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return Buffer.from(out);
}

/** One RAR 5 header: CRC32 of what follows it, the size, then `body` (type, flags, fields). */
function rarHeader(body: Buffer): Buffer {
  const sized = Buffer.concat([vint(body.length), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(crc32(sized));
  return Buffer.concat([crc, sized]);
}

/**
 * A RAR 5 archive of stored files. With `encryptedHeaders`, an archive encryption header (AES-256,
 * a salt) follows the signature, as `rar -hp` writes it: without the password nothing after it
 * can be read (here nothing real follows it).
 */
export function makeRar5(files: Files, encryptedHeaders = false): Buffer {
  const parts: Buffer[] = [Buffer.from("526172211a070100", "hex")];
  if (encryptedHeaders) {
    // type 4, flags 0, version 0 (AES-256), flags 0, KDF count 15, salt
    parts.push(rarHeader(Buffer.concat([vint(4), vint(0), vint(0), vint(0), Buffer.from([15]), Buffer.alloc(16, 7)])));
    parts.push(Buffer.alloc(64, 0x5a));
    return Buffer.concat(parts);
  }
  // main archive header: type 1, no flags, archive flags 0
  parts.push(rarHeader(Buffer.concat([vint(1), vint(0), vint(0)])));
  for (const [name, value] of Object.entries(files)) {
    const data = bytesOf(value);
    const dataCrc = Buffer.alloc(4);
    dataCrc.writeUInt32LE(crc32(data));
    const nameBytes = Buffer.from(name);
    // type 2, header flags 0x0002 (data area), data size; file flags 0x0004 (CRC32), unpacked
    // size, attributes, CRC32, compression 0 (version 0, method 0: stored), host OS 1 (Unix), name
    const body = Buffer.concat([vint(2), vint(0x0002), vint(data.length), vint(0x0004), vint(data.length), vint(0o644), dataCrc, vint(0), vint(1), vint(nameBytes.length), nameBytes]);
    parts.push(rarHeader(body), data);
  }
  // end of archive: type 5, no flags, last volume
  parts.push(rarHeader(Buffer.concat([vint(5), vint(0), vint(0)])));
  return Buffer.concat(parts);
}

/** A cabinet of stored files in one folder, its data in blocks of at most 32 KiB (no checksums). */
export function makeCab(files: Files): Buffer {
  const entries = Object.entries(files).map(([name, v]) => ({ name: Buffer.from(`${name.replace(/\//g, "\\")}\0`, "latin1"), data: bytesOf(v) }));
  const all = Buffer.concat(entries.map((e) => e.data));
  const blocks: Buffer[] = [];
  for (let i = 0; i < all.length || blocks.length === 0; i += 32768) {
    const chunk = all.subarray(i, Math.min(all.length, i + 32768));
    const head = Buffer.alloc(8);
    head.writeUInt16LE(chunk.length, 4);
    head.writeUInt16LE(chunk.length, 6);
    blocks.push(head, chunk);
  }
  const fileRecords: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const rec = Buffer.alloc(16);
    rec.writeUInt32LE(e.data.length, 0);
    rec.writeUInt32LE(offset, 4);
    rec.writeUInt16LE(0, 8); // folder 0
    rec.writeUInt16LE(0x5b21, 10); // 2025-09-01
    rec.writeUInt16LE(0x6000, 12); // 12:00
    rec.writeUInt16LE(0x20, 14); // archive
    fileRecords.push(rec, e.name);
    offset += e.data.length;
  }
  const files_ = Buffer.concat(fileRecords);
  const headerSize = 36 + 8;
  const dataStart = headerSize + files_.length;
  const data = Buffer.concat(blocks);
  const header = Buffer.alloc(36);
  header.write("MSCF", 0, "latin1");
  header.writeUInt32LE(dataStart + data.length, 8);
  header.writeUInt32LE(headerSize, 16);
  header.writeUInt8(3, 24);
  header.writeUInt8(1, 25);
  header.writeUInt16LE(1, 26); // folders
  header.writeUInt16LE(entries.length, 28);
  const folder = Buffer.alloc(8);
  folder.writeUInt32LE(dataStart, 0);
  folder.writeUInt16LE(blocks.length / 2, 4);
  folder.writeUInt16LE(0, 6); // no compression
  return Buffer.concat([header, folder, files_, data]);
}

/** A cpio archive in the "newc" format (ASCII hex headers, 4-byte alignment, TRAILER!!! last). */
export function makeCpio(files: Files): Buffer {
  const parts: Buffer[] = [];
  const pad = (n: number) => Buffer.alloc((4 - (n % 4)) % 4);
  const entry = (name: string, data: Buffer, mode: number, ino: number) => {
    const hex = (n: number) => n.toString(16).padStart(8, "0");
    const nameBytes = Buffer.from(`${name}\0`);
    const head = Buffer.from(`070701${hex(ino)}${hex(mode)}${hex(0)}${hex(0)}${hex(1)}${hex(1767225600)}${hex(data.length)}${hex(0)}${hex(0)}${hex(0)}${hex(0)}${hex(nameBytes.length)}${hex(0)}`);
    parts.push(head, nameBytes, pad(head.length + nameBytes.length), data, pad(data.length));
  };
  let ino = 1;
  for (const [name, v] of Object.entries(files)) entry(name, bytesOf(v), 0o100644, ino++);
  entry("TRAILER!!!", Buffer.alloc(0), 0, 0);
  return Buffer.concat(parts);
}

/** An ISO 9660 image (level 1 names, upper case "NAME.EXT;1") with the files in its root directory. */
export function makeIso(files: Files): Buffer {
  const S = 2048;
  const entries = Object.entries(files).map(([name, v]) => ({ id: Buffer.from(`${name.toUpperCase()};1`, "ascii"), data: bytesOf(v) }));
  const both16 = (b: Buffer, at: number, n: number) => {
    b.writeUInt16LE(n, at);
    b.writeUInt16BE(n, at + 2);
  };
  const both32 = (b: Buffer, at: number, n: number) => {
    b.writeUInt32LE(n, at);
    b.writeUInt32BE(n, at + 4);
  };
  const record = (id: Buffer, extent: number, size: number, dir: boolean) => {
    const len = 33 + id.length + ((33 + id.length) % 2);
    const r = Buffer.alloc(len);
    r[0] = len;
    both32(r, 2, extent);
    both32(r, 10, size);
    Buffer.from([126, 1, 1, 12, 0, 0, 0]).copy(r, 18); // 2026-01-01 12:00:00 GMT
    r[25] = dir ? 2 : 0;
    both16(r, 28, 1);
    r[32] = id.length;
    id.copy(r, 33);
    return r;
  };
  // sectors: 0-15 system area, 16 primary volume descriptor, 17 terminator, 18 path table (LE),
  // 19 path table (BE), 20 root directory, 21… file data
  const ROOT = 20;
  let next = 21;
  const placed = entries.map((e) => {
    const extent = next;
    next += Math.max(1, Math.ceil(e.data.length / S));
    return { ...e, extent };
  });
  const dir = Buffer.concat([record(Buffer.from([0]), ROOT, S, true), record(Buffer.from([1]), ROOT, S, true), ...placed.map((e) => record(e.id, e.extent, e.data.length, false))]);
  const image = Buffer.alloc(next * S);
  const pvd = image.subarray(16 * S, 17 * S);
  pvd[0] = 1;
  pvd.write("CD001", 1, "ascii");
  pvd[6] = 1;
  pvd.write("FILESCAN".padEnd(32), 40, "ascii");
  both32(pvd, 80, next);
  both16(pvd, 120, 1);
  both16(pvd, 124, 1);
  both16(pvd, 128, S);
  both32(pvd, 132, 10); // path table size
  pvd.writeUInt32LE(18, 140);
  pvd.writeUInt32BE(19, 148);
  record(Buffer.from([0]), ROOT, S, true).copy(pvd, 156);
  pvd[881] = 1;
  const term = image.subarray(17 * S, 18 * S);
  term[0] = 255;
  term.write("CD001", 1, "ascii");
  term[6] = 1;
  // the root's path table entry: name length 1, extent, parent 1, name 0 (and a pad byte)
  const le = image.subarray(18 * S);
  le[0] = 1;
  le.writeUInt32LE(ROOT, 2);
  le.writeUInt16LE(1, 6);
  const be = image.subarray(19 * S);
  be[0] = 1;
  be.writeUInt32BE(ROOT, 2);
  be.writeUInt16BE(1, 6);
  dir.copy(image, ROOT * S);
  for (const e of placed) e.data.copy(image, e.extent * S);
  return image;
}

/** An ar archive ("!<arch>", 60-byte member headers, members padded to even sizes), as a Debian package is one. */
export function makeAr(files: Files): Buffer {
  const parts: Buffer[] = [Buffer.from("!<arch>\n")];
  for (const [name, v] of Object.entries(files)) {
    const data = bytesOf(v);
    const field = (text: string, width: number) => text.padEnd(width, " ");
    parts.push(Buffer.from(`${field(name, 16)}${field("1767225600", 12)}${field("0", 6)}${field("0", 6)}${field("100644", 8)}${field(String(data.length), 10)}\x60\n`, "latin1"), data);
    if (data.length % 2 === 1) parts.push(Buffer.from("\n"));
  }
  return Buffer.concat(parts);
}

/**
 * A Unix `compress` (`.Z`) file of `text` (under 250 bytes): the header (1F 9D, block mode, 16
 * bits at most), then each byte as a literal 9-bit LZW code, packed from the low bit. Valid LZW
 * that uses no string of its dictionary; the decoder's table stays under 512 entries, so the width
 * never grows.
 */
export function makeCompressZ(text: string): Buffer {
  const bytes = Buffer.from(text, "latin1");
  if (bytes.length >= 250) throw new Error("makeCompressZ: under 250 bytes only");
  const out = [0x1f, 0x9d, 0x90];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc |= b << bits;
    bits += 9;
    while (bits >= 8) {
      out.push(acc & 0xff);
      acc >>>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) out.push(acc & 0xff);
  return Buffer.from(out);
}
