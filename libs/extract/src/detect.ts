/**
 * Type detection from the bytes: magic numbers via file-type, OLE/CFB containers told apart by their
 * stream names (cfb), text subtypes by content and, only for text, the file name's extension.
 */
import { fileTypeFromBuffer } from "file-type";
import type { Detected } from "./context.ts";
import { scanOle, readCfb } from "./ole-scan.ts";
import { looksLikeText } from "./text-decode.ts";
import { UU_START } from "./formats/uuencode.ts";
import { sniffDelimiter } from "./formats/text.ts";
import { isAccessDatabase } from "./formats/access.ts";
import { isWordPerfect } from "./formats/wordperfect.ts";
import { isEmf, isWmf } from "./formats/metafile.ts";
import { flatOfficeKind } from "./formats/flat-office.ts";
import { oneNoteHeader } from "./formats/onenote.ts";
import { isSnappyFramed, isZlibStream } from "./formats/compressed.ts";
import { zipBounds } from "./formats/zip.ts";
import { gitObjectType } from "./formats/git-object.ts";
import { isGitPack } from "./formats/git-pack.ts";
import { isDerCertificate } from "./formats/x509.ts";
import { pycLayout } from "./formats/pyc.ts";
import { derKeyKind, isJavaKeyStore } from "./formats/der-key.ts";
import { isBinaryPlist } from "./formats/plist.ts";
import { moByteOrder } from "./formats/gettext.ts";
import { cmsType, isBase64Cms } from "./formats/cms.ts";
import { webArchiveKind } from "./formats/warc.ts";
import { HAR_START } from "./formats/har.ts";
import { looksLikeRoff } from "./formats/roff.ts";

/**
 * MIME types named here rather than by file-type: OOXML by its parts, and a PST (file-type says
 * application/vnd.ms-outlook, which is a single MSG item's; Apache Tika's name for it).
 */
