/**
 * InDesign Markup (IDML: what InDesign exports for other tools and older versions). It was read as
 * a plain ZIP of XML, every attribute a word: swatches, fonts, preferences and frame geometry
 * (Tika's test file gave 39,786 characters for its 3,295). The text is in the stories
 * (`Stories/Story_*.xml`, IDML specification 1.4): each story's `<Content>` runs, a `<Br/>` a line
 * end, a paragraph (`ParagraphStyleRange`) a line; tables' cells and footnotes are content in the
 * same story. Each story is one text, in the order of the package's file names (the spreads'
 * frames say where it stands, which a reader of the text does not need).
 */
import type { Format } from "../format.ts";
import { decodeText } from "../text-decode.ts";
import { checkPackage } from "./package-guard.ts";
import { elementParagraphs, emitChunks } from "./text.ts";

const STORIES = /^Stories\/Story_[^/]+\.xml$/;

/** A story's text: its Content runs, `<Br/>` and each paragraph's end a line end. */
export function storyText(xml: string): string {
  // (InDesign's special characters: U+2028 a forced line break, U+FEFF and U+200B markers)
  return elementParagraphs(xml, { text: "Content", lineBreak: "Br", paragraph: "ParagraphStyleRange" }).replace(/\u2028/g, "\n").replace(/[\ufeff\u200b]/g, "");
}

export const idmlFormat: Format = {
  kinds: ["idml"],
  library: "yauzl and htmlparser2 (the stories' Content read here)",
  async extract(bytes, scope, ctx) {
    const pkg = await checkPackage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), scope, ctx, STORIES);
    if (pkg === null) return;
    for (const name of [...pkg.parts.keys()].sort()) {
      ctx.checkTime();
      emitChunks(ctx, scope, storyText(decodeText(pkg.parts.get(name)!).text));
    }
  },
};
