/** `node apps/projector/src/main.ts`: runs the projector against the configured servers until SIGINT/SIGTERM. */
import { Client } from "@elastic/elasticsearch";
import { serverAddresses } from "@filescan/config";
import { createEventProducer, createKafka, createRegistry } from "@filescan/kafka";
import { ensureIndices } from "./indices.ts";
import { startProjector } from "./projector.ts";

const es = new Client({ node: serverAddresses().esUrl });
const aliases = await ensureIndices(es);
const kafka = createKafka("filescan-projector");
const registry = createRegistry();
const producer = await createEventProducer(kafka, registry);
// write through the aliases, so a rebuild can swap the indices underneath
const projector = await startProjector({ es, kafka, registry, producer, indices: aliases });
console.error(JSON.stringify({ level: "info", msg: "projector running", app: "projector", es: serverAddresses().esUrl }));

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await projector.stop();
  await producer.disconnect();
  await es.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
