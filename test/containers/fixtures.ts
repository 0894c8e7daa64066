/** Test files for the container tests: a PDF with given pages, a ZIP of entries, an API submission body. */
import { createHash } from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";
import yazl from "yazl";

export async function pdfWithPages(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 12, font }));
  }
  return Buffer.from(await doc.save());
}

export function zip(entries: Array<[string, Buffer]>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, data] of entries) z.addBuffer(data, name);
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve(Buffer.concat(chunks))).on("error", reject);
  });
}

export function submission(bytes: Buffer, filename: string, mimetype: string, fullPath: string, extra: Record<string, unknown> = {}) {
  const h = (alg: string) => createHash(alg).update(bytes).digest("hex");
  return { mimetype, file_data: bytes.toString("base64"), sha256: h("sha256"), sha1: h("sha1"), md5: h("md5"), filename, full_path: fullPath, timestamp: "2026-11-22T08:00:00Z", app: "compose-test", ...extra };
}