const NAMED_MIMES: Record<string, string> = {
  pst: "application/vnd.ms-outlook-pst",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

/** file-type ext → our kind (only the ones we treat specially; others keep their ext as kind). */
const KIND_BY_EXT: Record<string, string> = {
  jpg: "image", png: "image", tif: "image", bmp: "image", gif: "image", webp: "image",
  // (photos whose pixels nothing here decodes: their metadata is read, image-metadata.ts)
  heic: "image-meta", avif: "image-meta", jxl: "image-meta",
  sav: "spss",
  tgz: "gzip", gz: "gzip", bz2: "bz2", xz: "xz", zst: "zstd", "7z": "7z", tar: "tar", zip: "zip", pdf: "pdf", rtf: "rtf",
  docx: "docx", xlsx: "xlsx", pptx: "pptx", odt: "odt", ods: "ods", odp: "odp", eml: "eml", xml: "xml",
  // macro-enabled documents, templates and slide shows are the same packages (they were unsupported)
  docm: "docx", dotx: "docx", dotm: "docx", xlsm: "xlsx", xltx: "xlsx", xltm: "xlsx",
  pptm: "pptx", potx: "pptx", potm: "pptx", ppsx: "pptx", ppsm: "pptx",
  // ODF templates are their documents' packages; a drawing is read by officeparser too
  ott: "odt", ots: "ods", otp: "odp", otg: "odg", odg: "odg",
  // ZIP packages file-type names for what they hold, read as archives: an e-book's chapters, a
  // Java or Android package's configuration (passwords in application.properties)
  epub: "zip", jar: "zip", apk: "zip", xpi: "zip",
  // a Visio drawing: its pages' shapes (formats/visio.ts)
  vsdx: "visio",
  cfb: "cfb", msi: "cfb", sqlite: "sqlite",
  // Text formats file-type names by their first line: read as records (formats/vcard.ts, formats/icalendar.ts), under their own MIME type.
  vcf: "vcard", ics: "icalendar",
  // An ASCII-armoured OpenPGP message: there is no text to read without the key.
  pgp: "pgp",
};

/**
 * Formats whose magic file-type finds in text it should not trust alone: their magic is a few
 * printable bytes ("MZ", "BM", "SQLite", "ID3", "%!", ...), so a text file that happens to
 * start that way ("BMW fleet list", "SQLite for Debian") would be refused as an executable,
 * an image or a database. Where the whole head of the file decodes as text, it is text. Only
 * the kinds below are trusted over that: they are read as they are (PDF, RTF, XML, mail,
 * vCard, iCalendar, OpenPGP armour), or are text-based and deliberately not read (PostScript).
 */
const TRUSTED_TEXTUAL = new Set(["pdf", "rtf", "xml", "eml", "vcf", "ics", "pgp", "ps"]);

/** file-type's names of programs that may carry an archive after their code (self-extracting). */
const EXECUTABLES = new Set(["exe", "elf", "macho", "sh"]);

/**
 * Whether the bytes are an Excel 2.x, 3.0 or 4.0 file: a BIFF2/3/4 stream of its own, not in an
 * OLE container. Its first record is a BOF (0x0009, 0x0209, 0x0409) of 4 to 8 bytes whose type
 * is a worksheet, chart, macro sheet or workbook (0x10, 0x20, 0x40, 0x100).
 */
function isBareBiff(b: Uint8Array): boolean {
  if (b.length < 16 || b[0] !== 0x09 || ![0x00, 0x02, 0x04].includes(b[1]!)) return false;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const len = v.getUint16(2, true);
  return len >= 4 && len <= 8 && [0x10, 0x20, 0x40, 0x100].includes(v.getUint16(6, true));
}

/** Whether the bytes end with an Apple disk image's trailer (UDIF: "koly", 512 bytes from the end). */
function isDiskImage(b: Uint8Array): boolean {
  return b.length >= 512 && Buffer.from(b.subarray(b.length - 512, b.length - 508)).toString("latin1") === "koly";
}

/** Extensions (none among them) a delimited export written as plain text may have. */
const EXPORT_EXTS = new Set(["", "txt", "text", "dat", "data", "prn", "lst", "exp", "export", "out", "asc", "dsv", "psv"]);

/** Extensions of bare zlib streams. */
const ZLIB_EXTS = new Set(["zlib", "zz", "deflate"]);

/** Extensions of PEM files, which may start with a comment ("subject=…", "Bag Attributes") before the armour. */
const PEM_EXTS = new Set(["pem", "crt", "cer", "cert", "ca-bundle", "chain"]);

function extOf(filename: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(filename);
  return m?.[1]?.toLowerCase() ?? "";
}

/** The kind of an OLE container from the names of the streams and storages at its root. */
function cfbKind(rootNames: readonly string[]): Detected {
  const names = new Set(rootNames.map((n) => n.toLowerCase()));
  const has = (n: string) => names.has(n.toLowerCase());
  if (has("EncryptionInfo") && has("EncryptedPackage")) return { mime: "application/x-ooxml-encrypted", kind: "ooxml-encrypted" };
  if (has("WordDocument")) return { mime: "application/msword", kind: "doc" };
  if (has("Workbook") || has("Book")) return { mime: "application/vnd.ms-excel", kind: "xls" };
  if (has("PowerPoint Document")) return { mime: "application/vnd.ms-powerpoint", kind: "ppt" };
  if (has("Quill") && has("Contents")) return { mime: "application/x-mspublisher", kind: "publisher" };
  if (has("FileHeader") && (has("BodyText") || has("ViewText"))) return { mime: "application/x-hwp", kind: "hwp" };
  if ([...names].some((n) => n.startsWith("__substg1.0_"))) return { mime: "application/vnd.ms-outlook", kind: "msg" };
  // an embedded object's own container: a packaged file, an OOXML file ("Package"; WPS Office writes
  // "package" and no CompObj), a PDF ("CONTENTS", Acrobat's)
  if (has("\u0001Ole10Native") || ((has("\u0001CompObj") || has("\u0001Ole") || has("\u0003ObjInfo")) && (has("Package") || rootNames.includes("CONTENTS")))) return { mime: "application/x-ole-package", kind: "ole-package" };
  // programs no handler reads, whose text runs are read (extract.ts): Microsoft Project (its
  // storages "   19" / "   112" of tasks and resources, "Props9"), Quattro Pro ("NativeContent_MAIN", its WB3's "PerfectOffice_MAIN")
  if (rootNames.some((n) => /^Props\d+$/.test(n)) && rootNames.some((n) => /^ {3}\d+$/.test(n))) return { mime: "application/vnd.ms-project", kind: "ole-runs" };
  if (has("NativeContent_MAIN") || has("PerfectOffice_MAIN")) return { mime: "application/x-quattro-pro", kind: "ole-runs" };
  return { mime: "application/x-cfb", kind: "cfb" };
}

/**
 * Legacy Office / Outlook files share the OLE container; the streams at its root say which one
 * it is (only the root: an MSG or a workbook may hold an embedded Word document in a storage of
 * its own). A container the `cfb` reader refuses (cut short, broken chains) is still named from
 * whatever directory sectors are present (ole-scan.ts) and carries `damaged`: it ends `failed`
 * with reason `corrupt` instead of being handed to a parser. When not even the root directory
 * entry is readable, it stays a generic `application/x-cfb` (also `damaged`).
 */
function detectCfb(bytes: Uint8Array): Detected {
  try {
    const cfb = readCfb(bytes);
    const root = cfb.FullPaths.map((p) => p.replace(/\/$/, "").split("/")).filter((parts) => parts.length === 2).map((parts) => parts[1]!);
    const det = cfbKind(root);
    // A Microsoft Graph chart (an object in older documents) keeps its data in a "Workbook" stream
    // of its own BIFF, which no spreadsheet reader takes ("Unexpected BIFF Ver 1664")
    const rootCompObj = cfb.FileIndex[cfb.FullPaths.indexOf(`${cfb.FullPaths[0]}\u0001CompObj`)]?.content;
    if (det.kind === "xls" && /MSGraph\.Chart/.test(Buffer.from((rootCompObj ?? []) as Uint8Array).toString("latin1"))) {
      return { mime: "application/x-ms-graph-chart", kind: "cfb" };
    }
    return det;
  } catch (e) {
    const scan = scanOle(bytes);
    const det = cfbKind(scan?.rootNames ?? []);
    const end = scan ? (scan.highestSector + 2) * scan.sectorSize : 0;
    const damaged = end > bytes.byteLength
      ? `the OLE container is cut short or damaged: it refers to sector ${scan!.highestSector}, which would end at byte ${end}, but the file has ${bytes.byteLength} bytes`
      : `the OLE container cannot be read (${(e as Error).message})`;
    return { ...det, damaged: scan?.rootNames ? damaged : `${damaged}; its directory is unreadable, so what it holds is unknown` };
  }
}

/** The end of a ZIP file searched for an OOXML part's name (a central directory of some thousands of entries). */
const ZIP_DIRECTORY_TAIL = 1 << 20;

/** ZIP packages file-type does not name, by parts only they have (all of them named). */
const PACKAGES_BY_PART: ReadonlyArray<[string | string[], Detected]> = [
  // an Excel binary workbook (its parts are .bin)
  ["xl/workbook.bin", { mime: "application/vnd.ms-excel.sheet.binary.macroenabled.12", kind: "xlsb" }],
  // a Word, Excel or PowerPoint package whose [Content_Types].xml file-type did not reach or read
  // (it reads 1,024 entries and 1 MiB at most: a workbook of 2,000 sheets, a deck of 8,000 slides,
  // each part read as an archive's member, their XML as text)
  [["[Content_Types].xml", "word/document.xml"], { mime: NAMED_MIMES.docx!, kind: "docx" }],
  [["[Content_Types].xml", "xl/workbook.xml"], { mime: NAMED_MIMES.xlsx!, kind: "xlsx" }],
  [["[Content_Types].xml", "ppt/presentation.xml"], { mime: NAMED_MIMES.pptx!, kind: "pptx" }],
  // a Visio drawing with macros, a stencil or a template (VSDM, VSSX, VSSM, VSTX, VSTM): its main part
  ["visio/document.xml", { mime: "application/vnd.visio", kind: "visio" }],
  // an XPS or OpenXPS document: its fixed document sequence, or a page (a package cut short
  // before its sequence's local header, read from its members' own headers, still has its pages)
  [".fdseq", { mime: "application/vnd.ms-xpsdocument", kind: "xps" }],
  [".fpage", { mime: "application/vnd.ms-xpsdocument", kind: "xps" }],
  // an InDesign Markup package: its map of the document's parts
  ["designmap.xml", { mime: "application/vnd.adobe.indesign-idml-package", kind: "idml" }],
];

/** dBase / FoxPro table versions ([dBase] byte 0): III, IV, 5, Visual FoxPro, with or without memo. */
const DBF_VERSIONS = new Set([0x02, 0x03, 0x04, 0x05, 0x30, 0x31, 0x32, 0x43, 0x63, 0x83, 0x8b, 0x8e, 0xcb, 0xf5, 0xfb]);

/**
 * A dBase table (GIS shapefiles' attributes, FoxPro and Clipper applications), which has no magic
 * number: a known version, a last-update date, field descriptors of 32 bytes ended by 0x0D within
 * the declared header, and records that fit in the file.
 */
function isDbf(b: Uint8Array): boolean {
  if (b.length < 65 || !DBF_VERSIONS.has(b[0]!) || b[2]! < 1 || b[2]! > 12 || b[3]! < 1 || b[3]! > 31) return false;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const records = v.getUint32(4, true);
  const headerLen = v.getUint16(8, true);
  const recordLen = v.getUint16(10, true);
  if (headerLen < 65 || headerLen > b.length || recordLen < 2 || headerLen + records * recordLen > b.length + 1) return false;
  let end = 32;
  while (end < headerLen && b[end] !== 0x0d) end += 32;
  return end < headerLen && end > 32;
}

/** Header fields a message's header starts with or holds (RFC 5322, 2045; trace and signature fields). */
const MAIL_FIELD = /^(?:Received|Return-Path|From|To|Subject|Date|Message-ID|MIME-Version|Delivered-To|X-[\w-]+|Content-Type|DKIM-Signature|Reply-To|Cc):/i;

/**
 * Whether a text starts with a message's header: from the first line to the blank line (or the
 * end of the 8 KiB looked at), header fields and their folded continuations only, the first
 * field and at least one more of MAIL_FIELD's. (Two known fields in a row were asked for: a
 * message relayed through a filter, "Received:" then "Authentication-Results:", was read as text.)
 */
function looksLikeMail(text: string): boolean {
  const lines = text.slice(0, 8192).split(/\r?\n/);
  if (!MAIL_FIELD.test(lines[0] ?? "")) return false;
  let known = 0;
  for (const [i, line] of lines.entries()) {
    if (line === "") break;
    if (/^[ \t]/.test(line)) continue;
    if (!/^[\x21-\x39\x3b-\x7e]+:/.test(line)) return i === lines.length - 1 && known >= 2; // (a line cut at 8 KiB)
    if (MAIL_FIELD.test(line)) known++;
  }
  return known >= 2;
}

/** An XML declaration, comments, a doctype, then `<html`. A comment's body stops at its first
 * "-->": a lazy `[^]*?` there could also run on through later comments, and a head of 30 comments
 * before another root (a Maven pom in a JAR) took minutes to fail. */
const XHTML_START = /^<\?xml[^>]*>\s*(?:<!--(?:(?!-->)[^])*-->\s*)*(?:<!doctype html[^>]*>\s*)?<html[\s>]/i;

/** Text subtypes from the decoded head of the file plus the extension. */
export function detectText(head: string, filename: string): Detected {
  const ext = extOf(filename);
  const t = head.replace(/^\uFEFF/, "").trimStart();
  // PEM certificates (a certificate file, a chain, a bundle with its key): read decoded too
  if ((t.startsWith("-----BEGIN ") || PEM_EXTS.has(ext)) && /-----BEGIN (?:X509 |TRUSTED )?CERTIFICATE-----/.test(t)) return { mime: "application/x-pem-file", kind: "pem" };
  // a signed file saved as base64 text (formats/cms.ts)
  if (isBase64Cms(t.slice(0, 200))) return { mime: "application/pkcs7-mime", kind: "cms" };
  // a uuencoded file (a mail's x-uuencode attachment keeps its name: "clients.csv")
  if (UU_START.test(t)) return { mime: "text/x-uuencode", kind: "uuencoded" };
  if (ext === "csv") return { mime: "text/csv", kind: "csv" };
  if (ext === "tsv" || ext === "tab") return { mime: "text/tab-separated-values", kind: "tsv" };
  if (ext === "ndjson" || ext === "jsonl") return { mime: "application/x-ndjson", kind: "ndjson" };
  if (ext === "md" || ext === "markdown") return { mime: "text/markdown", kind: "markdown" };
  // an LDAP export (RFC 2849): its entries start "dn:" (after "version: 1" and comments)
  if (ext === "ldif" || /^(?:version:[ \t]*1[ \t]*\r?\n(?:[ \t]*\r?\n)*)?(?:#[^\n]*\n)*dn::?[ \t]*\S/i.test(t)) return { mime: "text/x-ldif", kind: "ldif" };
  // an mbox: a "From " envelope line, then a message's header
  if (ext === "mbox" || ext === "mbx" || (/^From \S+ [^\n]*\d\r?\n/.test(t) && looksLikeMail(t.slice(t.indexOf("\n") + 1)))) return { mime: "application/mbox", kind: "mbox" };
  if (ext === "eml" || looksLikeMail(t)) return { mime: "message/rfc822", kind: "eml" };
  if (/^<!doctype html|^<html[\s>]/i.test(t) || ext === "html" || ext === "htm") return { mime: "text/html", kind: "html" };
  // XHTML (an e-book's chapters, a saved page) is a web page, not data: its attributes (epub:type
  // "z3998:name-title", classes, ids) are markup, read as HTML's are
  if (XHTML_START.test(t) || ext === "xhtml") return { mime: "application/xhtml+xml", kind: "html" };
  // an Office document saved as one XML file (flat OPC, Word 2003 XML): read as the document
  const flat = /^<\?xml|^<[A-Za-z_]/.test(t) ? flatOfficeKind(t) : null;
  if (flat === "wordml2003") return { mime: "application/vnd.ms-wordml", kind: "wordml2003" };
  if (flat === "flat-opc") return { mime: /progid="PowerPoint/.test(t.slice(0, 512)) ? "application/vnd.ms-powerpoint2006ml" : "application/vnd.ms-word2006ml", kind: "flat-opc" };
  if (/^<\?xml|^<[A-Za-z_][\w:.-]*[\s>]/.test(t) || ext === "xml") return { mime: "application/xml", kind: "xml" };
  // a browser's HAR file (HTTP Archive: JSON, its requests and responses with their cookies)
  if (ext === "har" || HAR_START.test(t)) return { mime: "application/har+json", kind: "har" };
  if (/^[{[]/.test(t)) {
    const lines = t.split(/\r?\n/, 3).filter((l) => l.trim());
    if (lines.length > 1 && lines.every((l) => /^\s*[{[].*[}\]]\s*$/.test(l))) return { mime: "application/x-ndjson", kind: "ndjson" };
    return { mime: "application/json", kind: "json" };
  }
  if (ext === "json") return { mime: "application/json", kind: "json" };
  if (ext === "log") return { mime: "text/plain", kind: "text" };
  // roff source (a manual page, `ls.1` out of its `.gz`; mdoc, ms): by its content, its name helping (formats/roff.ts)
  if (looksLikeRoff(t, ext)) return { mime: "text/troff", kind: "roff" };
  // a delimited export saved as text (`export.txt`, a `.dat`, no extension): read as one, its
  // header the cells' context
  if (EXPORT_EXTS.has(ext)) {
    const delimiter = sniffDelimiter(t);
    if (delimiter === "\t") return { mime: "text/tab-separated-values", kind: "tsv" };
    if (delimiter !== null) return { mime: "text/csv", kind: "csv" };
  }
  return { mime: "text/plain", kind: "text" };
}

export async function detect(bytes: Uint8Array, filename: string): Promise<Detected> {
  if (bytes.byteLength === 0) return { mime: "application/x-empty", kind: "empty" };
  let ft: { ext: string; mime: string } | undefined;
  try {
    ft = await fileTypeFromBuffer(bytes);
    // file-type takes any stream starting "x\x01" (zlib at its fastest level: a Git loose object)
    // for an Apple disk image; a disk image ends with its "koly" trailer
    if (ft?.ext === "dmg" && !isDiskImage(bytes)) ft = undefined;
  } catch {
    ft = undefined;
  }
  // TNEF (winmail.dat), which file-type does not know: its signature
  if (bytes.byteLength >= 6 && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) === 0x223e9f78) return { mime: "application/vnd.ms-tnef", kind: "tnef" };
  // a OneNote section or table of contents (a revision store, or its FSSHTTPB packaging): file-type
  // does not know them (and a section holding an attached ZIP package is no self-extracting archive); their header's first GUID says the file type, the fourth the format
  if (!ft && oneNoteHeader(bytes)) return { mime: "application/onenote", kind: "onenote" };
  // a signed file with its content inside (CMS SignedData: an Italian signed e-invoice's ".p7m", a
  // signed configuration profile, an opaque-signed mail): no magic number, its first object identifier says it
  // (or encrypted for its recipients: an S/MIME-encrypted mail's smime.p7m; or a time-stamped file, RFC 5544's ".tsd");
  // before the ZIP after a program: a signed or stamped DOCX holds one
  const cms = ft ? null : cmsType(bytes);
  if (cms !== null) return { mime: cms === "timestamped" ? "application/timestamped-data" : "application/pkcs7-mime", kind: "cms" };
  // a web archive (WARC, or ARC before it): text headers, any payload (a ZIP among them, not one after a program); file-type does not know them
  const web = ft ? null : webArchiveKind(bytes);
  if (web !== null) return { mime: web === "warc" ? "application/warc" : "application/x-internet-archive", kind: web };
  // A ZIP after a program or a script (a self-extracting archive, an installer that unpacks the
  // rest of itself, a JAR behind a launcher script): read as the archive, named as what it starts with
  if (!ft || EXECUTABLES.has(ft.ext)) {
    const zip = zipBounds(bytes);
    if (zip !== null && zip.first > 0) return { mime: ft?.mime ?? "application/zip", kind: "zip" };
  }
  // a cpio archive in the portable ASCII formats ("newc", "crc", "odc": initramfs images, RPM
  // payloads), whose magic is six digits file-type does not look for
  if (!ft && /^07070[127]$/.test(Buffer.from(bytes.subarray(0, 6)).toString("latin1")) && bytes.subarray(0, 512).includes(0)) return { mime: "application/x-cpio", kind: "cpio" };
  // Brotli has no magic number, a bare zlib stream a two-byte one: told by their extension
  if (!ft && extOf(filename) === "br") return { mime: "application/x-brotli", kind: "brotli" };
  if (!ft && ZLIB_EXTS.has(extOf(filename)) && isZlibStream(bytes)) return { mime: "application/zlib", kind: "zlib" };
  // a Git loose object: a zlib stream (no extension) whose first bytes inflate to "blob 123\0"
  if (!ft && gitObjectType(bytes) !== null) return { mime: "application/x-git-loose-object", kind: "git-object" };
  // and a packfile ("PACK", version 2 or 3)
  if (!ft && isGitPack(bytes)) return { mime: "application/x-git-packed-objects", kind: "git-pack" };
  // framed Snappy, by its stream identifier (file-type does not know it)
  if (!ft && isSnappyFramed(bytes)) return { mime: "application/x-snappy-framed", kind: "snappy" };
  // an LZ4 legacy frame (lz4 -l, the Linux kernel's images), whose magic file-type does not know
  if (!ft && bytes.length >= 8 && bytes[0] === 0x02 && bytes[1] === 0x21 && bytes[2] === 0x4c && bytes[3] === 0x18) return { mime: "application/x-lz4", kind: "lz4" };
  // an Excel 2.x–4.0 worksheet: a bare BIFF stream (no OLE container), its first record a BOF
  if (!ft && isBareBiff(bytes)) return { mime: "application/vnd.ms-excel", kind: "xls" };
  // an Access database: file-type does not know "Standard Jet DB" / "Standard ACE DB"
  if (!ft && isAccessDatabase(bytes)) return { mime: "application/x-msaccess", kind: "access" };
  // a WordPerfect document: file-type does not know "\xFFWPC"
  if (!ft && isWordPerfect(bytes)) return { mime: "application/vnd.wordperfect", kind: "wordperfect" };
  // a Windows metafile (EMF, WMF): file-type does not know them; an EMF's header record says " EMF",
  // a WMF starts with its placeable header's key or its own header
  if (!ft && isEmf(bytes)) return { mime: "image/emf", kind: "emf" };
  if (!ft && isWmf(bytes)) return { mime: "image/wmf", kind: "wmf" };
  // a binary property list (macOS preferences, a saved Wi-Fi or mail account): file-type does not know "bplist00"
  if (!ft && isBinaryPlist(bytes)) return { mime: "application/x-bplist", kind: "plist" };
  // a gettext message catalog (.mo): file-type does not know its magic number
  if (!ft && moByteOrder(bytes) !== null) return { mime: "application/x-gettext-translation", kind: "gettext-mo" };
  // Python bytecode: file-type does not know its magic numbers (one per Python version, then "\r\n")
  if (!ft && pycLayout(bytes) !== null) return { mime: "application/x-python-code", kind: "pyc" };
  // a DER certificate has no magic number: its structure says it,
  if (!ft && isDerCertificate(bytes)) return { mime: "application/pkix-cert", kind: "x509" };
  // nor has a private key or a key store in DER
  const key = ft ? null : derKeyKind(bytes);
  if (!ft && isJavaKeyStore(bytes)) return { mime: "application/x-java-keystore", kind: "java-keystore" };
  if (key !== null) return { mime: key === "pkcs12" ? "application/x-pkcs12" : key === "encrypted key" ? "application/pkcs8-encrypted" : "application/pkcs8", kind: "der-key" };
  // (a NUL in the first KiB settles it cheaply for almost every real binary)
  if (ft && !TRUSTED_TEXTUAL.has(ft.ext) && !bytes.subarray(0, 1024).includes(0)) {
    const decoded = looksLikeText(bytes);
    if (decoded !== null) return detectText(decoded, filename);
  }
  if (ft) {
    if (ft.ext === "cfb" || ft.ext === "msi") return detectCfb(bytes);
    // an Office theme (.thmx): a presentation's package with its parts under theme/, fonts, colours
    // and layouts' prompts, no one's text; officeparser called it a corrupt PPTX
    if (ft.ext === "pptx") {
      const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-ZIP_DIRECTORY_TAIL);
      if (tail.includes("theme/presentation.xml") && !tail.includes("ppt/presentation.xml")) return { mime: "application/vnd.ms-officetheme", kind: "officetheme" };
    }
    // a package file-type names only "zip": told by a part its central directory, at the end, names
    if (ft.ext === "zip") {
      const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-ZIP_DIRECTORY_TAIL);
      const known = PACKAGES_BY_PART.find(([parts]) => (Array.isArray(parts) ? parts : [parts]).every((part) => tail.includes(part)));
      if (known) return { ...known[1] };
    }
    // (any other ZIP file-type could not name is read as an archive: its members one by one)
    const kind = KIND_BY_EXT[ft.ext] ?? (ft.ext.endsWith("gz") ? "gzip" : ft.ext.endsWith("bz2") ? "bz2" : ft.ext);
    const mime = NAMED_MIMES[ft.ext] ?? ft.mime;
    if (ft.ext === "xml" || ft.ext === "eml") {
      const { decodeText } = await import("./text-decode.ts");
      return detectText(decodeText(bytes.subarray(0, 65536)).text, filename);
    }
    return { mime, kind };
  }
  const decoded = looksLikeText(bytes);
  if (decoded !== null) return detectText(decoded, filename);
  if (isDbf(bytes)) return { mime: "application/x-dbf", kind: "dbf" };
  return { mime: "application/octet-stream", kind: "binary" };
}

const ALIASES: Record<string, string> = {
  "application/x-zip-compressed": "application/zip",
  "application/x-zip": "application/zip",
  "application/x-gzip": "application/gzip",
  "application/x-gtar": "application/x-tar",
  "application/x-compressed-tar": "application/gzip",
  "application/x-bzip2": "application/x-bzip2",
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "text/xml": "application/xml",
  "application/rtf": "application/rtf",
  "text/rtf": "application/rtf",
  "application/x-rtf": "application/rtf",
  "application/x-pdf": "application/pdf",
  "application/x-msg": "application/vnd.ms-outlook",
  "application/jsonl": "application/x-ndjson",
  "application/x-jsonlines": "application/x-ndjson",
  "image/x-ms-bmp": "image/bmp",
  "application/x-7z-compressed": "application/x-7z-compressed",
  // (a signed file's older name; a property list's names, binary or not)
  "application/x-pkcs7-mime": "application/pkcs7-mime",
  "application/x-plist": "application/x-bplist",
  "application/x-apple-plist": "application/x-bplist",
  // (roff source: a manual page's names)
  "application/x-troff": "text/troff",
  "application/x-troff-man": "text/troff",
  "application/x-troff-me": "text/troff",
  "application/x-troff-ms": "text/troff",
  "text/x-troff": "text/troff",
};

const TEXT_FAMILY = /^(text\/|application\/(json|xml|x-ndjson|javascript|x-yaml|yaml|csv)$)/;
const GENERIC = new Set(["", "application/octet-stream", "binary/octet-stream", "application/unknown", "application/binary"]);

function norm(mime: string): string {
  const m = mime.split(";")[0]!.trim().toLowerCase();
  return ALIASES[m] ?? m;
}

/**
 * True when the claimed MIME type disagrees with the detected one. A generic claim
 * (application/octet-stream) or two members of the text family (text/plain vs text/csv) are no mismatch.
 */
export function isMismatch(claimed: string, detected: string): boolean {
  const c = norm(claimed);
  const d = norm(detected);
  if (GENERIC.has(c) || c === d) return false;
  if (TEXT_FAMILY.test(c) && TEXT_FAMILY.test(d)) return false;
  if (d === "message/rfc822" && c === "text/plain") return false;
  return true;
}
