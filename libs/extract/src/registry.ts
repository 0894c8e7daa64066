/**
 * The one list of format handlers. Adding a format = one file under formats/ plus one line here
 * (and, if file-type does not know it, a line in detect.ts).
 */
import type { Format } from "./format.ts";
import { brotliFormat, bz2Format, gzipFormat, lz4Format, snappyFormat, xzFormat, zlibFormat, zstdFormat } from "./formats/compressed.ts";
import { emlFormat } from "./formats/eml.ts";
import { imageFormat } from "./formats/image.ts";
import { msgFormat } from "./formats/msg.ts";
import { openpgpFormat } from "./formats/openpgp.ts";
import { officeFormat } from "./formats/office.ts";
import { pdfFormat } from "./formats/pdf.ts";
import { spreadsheetFormat } from "./formats/spreadsheet.ts";
import { SEVEN_ZIP_KINDS, sevenZipFormat } from "./formats/sevenzip.ts";
import { mboxFormat } from "./formats/mbox.ts";
import { pptFormat } from "./formats/ppt.ts";
import { avroFormat } from "./formats/avro.ts";
import { parquetFormat } from "./formats/parquet.ts";
import { pstFormat } from "./formats/pst.ts";
import { tnefFormat } from "./formats/tnef.ts";
import { sqliteFormat } from "./formats/sqlite.ts";
import { tarFormat } from "./formats/tar.ts";
import { zipFormat } from "./formats/zip.ts";
import { textFormat } from "./formats/text.ts";
import { x509Format } from "./formats/x509.ts";
import { derKeyFormat } from "./formats/der-key.ts";
import { ldifFormat } from "./formats/ldif.ts";
import { gettextFormat } from "./formats/gettext.ts";
import { javaClassFormat } from "./formats/java-class.ts";
import { pycFormat } from "./formats/pyc.ts";
import { spssFormat } from "./formats/spss.ts";
import { vcardFormat } from "./formats/vcard.ts";
import { icalendarFormat } from "./formats/icalendar.ts";
import { olePackageFormat } from "./formats/ole-package.ts";
import { uuencodeFormat } from "./formats/uuencode.ts";
import { accessFormat } from "./formats/access.ts";
import { wordPerfectFormat } from "./formats/wordperfect.ts";
import { metafileFormat } from "./formats/metafile.ts";
import { publisherFormat } from "./formats/publisher.ts";
import { hwpFormat } from "./formats/hwp.ts";
import { visioFormat } from "./formats/visio.ts";
import { flatOfficeFormat } from "./formats/flat-office.ts";
import { xpsFormat } from "./formats/xps.ts";
import { idmlFormat } from "./formats/idml.ts";
import { onenoteFormat } from "./formats/onenote.ts";
import { gitObjectFormat } from "./formats/git-object.ts";
import { gitPackFormat } from "./formats/git-pack.ts";
import { plistFormat } from "./formats/plist.ts";
import { cmsFormat } from "./formats/cms.ts";
import { warcFormat } from "./formats/warc.ts";
import { harFormat } from "./formats/har.ts";
import { roffFormat } from "./formats/roff.ts";

export const FORMATS: readonly Format[] = [textFormat, pdfFormat, officeFormat, spreadsheetFormat, zipFormat, tarFormat, gzipFormat, bz2Format, xzFormat, zstdFormat, sevenZipFormat, emlFormat, msgFormat, imageFormat, openpgpFormat, sqliteFormat, pstFormat, mboxFormat, pptFormat, tnefFormat, parquetFormat, avroFormat, x509Format, derKeyFormat, ldifFormat, vcardFormat, icalendarFormat, olePackageFormat, uuencodeFormat, accessFormat, onenoteFormat, wordPerfectFormat, metafileFormat, publisherFormat, hwpFormat, visioFormat, flatOfficeFormat, xpsFormat, brotliFormat, zlibFormat, lz4Format, snappyFormat, idmlFormat, gitObjectFormat, gitPackFormat, plistFormat, cmsFormat, warcFormat, harFormat, gettextFormat, javaClassFormat, pycFormat, spssFormat, roffFormat];

/**
 * Kinds that hold other files: opening one costs a nesting level. Documents are among them: they
 * hold embedded objects and attachments (a PDF's attached files, a DOCX's embedded workbook, an
 * RTF's objects), so a document inside a document inside … stops at the depth limit too.
 */
export const CONTAINER_KINDS = new Set([
  ...["zip", "tar", "gzip", "bz2", "xz", "zstd", ...SEVEN_ZIP_KINDS, "eml", "msg", "pst", "mbox", "tnef", "ole-package", "uuencoded", "brotli", "zlib", "git-object", "git-pack", "cms", "warc", "arc", "har"],
  ...["pdf", "docx", "xlsx", "xlsb", "pptx", "odt", "ods", "odp", "odg", "doc", "xls", "ppt", "rtf", "ooxml-encrypted", "onenote", "visio", "flat-opc"],
]);

const byKind = new Map<string, Format>();
for (const f of FORMATS) for (const k of f.kinds) byKind.set(k, f);

export function formatFor(kind: string): Format | undefined {
  return byKind.get(kind);
}
