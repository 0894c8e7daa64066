/** `node apps/api/src/main.ts`: the file-analysis API, configured by the environment (README.md). */
import { startApi } from "./server.ts";

const api = await startApi();
let stopping = false;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    api.close().then(() => process.exit(0), () => process.exit(1));
  });
}
