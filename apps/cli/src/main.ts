/**
 * `filescan`: one command for operators and crawlers. Each sub-command lives in
 * `commands/<name>.ts` and registers itself here, in this one visible list.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Command } from "commander";
import { repoRoot } from "@filescan/config";
import { ANALYZER_VERSION } from "@filescan/contracts";
import { registerInfra } from "./commands/infra.ts";
import { registerProjector } from "./commands/projector.ts";
import { registerUp } from "./commands/up.ts";
import { registerToken } from "./commands/token.ts";
import { registerApikey } from "./commands/apikey.ts";
import { registerScan } from "./commands/scan.ts";
import { registerInspect } from "./commands/inspect.ts";
import { registerDeadletter } from "./commands/deadletter.ts";
import { registerStatus } from "./commands/status.ts";

const program = new Command("filescan")
  .description("find sensitive personal data in the files your crawlers find")
  // (the analyzer version is what FILESCAN_MIN_ANALYZER_VERSION compares with: README, "Re-analysis after an upgrade")
  .version(`filescan ${(JSON.parse(readFileSync(path.join(repoRoot(), "package.json"), "utf8")) as { version: string }).version}, analyzer version ${ANALYZER_VERSION}`, "-V, --version")
  .showHelpAfterError()
  .exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2));

registerUp(program);
registerStatus(program);
registerInfra(program);
registerProjector(program);
registerDeadletter(program);
registerToken(program);
registerApikey(program);
registerScan(program);
registerInspect(program);

await program.parseAsync(process.argv);
