/**
 * Avro object container files (`.avro`: Kafka Connect and Hadoop exports, data lakes) via avsc,
 * the library the event contracts already use: the schema comes from the file's header; each
 * record is read like a CSV row, its top-level fields the header (`part: header`, row 1) and
 * each value a cell under its field's name (`row` 2 on; nested values by their paths,
 * record-cells.ts). Blocks compressed with deflate (node:zlib) or Snappy (hyparquet's decoder)
 * are inflated no further than the total-bytes limit; other codecs fail the file, reason
 * `corrupt`.
 */
import { inflateRawSync } from "node:zlib";
import avsc from "avsc";
import { Stop, type Ctx } from "../context.ts";
import type { Format } from "../format.ts";
import { emitValue } from "./record-cells.ts";
import { snappyRaw } from "./compressed.ts";

type Codec = (buf: Buffer, cb: (err: Error | null, out?: Buffer) => void) => void;

/** A Snappy block of an Avro file: the compressed bytes, then the CRC-32 of the uncompressed ones (not checked). */
function snappyBlock(buf: Buffer, limit: number): Buffer {
  const out = snappyRaw(buf.subarray(0, Math.max(0, buf.length - 4)), limit);
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** Avro's long: zig-zag, little-endian base-128. */
function readLong(b: Uint8Array, at: { p: number }): number {
  let n = 0;
  for (let shift = 0; shift < 64; shift += 7) {
    if (at.p >= b.length) throw new Error("avro: header cut short");
    const c = b[at.p++]!;
    n += (c & 0x7f) * 2 ** shift;
    if (c < 0x80) break;
  }
  return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
}

/**
 * The header's sync marker: after the magic and the metadata map. A complete file ends with it
 * (every block does); avsc's decoder leaves a cut-off last block unread without a word.
 */
function syncMarker(b: Uint8Array): Uint8Array {
  const at = { p: 4 };
  for (let count = readLong(b, at); count !== 0; count = readLong(b, at)) {
    if (count < 0) readLong(b, at); // (the block's size in bytes)
    for (let i = 0; i < Math.abs(count) * 2; i++) {
      const length = readLong(b, at); // a key, then its value
      if (length < 0) throw new Error("avro: header damaged (a negative length)");
      at.p += length;
    }
  }
  if (at.p + 16 > b.length) throw new Error("avro: header cut short");
  return b.subarray(at.p, at.p + 16);
}

function codecs(ctx: Ctx): Record<string, Codec> {
  const run = (inflate: (b: Buffer) => Buffer): Codec => (buf, cb) => {
    try {
      cb(null, inflate(buf));
    } catch (e) {
      cb(e as Error);
    }
  };
  return {
    null: (buf, cb) => cb(null, buf),
    deflate: run((b) => inflateRawSync(b, { maxOutputLength: Math.max(1, ctx.bytesLeft()) })),
    snappy: run((b) => snappyBlock(b, ctx.bytesLeft())),
  };
}

export const avroFormat: Format = {
  kinds: ["avro"],
  library: "avsc (+ node:zlib for deflate, hyparquet's Snappy decoder)",
  async extract(bytes, scope, ctx) {
    const sync = syncMarker(bytes);
    const tail = bytes.subarray(bytes.length - 16);
    if (bytes.length > sync.byteOffset - bytes.byteOffset + 16 && !tail.every((x, i) => x === sync[i])) {
      ctx.reason("corrupt", "avro: the file is cut short (it does not end with its sync marker); its last block is not read", scope.path);
    }
    const decoder = new avsc.streams.BlockDecoder({ codecs: codecs(ctx) });
    let fields: string[] = [];
    let records = true; // (a file of plain values, not records, has one column: "value")
    let row = 1;
    await new Promise<void>((resolve, reject) => {
      const fail = (e: unknown) => {
        decoder.destroy();
        reject(e);
      };
      decoder.on("metadata", (type: avsc.Type) => {
        records = type.typeName === "record";
        fields = records ? (type as unknown as { fields: Array<{ name: string }> }).fields.map((f) => f.name) : ["value"];
        try {
          ctx.emit(scope, fields.join(", "), { row: 1, part: "header" });
        } catch (e) {
          fail(e);
        }
      });
      decoder.on("data", (record: unknown) => {
        try {
          row++;
          if ((row & 255) === 0) ctx.checkTime();
          if (!records) emitValue(ctx, scope, { row, column: "value" }, record);
          else for (const name of fields) emitValue(ctx, scope, { row, column: name }, (record as Record<string, unknown>)[name]);
        } catch (e) {
          fail(e);
        }
      });
      decoder.on("error", (e: unknown) => fail(e instanceof Stop ? e : new Error(`avro: ${(e as Error).message ?? e}`)));
      decoder.on("end", () => resolve());
      decoder.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
  },
};
