/**
 * Writes Microsoft Publisher documents for the specs: an OLE container with a `Contents` stream
 * and the Quill stream `Quill/QuillSub/CONTENTS` ("CHNKINK ", chunk descriptors of 24 bytes from
 * byte 32, the chunks from byte 512), its TEXT chunk holding the given text in UTF-16.
 */
import CFB from "cfb";

export function makePublisher(text: string, opts: { otherChunks?: number; cutText?: boolean } = {}): Buffer {
  const chunks: Array<[string, Buffer]> = [["STSH", Buffer.alloc(30, 1)], ["TEXT", Buffer.from(text, "utf16le")]];
  for (let i = 0; i < (opts.otherChunks ?? 2); i++) chunks.push(["FONT", Buffer.from("Times New Roman", "utf16le")]);
  const head = Buffer.alloc(512);
  head.write("CHNKINK ", 0, "latin1");
  head.writeUInt16LE(chunks.length, 12);
  let offset = 512;
  chunks.forEach(([type, data], k) => {
    const at = 32 + k * 24;
    head.writeUInt16LE(24, at);
    head.write(type, at + 2, "latin1");
    head.writeUInt16LE(1, at + 8);
    head.write(type, at + 12, "latin1");
    head.writeUInt32LE(offset, at + 16);
    head.writeUInt32LE(opts.cutText && type === "TEXT" ? data.length + 4096 : data.length, at + 20);
    offset += data.length;
  });
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, "/Contents", Buffer.alloc(64, 7));
  CFB.utils.cfb_add(cfb, "/Quill/QuillSub/CONTENTS", Buffer.concat([head, ...chunks.map(([, d]) => d)]));
  return Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array);
}
