import assert from "node:assert/strict";
import { crc32, deflateRawSync } from "node:zlib";
import avsc from "avsc";
import { codes, rowCells, run } from "../test-util/run.ts";

const schema = {
  type: "record",
  name: "Customer",
  fields: [
    { name: "name", type: "string" },
    { name: "ssn", type: ["null", "string"] },
    { name: "card", type: "long" },
    { name: "address", type: { type: "record", name: "Address", fields: [{ name: "city", type: "string" }] } },
  ],
};
const customers = [
  { name: "Jane Roe", ssn: "536-22-1234", card: 4111111111111111, address: { city: "Oxford" } },
  { name: "Ben Okafor", ssn: null, card: 5500000000000004, address: { city: "Leeds" } },
];

/** Snappy as the Avro spec frames it: the uncompressed length (varint), literals only, then the CRC-32 of the uncompressed bytes (big-endian). */
function snappyLiteral(b: Buffer): Buffer {
  const out: number[] = [];
  for (let n = b.length; ; n = Math.floor(n / 128)) {
    out.push((n % 128) | (n >= 128 ? 0x80 : 0));
    if (n < 128) break;
  }
  for (let i = 0; i < b.length; i += 60) out.push((Math.min(60, b.length - i) - 1) << 2, ...b.subarray(i, i + 60));
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(b));
  return Buffer.concat([Buffer.from(out), crc]);
}

/** An Avro object container file of `records`, its blocks compressed with `codec`. */
function avroFile(records: object[], codec: "null" | "deflate" | "snappy"): Promise<Buffer> {
  const encoder = new avsc.streams.BlockEncoder(avsc.Type.forSchema(schema as avsc.Schema), {
    codec,
    codecs: { null: (b: Buffer, cb: (e: Error | null, o?: Buffer) => void) => cb(null, b), deflate: (b: Buffer, cb: (e: Error | null, o?: Buffer) => void) => cb(null, deflateRawSync(b)), snappy: (b: Buffer, cb: (e: Error | null, o?: Buffer) => void) => cb(null, snappyLiteral(b)) },
  });
  const chunks: Buffer[] = [];
  encoder.on("data", (c: Buffer) => chunks.push(c));
  return new Promise((resolve, reject) => {
    encoder.on("end", () => resolve(Buffer.concat(chunks)));
    encoder.on("error", reject);
    for (const r of records) encoder.write(r);
    encoder.end();
  });
}

describe("extract: Avro object container files", () => {
  it("reads each record like a CSV row: the fields as the header, each value a cell under its field, nested ones by path", async () => {
    for (const codec of ["null", "deflate", "snappy"] as const) {
      const r = await run(await avroFile(customers, codec), "customers.avro");
      assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/avro", "complete", []], codec);
      assert.deepEqual(rowCells(r), [
        [1, "header", "name, ssn, card, address"],
        [2, "name", "Jane Roe"],
        [2, "ssn", "536-22-1234"],
        [2, "card", "4111111111111111"],
        [2, "address.city", "Oxford"],
        [3, "name", "Ben Okafor"],
        [3, "card", "5500000000000004"],
        [3, "address.city", "Leeds"],
      ], codec);
    }
  });

  it("a cut file keeps the records before the cut, reason corrupt; the character limit ends a large one", async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ ...customers[0]!, name: `Person ${i}` }));
    const file = await avroFile(many, "deflate");
    const cut = await run(file.subarray(0, file.length - 50), "cut.avro");
    assert.ok(["failed", "partial"].includes(cut.status) && codes(cut).includes("corrupt"), JSON.stringify([cut.status, cut.reasons]));
    // a header whose metadata map claims a negative length (it would walk backwards for ever)
    const hostile = Buffer.concat([Buffer.from("Obj\x01", "latin1"), Buffer.from([0x02, 0x03]), Buffer.alloc(64)]);
    assert.deepEqual([(await run(hostile, "x.avro")).status, codes(await run(hostile, "x.avro"))], ["failed", ["corrupt"]]);
    const limited = await run(file, "many.avro", "application/octet-stream", { maxChars: 10_000 });
    assert.deepEqual([limited.status, codes(limited)], ["partial", ["limit_chars"]]);
  });
});
