/**
 * Fixture builders for the extract specs: every test file is generated here, none is copied.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from "pdf-lib";

/** A PDF with one text line per page (pdf-lib, standard Helvetica). */
export async function makePdf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const t of pages) {
    const page = doc.addPage([400, 300]);
    if (t) page.drawText(t, { x: 30, y: 200, font, size: 14 });
  }
  return doc.save();
}

/**
 * A PDF written by hand from its objects' bodies (object i+1 is `objects[i]`; the first must be
 * the catalog), with a cross-reference table: for page trees and structures pdf-lib would not write.
 */
export function writePdf(objects: string[]): Buffer {
  let out = "%PDF-1.4\n";
  const offsets = objects.map((o, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A content stream object that shows `text` in Helvetica (/F1) for writePdf. */
export function pdfTextStream(text: string): string {
  const operators = `BT /F1 12 Tf 30 200 Td (${text}) Tj ET`;
  return `<< /Length ${operators.length} >>\nstream\n${operators}\nendstream`;
}

/** A one-page PDF whose content stream is `content` as given (operators; Helvetica as /F1). */
export async function makePdfWithContent(content: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  page.node.setFontDictionary(PDFName.of("F1"), font.ref);
  page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.stream(content)));
  return doc.save();
}

/**
 * A one-page PDF with `text` and attached files: `embedded` in the document's EmbeddedFiles (pdf-lib's
 * `attach`, as an e-invoice carries its XML) and `annotated` as a file attachment annotation on
 * the page (a pushpin icon; its FileSpec and EmbeddedFile stream written by hand).
 */
export async function makePdfWithAttachments(text: string, embedded: Record<string, string | Uint8Array>, annotated: Record<string, string | Uint8Array> = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  page.drawText(text, { x: 30, y: 200, font, size: 14 });
  for (const [name, data] of Object.entries(embedded)) await doc.attach(typeof data === "string" ? Buffer.from(data) : data, name, { mimeType: "application/octet-stream" });
  const annots = doc.context.obj([]) as PDFArray;
  for (const [name, data] of Object.entries(annotated)) {
    const stream = doc.context.stream(typeof data === "string" ? Buffer.from(data) : data, { Type: "EmbeddedFile" });
    const spec = doc.context.obj({ Type: "Filespec", F: PDFString.of(name), UF: PDFHexString.fromText(name), EF: { F: doc.context.register(stream) } });
    annots.push(doc.context.register(doc.context.obj({ Type: "Annot", Subtype: "FileAttachment", Rect: [30, 30, 50, 50], FS: doc.context.register(spec), Contents: PDFString.of(name) })));
  }
  if (annots.size()) page.node.set(PDFName.of("Annots"), annots);
  return doc.save();
}

/**
 * A one-page PDF form (pdf-lib's AcroForm): `fields` are text fields filled with their values,
 * `label` drawn on the page beside them; a checked box and a dropdown set to "France" too, and
 * `comments` as annotations of their subtype.
 */
export async function makePdfForm(label: string, fields: Record<string, string>, comments: Array<[subtype: "Text" | "FreeText", text: string]> = []): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  page.drawText(label, { x: 30, y: 260, font, size: 14 });
  const form = doc.getForm();
  let y = 220;
  for (const [name, value] of Object.entries(fields)) {
    const f = form.createTextField(name);
    f.setText(value);
    f.addToPage(page, { x: 80, y, width: 200, height: 20 });
    y -= 30;
  }
  const box = form.createCheckBox("agree");
  box.check();
  box.addToPage(page, { x: 80, y, width: 10, height: 10 });
  const country = form.createDropdown("country");
  country.addOptions(["Germany", "France"]);
  country.select("France");
  country.addToPage(page, { x: 80, y: y - 30, width: 100, height: 20 });
  // Comments: a sticky note, a free-text box (each an annotation the form's widgets sit beside).
  const annots = page.node.lookup(PDFName.of("Annots"), PDFArray);
  for (const [subtype, text] of comments) {
    annots.push(doc.context.register(doc.context.obj({ Type: "Annot", Subtype: subtype, Rect: [250, 40, 380, 70], Contents: PDFHexString.fromText(text), T: PDFString.of("Reviewer") })));
  }
  return doc.save();
}

/** A one-page PDF with Info dictionary properties: title, subject, keywords, author and keys of its own. */
export async function makePdfWithProperties(text: string, props: { title?: string; subject?: string; keywords?: string; creator?: string; custom?: Record<string, string> }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([400, 300]).drawText(text, { x: 30, y: 260, font, size: 14 });
  if (props.title !== undefined) doc.setTitle(props.title);
  if (props.subject !== undefined) doc.setSubject(props.subject);
  if (props.keywords !== undefined) doc.setKeywords([props.keywords]);
  if (props.creator !== undefined) doc.setAuthor(props.creator);
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  for (const [k, v] of Object.entries(props.custom ?? {})) info.set(PDFName.of(k), PDFHexString.fromText(v));
  return doc.save();
}

