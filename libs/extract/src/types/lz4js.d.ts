declare module "lz4js" {
  /** Decodes one LZ4 block of `src` (from `sIndex`, `sLength` bytes) into `dst` at `dIndex`; the end of what it wrote. */
  export function decompressBlock(src: Uint8Array, dst: Uint8Array, sIndex: number, sLength: number, dIndex: number): number;
  export function compress(src: Uint8Array, maxSize?: number): Uint8Array;
  /** Encodes `src` (from `sIndex`, `sLength` bytes) as one LZ4 block into `dst`; its length. */
  export function compressBlock(src: Uint8Array, dst: Uint8Array, sIndex: number, sLength: number, hashTable: Uint32Array): number;
}
