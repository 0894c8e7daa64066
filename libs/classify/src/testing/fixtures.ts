/** Hand-made inputs for the classify specs: findings as the detectors would report them. */
import { locator, type Finding, type Locator, type Status } from "@filescan/contracts";
import type { ClassifyInput } from "../types.ts";

export const SSN = "123-45-6789";
export const CARD = "4111 1111 1111 1111";

export function finding(text: string, value: string, type: string, opts: Partial<Finding> & { loc?: Locator } = {}): Finding {
  const start = text.indexOf(value);
  if (start < 0) throw new Error("value not in text");
  return {
    type,
    score: 0.95,
    detector: type.toLowerCase(),
    validation: "checksum",
    context: [],
    locator: opts.loc ?? locator(),
    start,
    end: start + value.length,
    masked: "*".repeat(Math.max(0, value.length - 4)) + value.slice(-4),
    ...opts,
  };
}

export function input(text: string, findings: Finding[] = [], meta: Partial<ClassifyInput["meta"]> = {}, loc: Locator = locator()): ClassifyInput {
  return {
    meta: { filename: "doc.txt", full_path: "/share/doc.txt", mimetype: "text/plain", app: "crawler", extra_json: "{}", detected_type: "text/plain", status: "complete" as Status, reasons: [], ...meta },
    segments: [{ text, source: "text", locator: loc }],
    findings,
  };
}

/** Every spelling of a raw value we refuse to see in outputs. */
export function rawSpellings(value: string): string[] {
  return [value, value.replace(/\D/g, ""), value.replace(/[\s-]/g, " ")].filter((v, i, a) => v.length >= 4 && a.indexOf(v) === i);
}
