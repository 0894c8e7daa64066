/**
 * Outlook data files (PST, and OST caches) via pst-extractor, read from memory. Every folder is
 * walked; each item in it (mail, contact, appointment, task) is read like a member of an archive:
 * `file_in_zip` is `<folder path>/<n>-<subject>` ("Top of Personal Folders/Inbox/3-Re: payroll"),
 * it counts against the entry limit, and its attachments (embedded messages included) are its own
 * members, nested with `!/`. An item gives what a MSG gives: sender, recipients, subject and date
 * as `header:<name>` segments, the body (plain text, else HTML as text), and for a contact or an
 * appointment the fields that hold personal data (`property:<name>`: names, phones, addresses,
 * e-mail addresses, ids, birthday; location, attendees).
 */
import { PSTFile, type PSTAttachment, type PSTFolder, type PSTMessage } from "pst-extractor";
import { childPath, childScope, type Ctx, type Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { attachmentName, emitBody, emitHeader, itemName, pathPart, readAttachment, who } from "./mail-parts.ts";

/** Folders nested deeper than this are not walked (a damaged file may loop). */
const MAX_FOLDER_DEPTH = 32;

/** A contact's fields that hold personal data (pst-extractor's PSTContact getters). */
const CONTACT_FIELDS = (
  "givenName middleName surname nickname initials generation displayNamePrefix preferredByName spouseName childrensNames assistant " +
  "managerName companyName title departmentName profession governmentIdNumber organizationalIdNumber customerId account " +
  "primaryTelephoneNumber businessTelephoneNumber business2TelephoneNumber homeTelephoneNumber home2TelephoneNumber mobileTelephoneNumber " +
  "carTelephoneNumber otherTelephoneNumber pagerTelephoneNumber callbackTelephoneNumber assistantTelephoneNumber companyMainPhoneNumber " +
  "radioTelephoneNumber isdnNumber telexNumber ttytddPhoneNumber primaryFaxNumber businessFaxNumber homeFaxNumber homeAddress workAddress " +
  "otherAddress postalAddress email1EmailAddress email2EmailAddress email3EmailAddress instantMessagingAddress personalHomePage hobbies birthday anniversary"
).split(" ");
const APPOINTMENT_FIELDS = ["location", "allAttendees", "requiredAttendees"];

/** A field's text: a string, or a date as ISO 8601; a getter that throws on a damaged item gives nothing. */
function field(item: PSTMessage, name: string): string {
  try {
    const v = (item as unknown as Record<string, unknown>)[name];
    if (v instanceof Date) return Number.isNaN(v.getTime()) ? "" : v.toISOString();
    return typeof v === "string" ? v.trim() : "";
  } catch {
    return "";
  }
}

/** One item: its headers, body, personal fields and attachments (exported for the spec's contact, which no fixture holds). */
export async function readItem(ctx: Ctx, scope: Scope, item: PSTMessage, pstBytes: number): Promise<void> {
  const cls = field(item, "messageClass");
  emitHeader(ctx, scope, "from", who(field(item, "senderName"), field(item, "senderEmailAddress")));
  emitHeader(ctx, scope, "to", field(item, "displayTo"));
  emitHeader(ctx, scope, "cc", field(item, "displayCC"));
  emitHeader(ctx, scope, "bcc", field(item, "displayBCC"));
  emitHeader(ctx, scope, "subject", field(item, "subject"));
  emitHeader(ctx, scope, "date", field(item, "clientSubmitTime") || field(item, "messageDeliveryTime"));
  await emitBody(ctx, scope, field(item, "body"), field(item, "bodyHTML"));
  const extra = cls.startsWith("IPM.Contact") ? CONTACT_FIELDS : cls.startsWith("IPM.Appointment") || cls.startsWith("IPM.Schedule") ? APPOINTMENT_FIELDS : [];
  for (const name of extra) ctx.emit(scope, field(item, name), { part: `property:${name}` });
  const attachments = safe(() => item.numberOfAttachments) ?? 0;
  for (let i = 0; i < attachments; i++) {
    ctx.checkTime();
    let a: PSTAttachment;
    try {
      a = item.getAttachment(i);
    } catch (e) {
      ctx.reason("corrupt", `pst attachment ${i + 1}: ${(e as Error).message}`, scope.path);
      continue;
    }
    const embedded = safe(() => a.embeddedPSTMessage);
    if (embedded) {
      const name = attachmentName(embedded.subject, i, ".msg");
      const where = childPath(scope, name);
      if (!ctx.takeEntry(where)) return;
      if (scope.depth + 1 >= ctx.limits.maxDepth) ctx.reason("limit_depth", `nesting deeper than ${ctx.limits.maxDepth}`, where);
      else await readItem(ctx, childScope(scope, name), embedded, pstBytes);
      continue;
    }
    const stream = safe(() => a.fileInputStream);
    if (!stream) continue;
    const length = stream.length.toNumber();
    const name = attachmentName(a.longFilename || a.filename, i);
    if (length > pstBytes) {
      ctx.reason("corrupt", `pst attachment ${i + 1}: declares ${length} bytes, more than the file holds`, childPath(scope, name));
      continue;
    }
    const content = Buffer.alloc(length);
    try {
      stream.readCompletely(content);
    } catch (e) {
      ctx.reason("corrupt", `pst attachment ${i + 1}: ${(e as Error).message}`, childPath(scope, name));
      continue;
    }
    if (!(await readAttachment(ctx, scope, name, content)) && ctx.entriesExhausted) return;
  }
}

function safe<T>(get: () => T): T | null {
  try {
    return get();
  } catch {
    return null;
  }
}

/**
 * The folder's next item. pst-extractor skips an item it cannot read and says so on standard
 * output ("Exception Error in No:  3"), where `filescan inspect --json` writes its JSON: the words
 * are kept from it and the items counted instead (getNextChild is synchronous; nothing else runs
 * while console.log is swapped).
 */
export function nextChild(folder: Pick<PSTFolder, "getNextChild">, skipped: { n: number }): PSTMessage | null {
  const log = console.log;
  console.log = () => {
    skipped.n++;
  };
  try {
    return folder.getNextChild() as PSTMessage | null;
  } finally {
    console.log = log;
  }
}

async function walk(ctx: Ctx, scope: Scope, folder: PSTFolder, path: string, depth: number, pstBytes: number): Promise<void> {
  if (folder.contentCount > 0) {
    let n = 0;
    const skipped = { n: 0 };
    try {
      for (let item = nextChild(folder, skipped); item; item = nextChild(folder, skipped)) {
        ctx.checkTime();
        const name = `${path}${itemName(++n, field(item, "subject"))}`;
        if (!ctx.takeEntry(childPath(scope, name))) return;
        await readItem(ctx, childScope(scope, name), item, pstBytes);
      }
    } finally {
      if (skipped.n > 0) ctx.reason("corrupt", `pst: ${skipped.n} item(s) of folder "${path || "/"}" could not be read`, scope.path);
    }
  }
  if (!folder.hasSubfolders) return;
  if (depth >= MAX_FOLDER_DEPTH) {
    ctx.reason("limit_depth", `folders nested deeper than ${MAX_FOLDER_DEPTH}`, scope.path);
    return;
  }
  for (const sub of folder.getSubFolders()) {
    if (ctx.entriesExhausted) return;
    await walk(ctx, scope, sub, `${path}${pathPart(sub.displayName) || "folder"}/`, depth + 1, pstBytes);
  }
}

export const pstFormat: Format = {
  kinds: ["pst"],
  library: "pst-extractor",
  async extract(bytes, scope, ctx) {
    const pst = new PSTFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    await walk(ctx, scope, pst.getRootFolder(), "", 0, bytes.byteLength);
  },
};
