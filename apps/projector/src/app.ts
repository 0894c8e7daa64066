/** The projector's wiring from the environment (main.ts runs it; tests start it in-process). */
import { Client } from "@elastic/elasticsearch";
import { GROUPS, serverAddresses } from "@filescan/config";
import { createEventProducer, createKafka, createRegistry, startsAtEnd } from "@filescan/kafka";
import { ensureIndices } from "./indices.ts";
import { startProjector, type RunningProjector } from "./projector.ts";

export async function startProjectorApp(env: NodeJS.ProcessEnv = process.env): Promise<RunningProjector> {
  const es = new Client({ node: serverAddresses(env).esUrl });
  const aliases = await ensureIndices(es, { files: `${env.FILESCAN_ES_INDEX_PREFIX ?? "filescan"}-files`, analyses: `${env.FILESCAN_ES_INDEX_PREFIX ?? "filescan"}-analyses` });
  const kafka = createKafka("filescan-projector", env);
  const registry = createRegistry(env);
  const producer = await createEventProducer(kafka, registry);
  // write through the aliases, so a rebuild can swap the indices underneath
  const projector = await startProjector({
    es, kafka, registry, producer, indices: aliases,
    groupId: env.FILESCAN_PROJECTOR_GROUP ?? GROUPS.projector,
    startAtEnd: startsAtEnd(env),
  });
  return {
    ...projector,
    async stop() {
      await projector.stop();
      await producer.disconnect();
      await es.close();
    },
  };
}
