/**
 * Java class files (`.class`, alone or inside a JAR, WAR or EAR) via java-class-tools: they were
 * `unsupported`, and a JAR of them `partial`, though a compiled class keeps every string literal
 * of its source in its constant pool: a JDBC URL with its password, an API key, a test's
 * fixture of names and addresses ("Julien Nioche (JIRA) <jira@…>" in Tika's mail tests). Each
 * string constant (CONSTANT_String) is read as a paragraph of text, in the pool's order; names of
 * classes, methods and fields and their types are not (they are identifiers, no one's data).
 *
 * The pool's strings are Java's modified UTF-8, read here as UTF-8 (the same for all text but
 * NUL and characters outside the BMP). A file with the class magic number but no class file's
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
    out.push(Buffer.from((utf as unknown as { bytes: number[] }).bytes).toString("utf8"));
  }
  return out;
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
