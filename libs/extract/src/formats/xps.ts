/**
 * XPS and OpenXPS documents (.xps, .oxps: what "Microsoft XPS Document Writer" and "Print to
 * XPS" save). They were read as plain ZIP archives of XML, every attribute a word: clip paths,
 * transforms, glyph indices and colours around the text (Tika's test file gave 6,292 characters
 * for its 51). What a reader sees is the `UnicodeString` of each page's `<Glyphs>` elements, drawn
 * at `OriginX`, `OriginY` in `FontRenderingEmSize`, as [XPS] 1.0 and ECMA-388 lay them out:
 *
 *  - pages: each fixed document's `PageContent` list (`Documents/N/FixedDoc.fdoc`), in order,
 *    then any page part it does not list, `page` counted over the whole sequence;
 *  - runs on one baseline are a line, sorted by x, a blank between them when they do not meet
 *    (their ends from the advances in `Indices`, in hundredths of an em, or half an em a
 *    character when it gives none); a writer that draws every character alone (as Tika's test
 *    file's does) is read as words again;
 *  - `{}` before a UnicodeString (an escape for one starting with "{") is dropped;
 *  - the title, subject, keywords and description (`docProps/core.xml`).
 */
import { boundedParser } from "./markup.ts";
import type { Ctx, Scope } from "../context.ts";
import type { Format } from "../format.ts";
import { decodeText } from "../text-decode.ts";
import { checkPackage } from "./package-guard.ts";
import { emitProperties, packageProperties } from "./properties.ts";
import { emitChunks } from "./text.ts";

const XPS_PARTS = /(?:\.fpage|\.fdoc|^docProps\/core\.xml)$/i;

interface Run {
  text: string;
  x: number;
  y: number;
  end: number;
  em: number;
}

/** Where a run of glyphs ends: its advances (hundredths of an em) where Indices gives them, half an em a character elsewhere. */
function runEnd(text: string, x: number, em: number, indices: string | undefined): number {
  const chars = [...text].length;
  const entries = (indices ?? "").split(";").filter((e) => e !== "");
  let width = 0;
  for (let i = 0; i < chars; i++) {
    const advance = entries[i]?.replace(/^\(\d+:\d+\)/, "").split(",")[1];
    width += advance !== undefined && advance !== "" && Number.isFinite(Number(advance)) ? (Number(advance) / 100) * em : em / 2;
  }
  return x + width;
}

/** The runs of glyphs of a page part. */
export function pageRuns(xml: string): Run[] {
  const runs: Run[] = [];
  const parser = boundedParser(
    {
      onopentag(name, a) {
        if (name !== "Glyphs" || !a.UnicodeString) return;
        const text = a.UnicodeString.replace(/^\{\}/, "");
        const x = Number(a.OriginX ?? 0);
        const y = Number(a.OriginY ?? 0);
        const em = Number(a.FontRenderingEmSize ?? 12) || 12;
        if (text !== "" && Number.isFinite(x) && Number.isFinite(y)) runs.push({ text, x, y, em, end: runEnd(text, x, em, a.Indices) });
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return runs;
}

/** The runs as lines: one baseline a line (within a fifth of an em), sorted by x, a blank where runs do not meet. */
export function pageText(runs: Run[]): string {
  const lines: Run[][] = [];
  for (const r of [...runs].sort((a, b) => a.y - b.y)) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(line[0]!.y - r.y) <= Math.max(line[0]!.em, r.em) / 5) line.push(r);
    else lines.push([r]);
  }
  return lines
    .map((line) => {
      let out = "";
      let end = -Infinity;
      for (const r of line.sort((a, b) => a.x - b.x)) {
        if (out !== "" && r.x - end > r.em / 5 && !/\s$/.test(out) && !/^\s/.test(r.text)) out += " ";
        if (/\s$/.test(out) && r.text.trim() === "") continue; // (a blank drawn as a glyph after a blank)
        out += r.text;
        end = r.end;
      }
      return out.trim();
    })
    .filter((l) => l !== "")
    .join("\n");
}

/** The page parts in the order their fixed documents list them, then those none lists. */
function pageOrder(parts: Map<string, Buffer>): string[] {
  const pages = [...parts.keys()].filter((p) => /\.fpage$/i.test(p));
  const listed: string[] = [];
  const docs = [...parts.keys()].filter((p) => /\.fdoc$/i.test(p)).sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  for (const doc of docs) {
    const dir = doc.slice(0, doc.lastIndexOf("/") + 1);
    const parser = boundedParser(
      {
        onopentag(name, a) {
          if (name !== "PageContent" || !a.Source) return;
          const src = a.Source.startsWith("/") ? a.Source.slice(1) : `${dir}${a.Source}`;
          const found = pages.find((p) => p.toLowerCase() === src.toLowerCase());
          if (found && !listed.includes(found)) listed.push(found);
        },
      },
      { xmlMode: true },
    );
    parser.write(decodeText(parts.get(doc)!).text);
    parser.end();
  }
  return [...listed, ...pages.filter((p) => !listed.includes(p)).sort((a, b) => a.localeCompare(b, "en", { numeric: true }))];
}

export const xpsFormat: Format = {
  kinds: ["xps"],
  library: "yauzl and htmlparser2 (the pages' Glyphs read as XPS lays them out)",
  async extract(bytes: Uint8Array, scope: Scope, ctx: Ctx) {
    const pkg = await checkPackage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), scope, ctx, XPS_PARTS);
    if (pkg === null) return;
    for (const [i, part] of pageOrder(pkg.parts).entries()) {
      ctx.checkTime();
      emitChunks(ctx, scope, pageText(pageRuns(decodeText(pkg.parts.get(part)!).text)), { page: i + 1 });
    }
    emitProperties(ctx, scope, packageProperties(pkg.parts));
  },
};
