/**
 * The worker thread that runs the Rampart model (ONNX Runtime's CPU build, one thread) for
 * `rampart.ts`: a text in, its model spans out. ONNX Runtime only answers asynchronously; run
 * here, the detectors' own thread waits for the answer and stays synchronous.
 *
 * Protocol: workerData { dir, port, signal }. Each message { text } on `port` is answered on it
 * with { spans } or { error }, then `signal[0]` is set to 1 and notified.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { workerData } from "node:worker_threads";
import type { MessagePort } from "node:worker_threads";
import ort from "onnxruntime-node";
import { Tokenizer } from "@huggingface/tokenizers";
import { mergeWindows, modelWords, spansOf, windows, type ModelSpan, type WordLabel } from "./rampart_spans.ts";

const { dir, port, signal } = workerData as { dir: string; port: MessagePort; signal: Int32Array };

/** Answers on the port, then wakes the waiting thread. */
function answer(message: unknown): void {
  port.postMessage(message);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

const json = (name: string) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as Record<string, unknown>;
let tokenizer: Tokenizer;
let id2label: Record<string, string>;
let session: ort.InferenceSession;
let CLS = 2;
let SEP = 3;
try {
  tokenizer = new Tokenizer(json("tokenizer.json"), json("tokenizer_config.json"));
  id2label = (json("config.json").id2label ?? {}) as Record<string, string>;
  CLS = tokenizer.token_to_id("[CLS]") ?? CLS;
  SEP = tokenizer.token_to_id("[SEP]") ?? SEP;
  session = await ort.InferenceSession.create(path.join(dir, "onnx", "model_q4.onnx"), { intraOpNumThreads: 1, interOpNumThreads: 1, executionProviders: ["cpu"] });
  answer({ ready: true });
} catch (err) {
  answer({ error: `cannot load the model in ${dir}: ${err instanceof Error ? err.message : String(err)}` });
  process.exit(1);
}

/** Word pieces of a word (lower-cased and stripped of accents by the tokenizer), remembered. */
const cache = new Map<string, number[]>();
function piecesOf(word: string): number[] {
  const known = cache.get(word);
  if (known !== undefined) return known;
  if (cache.size > 100_000) cache.clear();
  const ids = tokenizer.encode(word, { add_special_tokens: false }).ids;
  cache.set(word, ids);
  return ids;
}

/**
 * The model's spans of a text, window by window. (One window to a call: eight to a call, padded
 * to the longest, read a tenth to a quarter fewer characters per second.)
 */
async function read(text: string): Promise<ModelSpan[]> {
  const words = modelWords(text);
  const pieces = words.map((w) => piecesOf(text.slice(w.start, w.end)));
  const all: ModelSpan[] = [];
  for (const [first, end] of windows(words, (i) => pieces[i]!.length)) {
    // [CLS] the words' pieces [SEP]; where each word's first piece sits
    const ids = [CLS];
    const at: number[] = [];
    for (let i = first; i < end; i++) {
      at.push(pieces[i]!.length ? ids.length : -1);
      ids.push(...pieces[i]!);
    }
    ids.push(SEP);
    const dims = [1, ids.length];
    const out = await session.run({
      input_ids: new ort.Tensor("int64", BigInt64Array.from(ids, BigInt), dims),
      attention_mask: new ort.Tensor("int64", new BigInt64Array(ids.length).fill(1n), dims),
      token_type_ids: new ort.Tensor("int64", new BigInt64Array(ids.length), dims),
    });
    const logits = out[session.outputNames[0]!]!.data as Float32Array;
    const labels = logits.length / ids.length;
    const wordLabels: WordLabel[] = at.map((t) => {
      if (t < 0) return { label: "O", score: 1 };
      const o = t * labels;
      let best = 0;
      for (let l = 1; l < labels; l++) if (logits[o + l]! > logits[o + best]!) best = l;
      let z = 0;
      for (let l = 0; l < labels; l++) z += Math.exp(logits[o + l]! - logits[o + best]!);
      return { label: id2label[String(best)] ?? "O", score: 1 / z };
    });
    all.push(...spansOf(text, words.slice(first, end), wordLabels));
  }
  return mergeWindows(all);
}

port.on("message", (m: { text: string }) => {
  read(m.text).then(
    (spans) => answer({ spans }),
    (err: unknown) => answer({ error: err instanceof Error ? err.message : String(err) }),
  );
});
