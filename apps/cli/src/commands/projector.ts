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
    .description("replay both topics from offset 0 into fresh indices, carry over the documents whose events the topics no longer hold, then swap the aliases atomically (safe while the projector runs)")
    .action(async () => {
      const es = new Client({ node: serverAddresses().esUrl });
      try {
        const kafka = createKafka("filescan-cli-rebuild");
        const registry = createRegistry();
        const producer = await createEventProducer(kafka, registry);
        try {
          const t0 = Date.now();
          const names = await rebuild({ es, kafka, registry, producer }, (msg) => console.error(msg));
          console.error(`rebuilt into ${names.files} and ${names.analyses} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
        } finally {
          await producer.disconnect();
        }
      } catch (err) {
        // (one line that says what failed, not a stack: the indices the aliases name are untouched unless it says otherwise)
        console.error(`filescan projector rebuild: ${(err as Error).message.split("\n")[0]}`);
        process.exitCode = 1;
      } finally {
        await es.close();
      }
    });
}
