import assert from "node:assert/strict";
import { createRequire } from "node:module";
import type { FileSubmitted } from "@filescan/contracts";
import { avroSchemaText } from "@filescan/contracts";
import { TOPICS } from "@filescan/config";
import { extractFile } from "@filescan/extract";
import { toExtracted, toInput } from "./handle.ts";

const avro = createRequire(import.meta.url)("avsc") as { Type: { forSchema(s: unknown): { isValid(v: unknown): boolean; toBuffer(v: unknown): Buffer } } };

describe("extractor handle", () => {
  it("copies the submission metadata and the extraction into an Avro-valid FileExtracted", async () => {
    const ev: FileSubmitted = {
      submission_id: "s-1", received_at: 1_700_000_000_000, principal: { subject: "crawler", token_name: null },
      mimetype: "text/plain", sha256: "a".repeat(64), sha1: "b".repeat(40), md5: "c".repeat(32),
      filename: "note.txt", full_path: "/share/note.txt", timestamp: "2026-11-22T08:00:00Z", app: "crawler-1",
      extra_json: '{"site":"x"}', size: 11, content: Buffer.from("hello world"), min_analyzer_version: 1,
    };
    const r = await extractFile(toInput(ev));
    const out = toExtracted(ev, r);
    assert.equal(out.submission_id, "s-1");
    assert.equal(out.full_path, "/share/note.txt");
    assert.equal(out.extra_json, '{"site":"x"}');
    assert.equal(out.size, 11);
    assert.equal(out.status, "complete");
    assert.equal(out.segments[0]?.text, "hello world");
    assert.equal(out.min_analyzer_version, 1, "the API's minimum passed on to the classifier");
    assert.equal(toExtracted({ ...ev, min_analyzer_version: undefined }, r).min_analyzer_version, 0, "an event from before the field");
    const type = avro.Type.forSchema(JSON.parse(avroSchemaText(TOPICS.extractions)));
    assert.ok(type.isValid(out), "FileExtracted must match schemas/avro/FileExtracted.avsc");
  });

  it("cuts the segments that do not fit one event, with reason limit_event_bytes, and the event stays within the bytes", async () => {
    const ev: FileSubmitted = {
      submission_id: "s-2", received_at: 1, principal: { subject: "crawler", token_name: null }, mimetype: "text/csv", sha256: "d".repeat(64), sha1: "b".repeat(40), md5: "c".repeat(32),
      filename: "cells.csv", full_path: "/share/cells.csv", timestamp: "2026-11-22T08:00:00Z", app: "crawler-1", extra_json: "{}", size: 1, content: Buffer.from("x"),
    };
    const member = `exports/${"deep/".repeat(150)}cells.xlsx`;
    const r = await extractFile(toInput(ev));
    const many = { ...r, status: "complete" as const, segments: Array.from({ length: 3000 }, (_, i) => ({ text: String(i % 10), source: "text", locator: { ...r.segments[0]!.locator, file_in_zip: member, sheet: "Sheet1", cell: `A${i + 2}`, row: i + 2, column: "amount" } })) };
    const whole = toExtracted(ev, many);
    assert.equal(whole.segments.length, 3000, "within the default limit, nothing is cut");
    const out = toExtracted(ev, many, 1024 * 1024);
    assert.ok(out.segments.length > 0 && out.segments.length < 3000);
    assert.equal(out.status, "partial");
    assert.match(out.reasons.find((x) => x.code === "limit_event_bytes")!.message, new RegExp(`after ${out.segments.length} of 3000 segments`));
    const type = avro.Type.forSchema(JSON.parse(avroSchemaText(TOPICS.extractions)));
    assert.ok(type.toBuffer(out).length <= 1024 * 1024);
    assert.ok(type.toBuffer(toExtracted(ev, many, 1024 * 1024 + 900 * 60)).length > type.toBuffer(out).length, "no more cut than needed");
  });
});
