/**
 * Fewer copies in kafkajs's protocol encoder. kafkajs builds a produce request as nested
 * encoders (record → batch body → batch → bytes → partition → topic → request → size-prefixed
 * frame), and each level copies everything below it into a buffer that grows by doubling,
 * zero-filled: a 10 KiB message is copied about nine times and most of the API's encoding time
 * goes to allocating and first-touching those buffers.
 *
 * Patched here, on the prototype of kafkajs's Encoder (same bytes out, checked by
 * encoder.spec.ts against the unpatched class):
 * - a written buffer of at least LARGE_WRITE bytes is kept by reference, as a chunk, instead
 *   of being copied into the encoder's own buffer; small writes go on as before; a nested
 *   encoder is appended part by part (its large parts by reference);
 * - `buffer` joins the chunks once into a buffer of the exact size and keeps that result, so
 *   reading it twice (kafkajs does) copies once;
 * - growing the encoder's own buffer skips the zero fill (only written bytes are ever read).
 *
 * Referenced buffers must not change after they were written. In kafkajs they are message
 * keys and values (ours are built per message and never written again) and the `buffer` of
 * nested encoders (never written below their end).
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Buffers at least this large are referenced instead of copied. */
export const LARGE_WRITE = 1024;

interface KafkajsEncoder {
  buf: Buffer;
  offset: number;
  /** Patched state: sealed parts before buf[segStart, offset). */
  chunks?: Buffer[];
  chunksLength?: number;
  segStart?: number;
  ensureAvailable(length: number): void;
  writeBufferInternal(buffer: Buffer): void;
  writeInt32(value: number): KafkajsEncoder;
  writeBytes(value: unknown): KafkajsEncoder;
  writeEncoder(value: unknown): KafkajsEncoder;
  writeEncoderArray(value: unknown): KafkajsEncoder;
  size(): number;
  readonly buffer: Buffer;
}

interface EncoderClass {
  new (initialSize?: number): KafkajsEncoder;
  prototype: KafkajsEncoder;
  nextPowerOfTwo(value: number): number;
}

export const KAFKAJS_ENCODER_MODULE = require.resolve("kafkajs/src/protocol/encoder.js");

const PATCHED = Symbol.for("filescan.kafkajs.encoder.patched");

/** Applies the patch to kafkajs's Encoder (once); returns the class. */
export function patchKafkajsEncoder(): EncoderClass {
  const Encoder = require(KAFKAJS_ENCODER_MODULE) as EncoderClass & { [PATCHED]?: boolean };
  if (Encoder[PATCHED]) return Encoder;
  const proto = Encoder.prototype;
  const originalBytes = proto.writeBytes;

  proto.ensureAvailable = function (this: KafkajsEncoder, length: number) {
    if (this.offset + length <= this.buf.length) return;
    // Only the open segment is still needed: sealed bytes live on in their chunk views.
    const start = this.segStart ?? 0;
    const used = this.offset - start;
    const grown = Buffer.allocUnsafe(Encoder.nextPowerOfTwo(used + length));
    this.buf.copy(grown, 0, start, this.offset);
    this.buf = grown;
    this.offset = used;
    if (this.segStart !== undefined) this.segStart = 0;
  };

  proto.writeBufferInternal = function (this: KafkajsEncoder, buffer: Buffer) {
    const length = buffer.length;
    if (length < LARGE_WRITE) {
      this.ensureAvailable(length);
      buffer.copy(this.buf, this.offset, 0);
      this.offset += length;
      return;
    }
    if (this.chunks === undefined) {
      this.chunks = [];
      this.chunksLength = 0;
      this.segStart = 0;
    }
    sealSegment(this);
    this.chunks.push(buffer);
    this.chunksLength! += length;
  };

  proto.writeBytes = function (this: KafkajsEncoder, value: unknown) {
    // The original reserves room for the whole value in the encoder's own buffer first.
    if (Buffer.isBuffer(value) && value.length >= LARGE_WRITE) {
      this.writeInt32(value.length);
      this.writeBufferInternal(value);
      return this;
    }
    return originalBytes.call(this, value);
  };

  // A nested encoder's parts are taken as they are (large ones by reference), not joined first.
  const appendEncoder = (target: KafkajsEncoder, value: KafkajsEncoder) => {
    if (value.chunks === undefined) {
      target.writeBufferInternal(value.buf.subarray(0, value.offset));
      return;
    }
    sealSegment(value);
    for (const chunk of value.chunks) target.writeBufferInternal(chunk);
  };
  const isEncoder = (v: unknown): v is KafkajsEncoder => v != null && Buffer.isBuffer((v as KafkajsEncoder).buf);

  proto.writeEncoder = function (this: KafkajsEncoder, value: unknown) {
    if (!isEncoder(value)) throw new Error("value should be an instance of Encoder");
    appendEncoder(this, value);
    return this;
  };

  proto.writeEncoderArray = function (this: KafkajsEncoder, value: unknown) {
    if (!Array.isArray(value) || value.some((v) => !isEncoder(v))) throw new Error("all values should be an instance of Encoder[]");
    for (const v of value as KafkajsEncoder[]) appendEncoder(this, v);
    return this;
  };

  proto.size = function (this: KafkajsEncoder) {
    if (this.chunks === undefined) return this.offset;
    return this.chunksLength! + this.offset - this.segStart!;
  };

  Object.defineProperty(proto, "buffer", {
    configurable: true,
    get(this: KafkajsEncoder): Buffer {
      if (this.chunks === undefined) return this.buf.subarray(0, this.offset);
      sealSegment(this);
      const joined = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.chunksLength);
      // Keep the result: the next read (and any later write) starts from it.
      this.chunks = undefined;
      this.chunksLength = undefined;
      this.segStart = undefined;
      this.buf = joined;
      this.offset = joined.length;
      return joined;
    },
  });

  Object.defineProperty(Encoder, PATCHED, { value: true });
  return Encoder;
}

function sealSegment(e: KafkajsEncoder): void {
  if (e.offset > e.segStart!) {
    e.chunks!.push(e.buf.subarray(e.segStart!, e.offset));
    e.chunksLength! += e.offset - e.segStart!;
    e.segStart = e.offset;
  }
}