/**
 * A hand-assembled PDF using the Standard security handler (or the one `filter` names) (RC4, R2) whose /U and /O entries match
 * no known password, so a reader needs a password to open it. Byte offsets in the xref are computed.
 */
export function makeEncryptedPdf(filter = "Standard"): Uint8Array {
  const hex32 = (seed: number) => Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) & 0xff).toString(16).padStart(2, "0")).join("");
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 5 0 R >>",
    `<< /Filter /${filter} /V 1 /R 2 /O <${hex32(11)}> /U <${hex32(99)}> /P -44 >>`,
    "<< /Length 8 >>\nstream\n\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\nendstream",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n` + offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${hex32(1).slice(0, 32)}> <${hex32(1).slice(0, 32)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** Deterministic pseudo-random bytes (xorshift), so failures reproduce. */
export function noise(n: number, seed = 12345): Buffer {
  const b = Buffer.alloc(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    b[i] = x & 0xff;
  }
  return b;
}

/** A TAR of the given files (tar-stream pack). */
export async function makeTar(files: Record<string, Uint8Array | string>): Promise<Buffer> {
  const tar = (await import("tar-stream")).default;
  const pack = tar.pack();
  for (const [name, data] of Object.entries(files)) pack.entry({ name }, typeof data === "string" ? Buffer.from(data) : Buffer.from(data));
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A ZIP of the given files written by yazl (deflated). */
export async function makeZip(files: Record<string, Uint8Array | string>, compress = true): Promise<Buffer> {
  const yazl = (await import("yazl")).default;
  const z = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) z.addBuffer(typeof data === "string" ? Buffer.from(data) : Buffer.from(data), name, { compress, mtime: new Date(2024, 0, 1) });
  z.end();
  const chunks: Buffer[] = [];
  for await (const c of z.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** An archive made by 7-Zip itself (7z-wasm, in memory): type "7z" or "bzip2"; optional password. */
export async function make7z(files: Record<string, string | Uint8Array>, type: "7z" | "bzip2" | "xz" = "7z", password?: string): Promise<Buffer> {
  const mod = (await import("7z-wasm")).default as unknown as (o: object) => Promise<{ FS: { writeFile(p: string, d: Uint8Array | string): void; readFile(p: string): Uint8Array; mkdir(p: string): void }; callMain(a: string[]): void }>;
  const sz = await mod({ print: () => {}, printErr: () => {} });
  sz.FS.mkdir("/src");
  for (const [name, data] of Object.entries(files)) sz.FS.writeFile(`/src/${name}`, data);
  const out = type === "7z" ? "/out.7z" : type === "xz" ? "/out.xz" : "/out.bz2";
  // (the members by a list file: thousands as arguments overrun 7-Zip's memory)
  sz.FS.writeFile("/members.txt", Object.keys(files).map((n) => `/src/${n}`).join("\n"));
  const args = ["a", `-t${type}`, out, "@/members.txt"];
  if (password) args.push(`-p${password}`, "-mhe=on");
  sz.callMain(args);
  return Buffer.from(sz.FS.readFile(out));
}

/** A ZIP whose members 7-Zip compresses with `method` (Deflate64, BZip2, LZMA, PPMd: methods 9, 12, 14, 98). */
export async function makeZipWithMethod(files: Record<string, string | Uint8Array>, method: "Deflate64" | "BZip2" | "LZMA" | "PPMd"): Promise<Buffer> {
  const mod = (await import("7z-wasm")).default as unknown as (o: object) => Promise<{ FS: { writeFile(p: string, d: Uint8Array | string): void; readFile(p: string): Uint8Array; mkdir(p: string): void }; callMain(a: string[]): void }>;
  const sz = await mod({ print: () => {}, printErr: () => {} });
  sz.FS.mkdir("/src");
  for (const [name, data] of Object.entries(files)) sz.FS.writeFile(`/src/${name}`, data);
  sz.callMain(["a", "-tzip", `-mm=${method}`, "/out.zip", ...Object.keys(files).map((n) => `/src/${n}`)]);
  return Buffer.from(sz.FS.readFile("/out.zip"));
}

/** A ZIP's members (names and bytes), read with yauzl. */
export async function zipMembers(zip: Uint8Array): Promise<Record<string, Buffer>> {
  const yauzl = (await import("yauzl")).default;
  const { nextEntry } = await import("../formats/archive-util.ts");
  const z = await yauzl.fromBufferPromise(Buffer.from(zip), { lazyEntries: true });
  const out: Record<string, Buffer> = {};
  for (let e = await nextEntry(z); e; e = await nextEntry(z)) {
    const chunks: Buffer[] = [];
    for await (const c of await z.openReadStreamPromise(e)) chunks.push(c as Buffer);
    out[e.fileName] = Buffer.concat(chunks);
  }
  z.close();
  return out;
}

/** A ZIP package (a DOCX, an XLSX, an ODT, …) with more members added: embedded files. */
export async function withMembers(zip: Uint8Array, files: Record<string, Uint8Array | string>): Promise<Buffer> {
  return makeZip({ ...(await zipMembers(zip)), ...files });
}
