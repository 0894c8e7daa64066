/**
 * EML (RFC 822/2045 messages) via mailparser: the usual headers, the body (text, or HTML as text)
 * and every attachment — attached messages included — read recursively like archive members.
 */
import { simpleParser, type AddressObject } from "mailparser";
import { withinBudget } from "../context.ts";
import type { Format } from "../format.ts";
import { attachmentName, emitBody, emitHeader, MAIL_HEADERS, readAttachment } from "./mail-parts.ts";

function addressText(v: AddressObject | AddressObject[] | undefined): string | undefined {
  if (!v) return undefined;
  return (Array.isArray(v) ? v : [v]).map((a) => a.text).join(", ");
}

export const emlFormat: Format = {
  kinds: ["eml"],
  library: "mailparser",
  async extract(bytes, scope, ctx) {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // HTML is turned into text here (text.ts), the same way as an HTML file; mailparser's own
    // conversions and link rewriting are skipped.
    const mail = await withinBudget(ctx, simpleParser(buf, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true }));
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
