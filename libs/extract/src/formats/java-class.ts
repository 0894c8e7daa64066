/**
 * Java class files (`.class`, alone or inside a JAR, WAR or EAR) via java-class-tools: they were
 * `unsupported`, and a JAR of them `partial`, though a compiled class keeps every string literal
 * of its source in its constant pool: a JDBC URL with its password, an API key, a test's
 * fixture of names and addresses ("Julien Nioche (JIRA) <jira@…>" in Tika's mail tests). Each
 * string constant (CONSTANT_String) is read as a paragraph of text, in the pool's order; names of
 * classes, methods and fields and their types are not (they are identifiers, no one's data).
 *
 * The pool's strings are Java's modified UTF-8 (JVMS §4.4.7), decoded here: it is UTF-8 but for
 * NUL, written in two bytes, and characters outside the BMP, written as their two UTF-16 halves
 * of three bytes each (read as UTF-8, an emoji in a literal was four U+FFFD). A file with the class magic number but no class file's
 * version (a Mach-O universal binary shares 0xCAFEBABE) has no text; a cut or damaged class is
 * `corrupt`.
 */
import { JavaClassFileReader } from "java-class-tools";
import { NoText, type Format } from "../format.ts";
import { emitChunks } from "./text.ts";

/** CONSTANT_String and CONSTANT_Utf8 (JVMS §4.4). */
const STRING = 8;
const UTF8 = 1;

/**
 * Whether the bytes open as a class file: 0xCAFEBABE and a major version from Java 1.0's 45 to
 * a plausible future one. A universal binary's next word is its (small) count of architectures.
 */
export function isJavaClass(b: Uint8Array): boolean {
  if (b.length < 10 || b[0] !== 0xca || b[1] !== 0xfe || b[2] !== 0xba || b[3] !== 0xbe) return false;
  const major = (b[6]! << 8) | b[7]!;
  return major >= 45 && major <= 100;
}

/** The string literals of a class file's constant pool, in order. */
export function classStrings(bytes: Uint8Array): string[] {
  const cf = new JavaClassFileReader().read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const pool = cf.constant_pool;
  const out: string[] = [];
  for (const c of pool) {
    if (c === undefined || c.tag !== STRING) continue;
    const utf = pool[(c as unknown as { string_index: number }).string_index];
    if (utf === undefined || utf.tag !== UTF8) throw new Error("java class: a string constant names no UTF-8 constant");
    out.push(modifiedUtf8((utf as unknown as { bytes: number[] }).bytes));
  }
  return out;
}

/**
 * A CONSTANT_Utf8's bytes as text: one, two or three bytes per UTF-16 code unit (JVMS §4.4.7),
 * so a surrogate pair's halves join as they come. A byte that fits no such form is U+FFFD.
 */
export function modifiedUtf8(b: ArrayLike<number>): string {
  const units: number[] = [];
  let out = "";
  for (let i = 0; i < b.length; ) {
    const x = b[i]!;
    const y = b[i + 1] ?? 0;
    const z = b[i + 2] ?? 0;
    if (x < 0x80 && x !== 0) {
      units.push(x);
      i += 1;
    } else if ((x & 0xe0) === 0xc0 && (y & 0xc0) === 0x80) {
      units.push(((x & 0x1f) << 6) | (y & 0x3f));
      i += 2;
    } else if ((x & 0xf0) === 0xe0 && (y & 0xc0) === 0x80 && (z & 0xc0) === 0x80) {
      units.push(((x & 0x0f) << 12) | ((y & 0x3f) << 6) | (z & 0x3f));
      i += 3;
    } else {
      units.push(0xfffd);
      i += 1;
    }
    if (units.length >= 4096) out += String.fromCharCode(...units.splice(0));
  }
  return out + String.fromCharCode(...units);
}

export const javaClassFormat: Format = {
  kinds: ["class"],
  library: "java-class-tools",
  async extract(bytes, scope, ctx) {
    if (!isJavaClass(bytes)) throw new NoText("the class file magic number without a class file's version (a universal binary?)");
    const strings = classStrings(bytes);
    ctx.checkTime();
    // (one literal a paragraph: a literal is no label of the next, "password" over
    // "passwordDecryptor" in log4j's, nor its context; a literal's own line breaks stay)
    emitChunks(ctx, scope, strings.join("\n\n"));
  },
};
