/**
 * InDesign Markup (IDML: what InDesign exports for other tools and older versions). It was read as
 * a plain ZIP of XML, every attribute a word: swatches, fonts, preferences and frame geometry
 * (Tika's test file gave 39,786 characters for its 3,295). The text is in the stories
 * (`Stories/Story_*.xml`, IDML specification 1.4): each story's `<Content>` runs, a `<Br/>` a line
 * end, a paragraph (`ParagraphStyleRange`) a line; tables' cells and footnotes are content in the
 * same story. Each story is one text, in the order of the package's file names (the spreads'
 * frames say where it stands, which a reader of the text does not need).
 */
import { Parser } from "htmlparser2";
import type { Format } from "../format.ts";
import { decodeText } from "../text-decode.ts";
import { checkPackage } from "./package-guard.ts";
import { emitChunks } from "./text.ts";

const STORIES = /^Stories\/Story_[^/]+\.xml$/;

/** A story's text: its Content runs, `<Br/>` and each paragraph's end a line end. */
export function storyText(xml: string): string {
  let out = "";
  let content = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === "Content") content++;
        else if (name === "Br") out += "\n";
      },
      ontext(t) {
        if (content > 0) out += t;
      },
      onclosetag(name) {
        if (name === "Content") content = Math.max(0, content - 1);
        else if (name === "ParagraphStyleRange" && !out.endsWith("\n")) out += "\n";
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  // (InDesign's special characters: U+2028 forced line break, U+FEFF/U+200B markers)
  return out.replace(/\u2028/g, "\n").replace(/[\ufeff\u200b]/g, "").replace(/\n{3,}/g, "\n\n").trim();
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
