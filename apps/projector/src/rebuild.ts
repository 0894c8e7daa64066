/**
 * `filescan projector rebuild`: the event log is the source of truth. Replays both topics from
 * offset 0 into fresh indices with a one-off consumer group; once caught up, carries over the
 * documents of the old indices whose events the topics no longer hold (retention: carry-over.ts),
 * moves the aliases to the new indices in one atomic step, catches up once more (events the live
 * projector applied to the old indices meanwhile), and deletes the old indices. Safe while the
 * live projector runs. A document the new mapping refuses stops the rebuild before the swap, the
 * old indices untouched.
 */
import { randomUUID } from "node:crypto";
import type { Client } from "@elastic/elasticsearch";
import type { Kafka } from "kafkajs";
import type { SchemaRegistry } from "@kafkajs/confluent-schema-registry";
import { kafkaGroup } from "@filescan/config";
import type { EventProducer } from "@filescan/kafka";
import { aliasesFor, aliasTarget, createGeneration, swapAliases, type IndexNames } from "./indices.ts";
import { carryOver } from "./carry-over.ts";
import { startProjector, waitCaughtUp } from "./projector.ts";

export async function rebuild(
  deps: { es: Client; kafka: Kafka; registry: SchemaRegistry; producer: EventProducer; aliases?: IndexNames },
  onProgress: (msg: string) => void = () => undefined,
): Promise<IndexNames> {
  const aliases = deps.aliases ?? aliasesFor();
  const generation = new Date().toISOString().replace(/[-:.TZ]/g, "").slice(0, 14) + "-" + randomUUID().slice(0, 6);
  const indices = await createGeneration(deps.es, aliases, generation);
  const groupId = `filescan-projector-rebuild-${generation}`;
  onProgress(`replaying both topics from offset 0 into ${indices.files} and ${indices.analyses}`);
  const p = await startProjector({ es: deps.es, kafka: deps.kafka, registry: deps.registry, producer: deps.producer, indices, aliases: false, groupId, log: () => undefined });
  let swapped = false;
  try {
    await waitCaughtUp(deps.kafka, groupId, (lag) => onProgress(`  ${p.applied()} events applied, ${lag} to go`));
    const from = { files: (await aliasTarget(deps.es, aliases.files)) ?? null, analyses: (await aliasTarget(deps.es, aliases.analyses)) ?? null };
    const carried = await carryOver(deps.es, from, indices);
    if (carried.rejected.length) {
      throw new Error(`the new indices refuse ${carried.rejected.length} documents of the old ones (first: ${carried.rejected[0]!.id}: ${carried.rejected[0]!.message}); the aliases stay on ${from.files}, ${from.analyses}`);
    }
    onProgress(`carried over ${carried.sightings} sightings and ${carried.analyses} analyses whose events the topics no longer hold`);
    const old = await swapAliases(deps.es, aliases, indices);
    swapped = true;
    await waitCaughtUp(deps.kafka, groupId);
    onProgress(`aliases now point at the rebuilt indices; deleting ${old.join(", ") || "nothing"}`);
    if (old.length) await deps.es.indices.delete({ index: old, ignore_unavailable: true });
  } catch (err) {
    // (before the swap nothing points at the new indices: they go, the old ones serve on)
    if (!swapped) await deps.es.indices.delete({ index: [indices.files, indices.analyses], ignore_unavailable: true }).catch(() => undefined);
    throw err;
  } finally {
    await p.stop();
    const admin = deps.kafka.admin();
    await admin.connect();
    await admin.deleteGroups([kafkaGroup(groupId)]).catch(() => undefined);
    await admin.disconnect();
  }
  return indices;
}
