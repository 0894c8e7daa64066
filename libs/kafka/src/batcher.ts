/**
 * Natural batching for a producer: while one produce request is in flight, later messages wait
 * and leave together in the next one. Alone, a message goes out at once (no linger); under load,
 * one round trip to the broker carries many messages instead of one each (kafkajs sends each
 * `send()` call as its own request). Every caller still learns its own message's fate: the
 * promise resolves when the batch that carried it was acknowledged, or rejects with its error.
 */
export interface Outgoing {
  topic: string;
  key: string | Buffer | null;
  value: Buffer;
}

export type SendBatch = (topicMessages: Array<{ topic: string; messages: Array<{ key: string | Buffer | null; value: Buffer }> }>) => Promise<unknown>;

interface Waiting extends Outgoing {
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface BatcherLimits {
  /** Most messages in one request. */
  maxMessages: number;
  /** Most value bytes in one request (a single larger message still goes, alone). */
  maxBytes: number;
  /** Requests in flight at once. */
  maxInFlight: number;
}

export const DEFAULT_BATCHER_LIMITS: BatcherLimits = { maxMessages: 1000, maxBytes: 16 * 1024 * 1024, maxInFlight: 1 };

export class ProduceBatcher {
  private readonly queue: Waiting[] = [];
  private inFlight = 0;
  private readonly sendBatch: SendBatch;
  private readonly limits: BatcherLimits;
  /** Requests sent so far (for tests and metrics). */
  requests = 0;

  constructor(sendBatch: SendBatch, limits: Partial<BatcherLimits> = {}) {
    this.sendBatch = sendBatch;
    this.limits = { ...DEFAULT_BATCHER_LIMITS, ...limits };
  }

  send(messages: Outgoing[]): Promise<void> {
    if (messages.length === 0) return Promise.resolve();
    const each = messages.map((m) => new Promise<void>((resolve, reject) => this.queue.push({ ...m, resolve, reject })));
    this.pump();
    return Promise.all(each).then(() => undefined);
  }

  /** Resolves when nothing is queued or in flight. */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight > 0) await new Promise((r) => setTimeout(r, 5));
  }

  private pump(): void {
    while (this.inFlight < this.limits.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight++;
      this.requests++;
      const byTopic = new Map<string, Array<{ key: string | Buffer | null; value: Buffer }>>();
      for (const m of batch) {
        let list = byTopic.get(m.topic);
        if (!list) byTopic.set(m.topic, (list = []));
        list.push({ key: m.key, value: m.value });
      }
      this.sendBatch([...byTopic].map(([topic, msgs]) => ({ topic, messages: msgs }))).then(
        () => {
          for (const m of batch) m.resolve();
        },
        (err: unknown) => {
          for (const m of batch) m.reject(err);
        },
      ).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private take(): Waiting[] {
    const batch: Waiting[] = [];
    let bytes = 0;
    while (this.queue.length > 0 && batch.length < this.limits.maxMessages) {
      const next = this.queue[0]!;
      if (batch.length > 0 && bytes + next.value.length > this.limits.maxBytes) break;
      batch.push(this.queue.shift()!);
      bytes += next.value.length;
    }
    return batch;
  }
}
