/**
 * EML (RFC 822/2045 messages) via mailparser: the usual headers, the body (text, or HTML as text)
 * and every attachment — attached messages included — read recursively like archive members.
 */
import { simpleParser, type AddressObject } from "mailparser";
import { withinBudget } from "../context.ts";
import type { Format } from "../format.ts";
import { attachmentName, emitBody, emitHeader, MAIL_HEADERS, readAttachment } from "./mail-parts.ts";
import { recoverWithReason } from "./raw-text.ts";

function addressText(v: AddressObject | AddressObject[] | undefined): string | undefined {
  if (!v) return undefined;
  return (Array.isArray(v) ? v : [v]).map((a) => a.text).join(", ");
}

/** mailparser's default bound on a message's parts (its `maxChildNodes`). */
const MAILPARSER_MAX_PARTS = 1000;

export const emlFormat: Format = {
  kinds: ["eml"],
  library: "mailparser",
  async extract(bytes, scope, ctx) {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // HTML is turned into text here (text.ts), the same way as an HTML file; mailparser's own
    // conversions and link rewriting are skipped.
    // (MIME parts: as many as the entry limit allows, if that is more than mailparser's own 1,000. A
    // message of more is refused whole by mailparser; its text is then read from its bytes, so a
    // thousand empty parts hide nothing)
    const maxChildNodes = Math.max(MAILPARSER_MAX_PARTS, ctx.limits.maxEntries);
    const options = { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true, maxChildNodes };
    let mail;
    try {
      mail = await withinBudget(ctx, simpleParser(buf, options));
    } catch (e) {
      if (!(e instanceof Error && /max allowed child nodes/i.test(e.message))) throw e;
      recoverWithReason(ctx, bytes, scope, "limit_entries", `e-mail of more than ${maxChildNodes} MIME parts`);
      return;
    }
    const values: Record<(typeof MAIL_HEADERS)[number], string | undefined> = {
      from: addressText(mail.from),
      sender: addressText(mail.headers.get("sender") as AddressObject | undefined),
      "reply-to": addressText(mail.replyTo),
      to: addressText(mail.to),
      cc: addressText(mail.cc),
      bcc: addressText(mail.bcc),
      subject: mail.subject,
      date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : (mail.headers.get("date") as string | undefined),
    };
    for (const h of MAIL_HEADERS) emitHeader(ctx, scope, h, values[h]);
    await emitBody(ctx, scope, mail.text, typeof mail.html === "string" ? mail.html : null);
    for (const [i, a] of mail.attachments.entries()) {
      const ext = a.contentType === "message/rfc822" ? ".eml" : "";
      if (!(await readAttachment(ctx, scope, attachmentName(a.filename, i, ext), a.content)) && ctx.entriesExhausted) break;
    }
  },
};
