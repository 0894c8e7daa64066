/** The projector's wiring from the environment (main.ts runs it; tests start it in-process). */
import { Client } from "@elastic/elasticsearch";
import { esIndexShape, GROUPS, serverAddresses } from "@filescan/config";
import { Closers, connectEvents, ProcessorHealth, serveHealthFromEnv, startsAtEnd } from "@filescan/kafka";
import { aliasesFor, esReady } from "@filescan/search";
import { ensureIndices } from "./indices.ts";
import { startProjector, type RunningProjector } from "./projector.ts";

export interface RunningProjectorApp extends RunningProjector {
  /** The port of /healthz, /readyz and /metrics, when FILESCAN_PROJECTOR_HTTP_PORT asked for a server. */
  httpPort?: number;
}

export async function startProjectorApp(env: NodeJS.ProcessEnv = process.env): Promise<RunningProjectorApp> {
  const closers = new Closers();
  return closers.start(async () => {
    const es = closers.add(new Client({ node: serverAddresses(env).esUrl }), (c) => c.close());
    // The health server comes first: /healthz answers and /readyz says what is missing during start-up.
    const health = new ProcessorHealth("projector");
    // the projector writes every event to Elasticsearch: not ready while the cluster is not (red or unreachable)
    health.addCheck("elasticsearch", () => esReady(es));
    const http = closers.add(await serveHealthFromEnv(health, env), (h) => h?.close());
    const aliases = await ensureIndices(es, aliasesFor(env.FILESCAN_ES_INDEX_PREFIX ?? "filescan"), esIndexShape(env), (msg) =>
      console.error(JSON.stringify({ level: "info", msg, app: "projector" })),
    );
    const { kafka, registry, producer } = await connectEvents("filescan-projector", env);
    closers.add(producer, (p) => p.disconnect());
    // write through the aliases, so a rebuild can swap the indices underneath
    const projector = closers.add(await startProjector({
      es, kafka, registry, producer, indices: aliases, health,
      groupId: env.FILESCAN_PROJECTOR_GROUP ?? GROUPS.projector,
      startAtEnd: startsAtEnd(env),
      env,
    }), (p) => p.stop());
    return { ...projector, ...(http ? { httpPort: http.port } : {}), stop: () => closers.closeAll() };
  });
}
