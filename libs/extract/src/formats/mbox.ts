/**
 * Mailboxes in the mbox format (Thunderbird, mutt, a Google Takeout mail export): the file is cut
 * at each "From " line that starts a message (one followed by a header line; a body line that
 * starts with "From " and was not quoted as ">From " stays in its message), and each message is
 * read as an e-mail by the EML handler, like an archive member: `file_in_zip` `<n>-<subject>`
 * ("12-Re: payroll"), counted against the entry limit.
 */
import { childPath, childScope } from "../context.ts";
import type { Format } from "../format.ts";
import { itemName } from "./mail-parts.ts";

/** "From " at a line's start, the envelope line, then a header line ("Return-Path: …"). */
const START = /(?:^|\n)From [^\n]*\n(?=[\w-]+:)/g;

/** Where each message's header begins (after its "From " line). */
export function messageStarts(text: string): number[] {
  return [...text.matchAll(START)].map((m) => m.index + m[0].length);
}

/** The raw Subject line of a message's header, unless it is MIME-encoded (then nothing). */
function subjectOf(head: string): string {
  const raw = /^Subject:[ \t]*([^\r\n]*)/im.exec(head.slice(0, head.search(/\r?\n\r?\n/) >>> 0))?.[1] ?? "";
  return raw.includes("=?") ? "" : raw;
}

export const mboxFormat: Format = {
  kinds: ["mbox"],
  library: "mailparser, per message",
  async extract(bytes, scope, ctx) {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // (latin1: one character per byte, so offsets in the text are offsets in the bytes)
    const text = buf.toString("latin1");
    const starts = messageStarts(text);
    for (let i = 0; i < starts.length; i++) {
      ctx.checkTime();
      // (a message ends where the next one's "From " line begins, less the blank line before it)
      let end = i + 1 < starts.length ? text.lastIndexOf("From ", starts[i + 1]! - 1) : buf.length;
      if (text.endsWith("\n\n", end)) end--;
      const message = buf.subarray(starts[i], end);
      const name = itemName(i + 1, subjectOf(text.slice(starts[i], Math.min(end, starts[i]! + 16384))));
      if (!ctx.takeEntry(childPath(scope, name))) return;
      await ctx.recurse(message, "message.eml", childScope(scope, name));
    }
  },
};
