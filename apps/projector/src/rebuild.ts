/**
 * `filescan projector rebuild`: the event log is the source of truth. Replays both topics from
 * offset 0 into fresh indices with a one-off consumer group, moves the aliases to them in one
 * atomic step once caught up, catches up once more (events the live projector applied to the old
 * indices meanwhile), and deletes the old indices. Safe while the live projector runs.
 */
import { randomUUID } from "node:crypto";
import type { Client } from "@elastic/elasticsearch";
import type { Kafka } from "kafkajs";
import type { SchemaRegistry } from "@kafkajs/confluent-schema-registry";
import { kafkaGroup } from "@filescan/config";
import type { EventProducer } from "@filescan/kafka";
import { aliasesFor, createGeneration, swapAliases, type IndexNames } from "./indices.ts";
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
  const p = await startProjector({ es: deps.es, kafka: deps.kafka, registry: deps.registry, producer: deps.producer, indices, groupId, log: () => undefined });
  try {
    await waitCaughtUp(deps.kafka, groupId, (lag) => onProgress(`  ${p.applied()} events applied, ${lag} to go`));
    const old = await swapAliases(deps.es, aliases, indices);
    await waitCaughtUp(deps.kafka, groupId);
    onProgress(`aliases now point at the rebuilt indices; deleting ${old.join(", ") || "nothing"}`);
    if (old.length) await deps.es.indices.delete({ index: old, ignore_unavailable: true });
  } finally {
    await p.stop();
    const admin = deps.kafka.admin();
    await admin.connect();
    await admin.deleteGroups([kafkaGroup(groupId)]).catch(() => undefined);
    await admin.disconnect();
  }
  return indices;
}
