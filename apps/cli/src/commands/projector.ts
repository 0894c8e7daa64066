/**
 * `filescan projector rebuild`: rebuild the Elasticsearch documents from the event log.
 * `filescan projector purge`: forget the sightings of a share or crawler that is gone.
 */
import type { Command } from "commander";
import { Client } from "@elastic/elasticsearch";
import { serverAddresses } from "@filescan/config";
import { createEventProducer, createKafka, createRegistry } from "@filescan/kafka";
import { aliasesFor, purge, purgeCount, purgeQuery, rebuild, type PurgeFilter } from "@filescan/projector";

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
  projector
    .command("purge")
    .description("delete the sightings of a share or crawler that is gone, and the analyses of contents no sighting is left of (without --yes: only count them)")
    .option("--app <name>", "sightings submitted with this app")
    .option("--path-prefix <prefix>", "sightings whose full_path starts with this (a path or a file:// URI, as sent)")
    .option("--received-before <time>", "sightings received before this time (RFC 3339)")
    .option("--yes", "delete them (else count them and delete nothing)")
    .action(async (o: { app?: string; pathPrefix?: string; receivedBefore?: string; yes?: boolean }) => {
      const filter: PurgeFilter = { app: o.app, pathPrefix: o.pathPrefix, receivedBefore: o.receivedBefore };
      try {
        purgeQuery(filter);
      } catch (err) {
        console.error(`filescan projector purge: ${(err as Error).message}`);
        process.exitCode = 2;
        return;
      }
      const es = new Client({ node: serverAddresses().esUrl });
      const idx = aliasesFor();
      try {
        const n = await purgeCount(es, idx, filter);
        if (!o.yes) {
          console.log(`${n} sightings match; nothing deleted (add --yes to delete them)`);
          return;
        }
        let said = 0;
        const r = await purge(es, idx, filter, (p) => {
          if (Date.now() - said < 2000) return;
          said = Date.now();
          console.error(`purge: ${p.sightings}/${n} sightings, ${p.analyses} analyses deleted`);
        });
        console.log(`deleted ${r.sightings} sightings and ${r.analyses} analyses of contents no sighting is left of`);
        console.error("(the topics keep these files' events until their retention ends: a rebuild before then indexes them again)");
      } catch (err) {
        console.error(`filescan projector purge: ${(err as Error).message.split("\n")[0]}`);
        process.exitCode = 1;
      } finally {
        await es.close();
      }
    });
}
