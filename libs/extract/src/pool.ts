/**
 * A pool of worker threads, one per core by default, so CPU-bound parsing never blocks the caller's
 * event loop. Each job has a hard deadline (time budget + grace): a worker stuck in a synchronous
 * parser is terminated and replaced, and the job ends `failed` with reason `limit_time`.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ExtractInput, ExtractResult } from "./extract.ts";
import { DEFAULT_LIMITS, limitsFromEnv, type ExtractLimits } from "./limits.ts";

export interface ExtractPool {
  extract(input: ExtractInput, limits?: Partial<ExtractLimits>): Promise<ExtractResult>;
  close(): Promise<void>;
}

interface Job {
  id: number;
  input: ExtractInput;
  limits: Partial<ExtractLimits>;
  resolve: (r: ExtractResult) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  started: number;
}

const WORKER_URL = new URL("./worker.ts", import.meta.url);
/** Heap cap per worker: a hostile file can kill its worker, not the process. */
const WORKER_HEAP_MB = 1536;

function killedResult(code: string, message: string, ms: number): ExtractResult {
  return {
    detected_type: "application/octet-stream",
    type_mismatch: false,
    status: "failed",
    reasons: [{ code, message, file_in_zip: null }],
    segments: [],
    stats: { chars: 0, entries: 0, duration_ms: ms },
  };
}

export function createExtractPool(opts: { size?: number; limits?: Partial<ExtractLimits> } = {}): ExtractPool {
  const size = Math.max(1, opts.size ?? availableParallelism());
  const baseLimits: ExtractLimits = { ...DEFAULT_LIMITS, ...limitsFromEnv(), ...opts.limits };
  const queue: Job[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_URL, { workerData: { limits: baseLimits }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } }), job: null, timer: null, started: 0 };
    slot.worker.on("message", (msg: { id: number; result?: ExtractResult; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      finish(slot);
      if (msg.result) job.resolve(msg.result);
      else job.resolve(killedResult("corrupt", msg.error ?? "extraction failed", Date.now() - slot.started));
      pump();
    });
    slot.worker.on("error", (err) => replace(slot, "corrupt", `worker died: ${err.message}`));
    slot.worker.on("exit", () => {
      if (!closed && slot.job) replace(slot, "corrupt", "worker exited");
    });
    return slot;
  }

  function finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  function replace(slot: Slot, code: string, message: string): void {
    const job = slot.job;
    finish(slot);
    const i = slots.indexOf(slot);
    void slot.worker.terminate();
    if (job) job.resolve(killedResult(code, message, Date.now() - slot.started));
    if (i >= 0 && !closed) slots[i] = spawn();
    pump();
  }

  function pump(): void {
    for (const slot of slots) {
      if (slot.job || queue.length === 0) continue;
      const job = queue.shift()!;
      slot.job = job;
      slot.started = Date.now();
      const budget = job.limits.timeBudgetMs ?? baseLimits.timeBudgetMs;
      slot.timer = setTimeout(() => replace(slot, "limit_time", `parser ignored the ${budget} ms budget; worker terminated`), budget + Math.max(2000, budget / 2));
      const bytes = new Uint8Array(job.input.bytes); // a private copy we can transfer
      slot.worker.postMessage({ id: job.id, input: { ...job.input, bytes }, limits: job.limits }, [bytes.buffer]);
    }
  }

  for (let i = 0; i < size; i++) slots.push(spawn());

  return {
    extract(input, limits = {}) {
      if (closed) return Promise.reject(new Error("extract pool is closed"));
      return new Promise<ExtractResult>((resolve, reject) => {
        queue.push({ id: nextId++, input, limits, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("extract pool closed"));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
