/**
 * uuencoded files: "begin 644 name", lines of encoded bytes (a length character, then four
 * characters for every three bytes), "end". Old mailers, Usenet and spam still send attachments
 * this way (`Content-Transfer-Encoding: x-uuencode`, which mailparser leaves encoded, or inside a
 * plain-text body), and `.uue` files hold them. A text that starts with one is read as a container
 * (`text/x-uuencode`): each file decoded and read as a member under its name, the text between
 * them as the file's own text. Read as text, a uuencoded ZIP gave its lines of ciphertext-like
 * characters to the detectors (driver's licences and ICD-10 codes in mail-parser's
 * `mail_test_15`).
 */
import { childPath, childScope } from "../context.ts";
import type { Format } from "../format.ts";
import { pathPart } from "./mail-parts.ts";
import { emitChunks } from "./text.ts";

// (a body line holds no CR: past one, "begin" started a line again, and each unended block was
// sought to the file's end)
const UU_BLOCK = /^begin [0-7]{3,4} ([^\n]+)\n((?:[!-`][^\r\n]*\n)*?)end[ \t]*$/gm;

/** Whether a text starts with a uuencoded file. */
export const UU_START = /^begin [0-7]{3,4} \S[^\n]*\r?\n[!-`]/;

/** The bytes of uuencoded lines. */
export function uudecode(lines: string): Buffer {
  const out: number[] = [];
  for (const line of lines.split("\n")) {
    const n = (line.charCodeAt(0) - 32) & 63;
    if (n === 0) continue; // (the "`" line before "end")
    const got: number[] = [];
    for (let i = 1; i < line.length && got.length < n; i += 4) {
      const [a, b, c, d] = [0, 1, 2, 3].map((k) => (line.charCodeAt(i + k) - 32) & 63) as [number, number, number, number];
      got.push(((a << 2) | (b >> 4)) & 255, ((b << 4) | (c >> 2)) & 255, ((c << 6) | d) & 255);
    }
    out.push(...got.slice(0, n));
  }
  return Buffer.from(out);
}

/** A text's uuencoded files, and the text with each replaced by "[name]". */
export function uuFiles(text: string): { rest: string; files: Array<{ name: string; bytes: Buffer }> } {
  const files: Array<{ name: string; bytes: Buffer }> = [];
  const rest = text.replace(UU_BLOCK, (_, name: string, data: string) => {
    files.push({ name: name.trim(), bytes: uudecode(data) });
    return `[${name.trim()}]`;
  });
  return { rest, files };
}

export const uuencodeFormat: Format = {
  kinds: ["uuencoded"],
  library: "decoded here",
  async extract(bytes, scope, ctx) {
    const { rest, files } = uuFiles(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8").replace(/\r\n/g, "\n"));
    if (rest.replace(/\[[^[\]\n]*\]/g, "").trim()) emitChunks(ctx, scope, rest);
    for (const [i, f] of files.entries()) {
      ctx.checkTime();
      const name = pathPart(f.name.split(/[\\/]/).pop() ?? "") || `file-${i + 1}`;
      if (!ctx.takeEntry(childPath(scope, name))) return;
      await ctx.recurse(f.bytes, name, childScope(scope, name));
    }
  },
};
