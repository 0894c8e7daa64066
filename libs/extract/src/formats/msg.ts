/**
 * Outlook MSG (OLE/CFB items) via @kenjiuno/msgreader: sender, recipients (to/cc/bcc), subject,
 * date, the body (plain text, else HTML as text, else the compressed RTF body handed to the RTF
 * handler), the other text properties of the item (contacts and appointments carry addresses and
 * phone numbers there), and the attachments — embedded messages included — read recursively.
 */
import msgreader, { type FieldsData } from "@kenjiuno/msgreader";
import type { Format } from "../format.ts";
import { attachmentName, emitBody, emitHeader, readAttachment, rtfBody, who } from "./mail-parts.ts";

// A CommonJS module whose class is `exports.default`: from ESM that is the default import's `.default`.
const MsgReader = msgreader.default;

/** Fields handled explicitly, or technical ones with nothing to find in them. */
const NOT_PROPERTIES = new Set([
  "dataType", "error", "subject", "senderName", "senderEmail", "senderSmtpAddress", "senderAddressType", "body", "bodyHtml", "html",
  "headers", "compressedRtf", "clientSubmitTime", "messageDeliveryTime", "messageClass", "messageId", "preview", "normalizedSubject",
  "conversationTopic", "internetCodepage", "messageCodepage", "messageLocaleId", "messageFlags", "creationTime", "lastModificationTime",
  "addressType", "fax1AddrType", "fax2AddrType", "fax3AddrType", "recipients", "attachments", "rawProps",
]);

/** The date: submit time, else delivery time, else the Date line of the transport headers. */
function dateOf(f: FieldsData): string | undefined {
  const raw = f.clientSubmitTime ?? f.messageDeliveryTime ?? /^Date:[ \t]*(.+)$/im.exec(f.headers ?? "")?.[1];
  if (!raw) return undefined;
  const d = new Date(raw);
  return Number.isNaN(d.getTime()) ? raw : d.toISOString();
}

export const msgFormat: Format = {
  kinds: ["msg"],
  library: "@kenjiuno/msgreader (+ @kenjiuno/decompressrtf for RTF-only bodies)",
  async extract(bytes, scope, ctx) {
    const reader = new MsgReader(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const f = reader.getFileData();
    if (f.error || f.dataType !== "msg") throw new Error(`msg: ${f.error ?? "not an Outlook item"}`);
    const recips = f.recipients ?? [];
    const list = (type: "to" | "cc" | "bcc") =>
      recips.filter((r) => (r.recipType ?? "to") === type).map((r) => who(r.name, r.smtpAddress ?? r.email)).filter(Boolean).join(", ");
    emitHeader(ctx, scope, "from", who(f.senderName, f.senderSmtpAddress ?? f.senderEmail));
    for (const t of ["to", "cc", "bcc"] as const) emitHeader(ctx, scope, t, list(t));
    emitHeader(ctx, scope, "subject", f.subject);
    emitHeader(ctx, scope, "date", dateOf(f));
    const html = f.bodyHtml ?? (f.html ? new TextDecoder("utf-8").decode(f.html) : undefined);
    if ((f.body && /\S/.test(f.body)) || (html && /\S/.test(html))) await emitBody(ctx, scope, f.body, html);
    else if (f.compressedRtf) await rtfBody(ctx, scope, f.compressedRtf);
    for (const [key, value] of Object.entries(f)) {
      if (typeof value === "string" && !NOT_PROPERTIES.has(key)) ctx.emit(scope, value.trim(), { part: `property:${key}` });
    }
    for (const [i, a] of (f.attachments ?? []).entries()) {
      ctx.checkTime();
      let att: { fileName: string; content: Uint8Array };
      try {
        att = reader.getAttachment(a);
      } catch (e) {
        ctx.reason("corrupt", `msg attachment ${i + 1}: ${(e as Error).message}`, scope.path);
        continue;
      }
      const name = attachmentName(a.innerMsgContent ? att.fileName : (a.fileName ?? a.fileNameShort ?? a.name), i, a.innerMsgContent ? ".msg" : "");
      if (!(await readAttachment(ctx, scope, name, att.content)) && ctx.entriesExhausted) break;
    }
  },
};
