/**
 * Batching for a producer, as the Java client's `linger.ms` and `max.in.flight` do it, but only
 * under load: a message that comes while messages were sent within the last `lingerMs` waits up
 * to `lingerMs` for company, and while a produce request is in flight later messages wait and
 * leave together in the next one; a full batch leaves at once, and so does a message after a
 * quiet spell (no added latency for a lone submission). kafkajs sends each `send()` call as its
 * own request, and the broker's cost is mostly per request: measured on one local broker with
 * 10 KiB messages, about 300-450 µs of broker CPU per message in requests of one, 55-70 µs per
 * message in requests of 16. Without the linger the broker answered so fast that requests
 * under load carried only a few messages each. Every caller still learns its own message's fate: the
 * promise resolves when the batch that carried it was acknowledged, or rejects with its error.
 */
export interface Outgoing {
  topic: string;
  key: string | Buffer | null;
  value: Buffer;
}

export type SendBatch = (topicMessages: Array<{ topic: string; messages: Array<{ key: string | Buffer | null; value: Buffer }> }>) => Promise<unknown>;

interface Waiting extends Outgoing {
  /** performance.now() from which it need not wait for company. */
  dueAt: number;
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
  /** Longest a message that comes under load waits for others before its request goes (0: never). */
  lingerMs: number;
}

/**
 * Kafka 4's Java producer waits 5 ms (KIP-1030); we wait 2. In paired runs of bench/api-submit
 * (32 clients, each waiting for its answer before the next submission) 5 ms cost a third of
 * the maximum rate on a machine where the API process was not the bottleneck (3,784-4,090 req/s
 * against 5,423-5,770 with no linger): a batch waited longer than the API took to parse the
 * requests that joined it, so the API sat idle. With 2 ms the rate was that of no linger
 * (5,602-5,848) and the broker's CPU per submission about that of 5 ms (31-41 µs; 5 ms: 30-50;
 * none: 40-51). On a machine where the API process is the bottleneck a longer linger costs no
 * rate and saves more broker CPU (FILESCAN_KAFKA_LINGER_MS).
 */
export const DEFAULT_LINGER_MS = 2;
export const DEFAULT_BATCHER_LIMITS: BatcherLimits = { maxMessages: 1000, maxBytes: 16 * 1024 * 1024, maxInFlight: 1, lingerMs: DEFAULT_LINGER_MS };

export class ProduceBatcher {
  private readonly queue: Waiting[] = [];
  private inFlight = 0;
  private queuedBytes = 0;
  private timer: NodeJS.Timeout | null = null;
  private lastSentAt = -Infinity;
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
    const now = performance.now();
    // After a quiet spell a message need not wait; under load it waits its linger.
    const dueAt = now - this.lastSentAt >= this.limits.lingerMs ? now : now + this.limits.lingerMs;
    const each = messages.map((m) => new Promise<void>((resolve, reject) => {
      this.queue.push({ ...m, dueAt, resolve, reject });
      this.queuedBytes += m.value.length;
    }));
    this.pump();
    return Promise.all(each).then(() => undefined);
  }

  /** Resolves when nothing is queued or in flight. */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight > 0) await new Promise((r) => setTimeout(r, 5));
  }

  /** A full batch is waiting, or the oldest message has waited its linger. */
  private due(): boolean {
    const { maxMessages, maxBytes } = this.limits;
    if (this.queue.length >= maxMessages || this.queuedBytes >= maxBytes) return true;
    const wait = this.queue[0]!.dueAt - performance.now();
    if (wait <= 0) return true;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.pump();
    }, Math.ceil(wait));
    return false;
  }

  private pump(): void {
    while (this.inFlight < this.limits.maxInFlight && this.queue.length > 0 && this.due()) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
      const batch = this.take();
      this.lastSentAt = performance.now();
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
      this.queuedBytes -= next.value.length;
    }
    return batch;
  }
}
