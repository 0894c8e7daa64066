/**
 * kafkajs's default partitioner hashes each message key with murmur2 (the Java client's,
 * so a key lands on the same partition from any client) using its 64-bit Long type: some
 * forty objects and 7 KiB of garbage per 64-character key. Murmur2 is 32-bit arithmetic, which
 * `Math.imul` does exactly; this module puts that version into the CommonJS require cache under
 * the path of kafkajs's own `partitioners/default/murmur2.js` before kafkajs loads, so the
 * partitioner (kafkajs's own code) hashes every key to the same partition as before, cheaper.
 * Like crc32c.ts it must be evaluated before kafkajs; if kafkajs was loaded already, it keeps
 * its own.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export const KAFKAJS_MURMUR2_MODULE = require.resolve("kafkajs/src/producer/partitioners/default/murmur2.js");

const SEED = 0x9747b28c;
const M = 0x5bd1e995;

/** Kafka's murmur2 of a key (a Buffer, or anything else as the UTF-8 of its String()), as a signed 32-bit int. */
export function murmur2(key: unknown): number {
  const data = Buffer.isBuffer(key) ? key : Buffer.from(String(key));
  const length = data.length;
  let h = (SEED ^ length) | 0;
  const whole = length & ~3;
  for (let i = 0; i < whole; i += 4) {
    let k = data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24);
    k = Math.imul(k, M);
    k ^= k >>> 24;
    k = Math.imul(k, M);
    h = Math.imul(h, M) ^ k;
  }
  const tail = length & 3;
  if (tail > 0) {
    if (tail === 3) h ^= data[whole + 2]! << 16;
    if (tail >= 2) h ^= data[whole + 1]! << 8;
    h ^= data[whole]!;
    h = Math.imul(h, M);
  }
  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;
  return h | 0;
}

function install(): boolean {
  if (require.cache[KAFKAJS_MURMUR2_MODULE]) return false; // too late: kafkajs holds its own
  const Module = require("node:module") as unknown as new (id: string) => NodeJS.Module;
  const m = new Module(KAFKAJS_MURMUR2_MODULE);
  m.filename = KAFKAJS_MURMUR2_MODULE;
  m.exports = murmur2;
  m.loaded = true;
  require.cache[KAFKAJS_MURMUR2_MODULE] = m;
  return true;
}

/** True when kafkajs's default partitioner uses `murmur2` above. */
export const murmur2Installed: boolean = install();
