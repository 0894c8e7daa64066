/** snappyjs, a devDependency: the specs compress with it (the reader uses hyparquet's decoder). */
declare module "snappyjs" {
  export function compress<T extends Uint8Array | ArrayBuffer>(uncompressed: T): T;
}
