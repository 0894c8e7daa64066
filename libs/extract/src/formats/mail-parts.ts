/**
 * Shared by the e-mail handlers (eml.ts, msg.ts): headers and bodies as segments with a `part`
 * locator, attachments read like archive members — each one counts against the entry and
 * total-bytes limits, gets `file_in_zip` = its name (nested with `!/`), and costs a nesting level.
 */
import { decompressRTF } from "@kenjiuno/decompressrtf";
import { childPath, childScope, type Ctx, type Scope } from "../context.ts";
import { uuFiles } from "./uuencode.ts";
import { emitChunks, markupText } from "./text.ts";

/** Header fields worth reading for PII, in the order they are emitted. */
export const MAIL_HEADERS = ["from", "sender", "reply-to", "to", "cc", "bcc", "subject", "date"] as const;

/** One header as one segment, `part` = `header:<name>` (e.g. header:from). */
export function emitHeader(ctx: Ctx, scope: Scope, name: string, value: string | null | undefined): void {
  if (!value) return;
  ctx.emit(scope, value.trim(), { part: `header:${name}` });
}

/**
 * The body: the plain-text alternative when there is one, else the HTML one as text (scripts and
 * styles dropped). Both together would only repeat the same words.
 */
export async function emitBody(ctx: Ctx, scope: Scope, text: string | null | undefined, html: string | null | undefined): Promise<void> {
  if (text && /\S/.test(text)) {
    // uuencoded files in the text ("begin 644 name" … "end"): old mailers' and Usenet's
    // attachments, and spam's; they are read as attachments, the body keeps "[name]"
    const { rest, files } = uuFiles(text.replace(/\r\n/g, "\n"));
    emitChunks(ctx, scope, rest, { part: "body" });
    for (const [i, f] of files.entries()) await readAttachment(ctx, scope, attachmentName(f.name, i), f.bytes);
  } else if (html && /\S/.test(html)) emitChunks(ctx, scope, markupText(html, false), { part: "body" });
}


/** The last path element of an attachment name, never empty, never containing the `!/` separator. */
export function attachmentName(raw: string | null | undefined, index: number, fallbackExt = ""): string {
  const last = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const base = [...last].filter((c) => c.charCodeAt(0) >= 0x20).join("").trim();
  return base || `attachment-${index + 1}${fallbackExt}`;
}

/** "Name <address>", or whichever of the two there is (MSG, PST). */
export function who(name: string | undefined, address: string | undefined): string | undefined {
  if (name && address && name !== address) return `${name} <${address}>`;
  return name || address || undefined;
}

/** Text fit for one element of a `file_in_zip` path: no control characters, path separators or the `!` of `!/`. */
export function pathPart(text: string): string {
  return [...text].filter((c) => c.charCodeAt(0) >= 0x20).join("").replace(/[\\/!\s]+/g, " ").trim();
}

/**
 * A mailbox item's name in `file_in_zip` (PST, mbox): its number and at most 60 characters of its
 * subject ("3-Re: payroll").
 */
export function itemName(n: number, subject: string): string {
  const clean = pathPart(subject).slice(0, 60);
  return clean ? `${n}-${clean}` : `${n}`;
}

/** Reads one attachment like an archive member; limits become reasons, never exceptions. */
export async function readAttachment(ctx: Ctx, scope: Scope, name: string, content: Uint8Array): Promise<boolean> {
  ctx.checkTime();
  if (!ctx.takeEntry(childPath(scope, name))) return false;
  return readCounted(ctx, scope, name, content, name);
}

/**
 * Reads a member already counted against the entry limit, within the total-bytes limit: under
 * `name` in `file_in_zip`, detected as `detectAs` (a captured page's "index.html").
 */
export async function readCounted(ctx: Ctx, scope: Scope, name: string, content: Uint8Array, detectAs: string): Promise<boolean> {
  if (content.byteLength > ctx.bytesLeft()) {
    ctx.reason("limit_total_bytes", `uncompressed bytes over ${ctx.limits.maxTotalBytes}`, childPath(scope, name));
    return false;
  }
  ctx.totalBytes += content.byteLength;
  await ctx.recurse(content, detectAs, childScope(scope, name));
  return true;
}

/** An RTF-only body, decompressed (MS-OXRTFCP) and read by whatever handler reads RTF. */
export async function rtfBody(ctx: Ctx, scope: Scope, compressed: Uint8Array): Promise<void> {
  const declared = compressed.byteLength >= 16 ? new DataView(compressed.buffer, compressed.byteOffset).getUint32(0, true) + 4 : Infinity;
  if (declared > compressed.byteLength) {
    ctx.reason("corrupt", "compressed RTF body: declared size past the end of the data", scope.path);
    return;
  }
  let rtf: Uint8Array;
  try {
    rtf = Uint8Array.from(decompressRTF(Array.from(compressed)));
  } catch (e) {
    ctx.reason("corrupt", `compressed RTF body: ${(e as Error).message}`, scope.path);
    return;
  }
  await ctx.recurse(rtf, "body.rtf", { path: scope.path, depth: scope.depth + 1, base: { ...scope.base, part: "body" } });
}
