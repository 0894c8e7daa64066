/**
 * `filescan deadletter list|replay`: what the stream processors could not handle, and sending
 * it back to them once the cause is fixed (libs/kafka deadletters.ts). A record's value is never
 * printed: it holds the file's bytes or text.
 */
import type { Command } from "commander";
import type { DeadLetter } from "@filescan/contracts";
import { connectEvents, createKafka, createRegistry, readDeadLetters, replayDeadLetters, type DeadLetterEntry } from "@filescan/kafka";

interface Filter {
  processor?: string;
  since?: string;
  key?: string[];
}

function fail(message: string, code = 2): never {
  console.error(`filescan deadletter: ${message}`);
  process.exit(code);
}

/** Whether a dead letter is one the options select (all without any). */
function selector(f: Filter): (l: DeadLetter | null) => boolean {
  let since: number | null = null;
  if (f.since !== undefined) {
    since = Date.parse(f.since);
    if (!Number.isFinite(since)) fail(`--since ${JSON.stringify(f.since)} is not a time (e.g. 2026-12-07T09:00:00Z)`);
  }
  const keys = f.key?.map((k) => k.toLowerCase());
  return (l) => {
    if (l === null) return f.processor === undefined && since === null && keys === undefined;
    return (f.processor === undefined || l.processor === f.processor || l.processor.endsWith(f.processor))
      && (since === null || l.failed_at >= since)
      && (keys === undefined || keys.includes(l.key?.toString("utf8").toLowerCase() ?? ""));
  };
}

/** One dead letter as a JSON object: coordinates, reason, sizes; never the value. */
function describe(e: DeadLetterEntry): Record<string, unknown> {
  const l = e.letter;
  if (l === null) return { deadletter: e.at, problem: e.problem };
  return {
    failed_at: new Date(l.failed_at).toISOString(),
    processor: l.processor,
    topic: l.topic,
    partition: l.partition,
    offset: l.offset,
    key: l.key?.toString("utf8") ?? null,
    error: l.error,
    value_bytes: e.valueBytes,
    deadletter: e.at,
  };
}

function line(e: DeadLetterEntry): string {
  const l = e.letter;
  if (l === null) return `(dead letter ${e.at.partition}@${e.at.offset} cannot be decoded: ${e.problem})`;
  const error = l.error.split("\n")[0]!;
  return `${new Date(l.failed_at).toISOString()}  ${l.processor}  ${l.topic}[${l.partition}]@${l.offset}  key ${l.key?.toString("utf8").slice(0, 16) ?? "-"}  ${error.length > 160 ? `${error.slice(0, 160)}…` : error}`;
}

/** The selected dead letters (their records' values only for a replay: they are files' bytes). */
async function read(f: Filter, withValues: boolean): Promise<DeadLetterEntry[]> {
  const select = selector(f);
  return readDeadLetters(createKafka("filescan-cli-deadletter"), createRegistry(), process.env, { select, withValues }).catch((err: Error) => fail(`cannot read the dead-letter topic: ${err.message}`, 1));
}

const filters = (c: Command) =>
  c
    .option("--processor <group>", "only those of this processor (its consumer group, e.g. filescan-extractor)")
    .option("--since <time>", "only those that failed at or after this time (ISO 8601)")
    .option("--key <sha256...>", "only those of these files (the record's key)");

export function registerDeadletter(program: Command): void {
  const dl = program.command("deadletter").description("what the stream processors could not handle: list it, send it back once fixed");

  filters(dl.command("list").description("list the dead letters: when, which processor, where the record was, why (never the record's content)"))
    .option("--json", "one JSON object per line")
    .action(async (opts: Filter & { json?: boolean }) => {
      const chosen = await read(opts, false);
      if (opts.json) for (const e of chosen) console.log(JSON.stringify(describe(e)));
      else {
        for (const e of chosen) console.log(line(e));
        const byProcessor = new Map<string, number>();
        for (const e of chosen) byProcessor.set(e.letter?.processor ?? "(undecodable)", (byProcessor.get(e.letter?.processor ?? "(undecodable)") ?? 0) + 1);
        console.error(chosen.length === 0 ? "no dead letters" : `${chosen.length} dead letter(s): ${[...byProcessor].map(([p, n]) => `${n} of ${p}`).join(", ")}`);
      }
    });

  filters(dl.command("replay").description("write the selected dead letters' records back to the topics they came from, byte for byte, so the processors read them again"))
    .option("--all", "every dead letter (else name a selection)")
    .option("--dry-run", "list what would be replayed, write nothing")
    .action(async (opts: Filter & { all?: boolean; dryRun?: boolean }) => {
      if (!opts.all && opts.processor === undefined && opts.since === undefined && opts.key === undefined) {
        fail("say which dead letters to replay: --processor, --since, --key, or --all");
      }
      const chosen = await read(opts, !opts.dryRun);
      if (opts.dryRun) {
        for (const e of chosen) console.log(line(e));
        console.error(`would replay ${chosen.length} record(s)`);
        return;
      }
      const { producer } = await connectEvents("filescan-cli-deadletter");
      try {
        const { replayed, refused } = await replayDeadLetters(producer, chosen);
        for (const r of refused) console.error(`not replayed: ${line(r.entry)}: ${r.reason}`);
        console.error(`replayed ${replayed} record(s)${refused.length ? `, ${refused.length} not` : ""}; every consumer group of their topics reads them again (the stored documents are idempotent)`);
        if (refused.length) process.exitCode = 1;
      } finally {
        await producer.disconnect();
      }
    });
}
