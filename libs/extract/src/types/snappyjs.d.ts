declare module "snappyjs" {
  /** A raw Snappy block, uncompressed; throws when it would be longer than `maxLength`. */
  export function uncompress<T extends Uint8Array | ArrayBuffer>(compressed: T, maxLength?: number): T;
  export function compress<T extends Uint8Array | ArrayBuffer>(uncompressed: T): T;
}
