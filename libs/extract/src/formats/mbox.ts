/**
 * Mailboxes in the mbox format (Thunderbird, mutt, a Google Takeout mail export): the file is cut
 * at each "From " line that starts a message (one followed by a header line; a body line that
 * starts with "From " and was not quoted as ">From " stays in its message), and each message is
 * read as an e-mail by the EML handler, like an archive member: `file_in_zip` `<n>-<subject>`
 * ("12-Re: payroll"), counted against the entry limit. A message may have no header (its
 * envelope line then says it starts: Tika's simple.mbox gave 0 characters); a file in which no
 * message starts is read as text, never as nothing.
 */
import { childPath, childScope } from "../context.ts";
import type { Format } from "../format.ts";
import { itemName } from "./mail-parts.ts";
import { emitChunks } from "./text.ts";

/**
 * "From " at a line's start, the envelope line, then a header line ("Return-Path: …"); or an
 * envelope line with its sender and asctime date ("From MAILER-DAEMON Mon Jun 01 10:00:00 2009")
 * before a message without a header, which a body's line starting "From " does not look like.
 */
const START = /(?:^|\n)(?:From [^\n]*\n(?=[\w-]+:)|From \S+ +(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d\d:\d\d(?::\d\d)?(?: [A-Z]{3,5}| [+-]\d{4})? \d{4}\r?\n)/g;

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
    // (no message found: the mailbox's text is still read, as text)
    if (starts.length === 0) emitChunks(ctx, scope, text.replace(/^From [^\n]*\n/, ""));
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
