/**
 * Charts in OOXML documents (`word/charts/chart1.xml`, `ppt/charts/…`, `xl/charts/…`): their
 * titles and labels (`a:t`) and the text cached from their data (`c:strCache`: the series'
 * names, the categories — a chart of sales per person names the people). A chart whose data is
 * linked to a workbook elsewhere has no embedded workbook (embedded.ts), and its caches are the
 * only copy in the file; no document reader shows them. Each chart is one segment,
 * `part: chart`; the numbers (`c:numCache`) are left out.
 */
import { boundedParser } from "./markup.ts";
import type { Ctx, Scope } from "../context.ts";
import { emitChunks } from "./text.ts";

/** The chart parts of an OOXML package. */
export const CHART_PARTS = /^(?:word|ppt|xl)\/charts\/chart\d*\.xml$/;

/** A chart part's texts, in order: titles and labels, then each cached string once. */
export function chartTexts(xml: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let inText = 0;
  let inStrings = 0;
  let inValue = 0;
  let current = "";
  const parser = boundedParser(
    {
      onopentag(name) {
        if (name === "a:t") inText++;
        else if (name === "c:strcache") inStrings++;
        else if (name === "c:v" && inStrings) inValue++;
        if (name === "a:t" || (name === "c:v" && inStrings)) current = "";
      },
      ontext(t) {
        if (inText || inValue) current += t;
      },
      onclosetag(name) {
        if ((name === "a:t" && inText) || (name === "c:v" && inValue)) {
          const t = current.trim();
          if (t && !seen.has(t)) {
            seen.add(t);
            out.push(t);
          }
        }
        if (name === "a:t") inText = Math.max(0, inText - 1);
        else if (name === "c:strcache") inStrings = Math.max(0, inStrings - 1);
        else if (name === "c:v" && inValue) inValue--;
      },
    },
    { xmlMode: false, decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(xml);
  parser.end();
  return out;
}

/** Emits each chart among a package's kept `parts` as one segment, `part: chart`. */
export function emitCharts(ctx: Ctx, scope: Scope, parts: Map<string, Buffer>): void {
  for (const [name, xml] of parts) {
    if (!CHART_PARTS.test(name)) continue;
    ctx.checkTime();
    emitChunks(ctx, scope, chartTexts(xml.toString("utf8")).join("\n"), { part: "chart" });
  }
}
