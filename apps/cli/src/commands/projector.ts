/** `filescan projector rebuild`: rebuild the Elasticsearch documents from the event log. */
import type { Command } from "commander";
import { Client } from "@elastic/elasticsearch";
import { serverAddresses } from "@filescan/config";
import { createEventProducer, createKafka, createRegistry } from "@filescan/kafka";
import { rebuild } from "@filescan/projector";

export function registerProjector(program: Command): void {
  const projector = program.command("projector").description("the Elasticsearch projection of the event log");
  projector
    .command("rebuild")
    .description("replay both topics from offset 0 into fresh indices, then swap the aliases atomically (safe while the projector runs)")
    .action(async () => {
      const es = new Client({ node: serverAddresses().esUrl });
      const kafka = createKafka("filescan-cli-rebuild");
      const registry = createRegistry();
      const producer = await createEventProducer(kafka, registry);
      try {
        const t0 = Date.now();
        const names = await rebuild({ es, kafka, registry, producer }, (msg) => console.error(msg));
        console.error(`rebuilt into ${names.files} and ${names.analyses} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      } finally {
        await producer.disconnect();
        await es.close();
      }
    });
}
