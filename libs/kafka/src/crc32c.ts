/**
 * A hardware CRC32C for kafkajs. Every produce request carries a CRC32C over each record
 * batch; kafkajs computes it byte by byte in JavaScript (`src/protocol/recordBatch/crc32C`),
 * which is a tenth of the API's CPU at 10 KiB per message. `@node-rs/crc32` computes the same
 * checksum with the CPU's CRC32 instructions.
 *
 * kafkajs has no hook for it, so this module puts the native function into the CommonJS
 * require cache under the path of kafkajs's own crc32C module before kafkajs loads it: its
 * record batch encoder (loaded lazily, with the first produce request) then `require`s ours.
 * `index.ts` imports this module before kafkajs, and the apps reach kafkajs through
 * `@filescan/kafka`. When the native binding cannot load (a platform without a prebuilt
 * binary), or kafkajs's module was loaded already, kafkajs keeps its own code and nothing is
 * logged.
 */
import { createRequire } from "node:module";

export type Crc32c = (data: Uint8Array) => number;

const require = createRequire(import.meta.url);

/** kafkajs's crc32C module (the one its record batch encoder requires as `../crc32C`). */
export const KAFKAJS_CRC32C_MODULE = require.resolve("kafkajs/src/protocol/recordBatch/crc32C/index.js");

function loadNative(): Crc32c | null {
  try {
    const { crc32c } = require("@node-rs/crc32") as { crc32c: (input: Uint8Array, initial?: number) => number };
    // Prove the binding right before trusting it: the check value of CRC-32C ("123456789").
    if (crc32c(Buffer.from("123456789")) !== 0xe3069283) return null;
    return (data) => crc32c(data) >>> 0;
  } catch {
    return null;
  }
}

function install(): { impl: "native" | "kafkajs"; fn: Crc32c | null } {
  if (require.cache[KAFKAJS_CRC32C_MODULE]) return { impl: "kafkajs", fn: null }; // too late: kafkajs holds its own
  const fn = loadNative();
  if (!fn) return { impl: "kafkajs", fn: null };
  // A module record as Node's CommonJS loader would leave it after loading the file.
  const Module = require("node:module") as unknown as new (id: string, parent?: unknown) => NodeJS.Module;
  const m = new Module(KAFKAJS_CRC32C_MODULE);
  m.filename = KAFKAJS_CRC32C_MODULE;
  m.exports = fn;
  m.loaded = true;
  require.cache[KAFKAJS_CRC32C_MODULE] = m;
  return { impl: "native", fn };
}

const installed = install();

/** Which CRC32C kafkajs uses in this process: the native one, or its own JavaScript. */
export const crc32cImplementation: "native" | "kafkajs" = installed.impl;
/** The function put in kafkajs's place (null when kafkajs keeps its own). */
export const nativeCrc32c: Crc32c | null = installed.fn;
