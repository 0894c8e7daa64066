/**
 * `filescan inspect <file...>`: the whole analysis of files or text, locally, without the
 * pipeline. Exit code 0 nothing sensitive, 1 something sensitive, 2 an error, 3 nothing sensitive
 * found but a file could not be examined (its extraction `failed` or it is `unsupported`: a gate
 * that took that for 0 passed files it never read).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { maxFileBytes, stateDir } from "@filescan/config";
import { startLocalLlmServer, localLlmConfig, type LocalLlmServer } from "@filescan/llm-local";
import { formatReport, printable } from "../inspect/format.ts";
import { rawArgument } from "../argv.ts";
import { shownPath } from "../scan/walk.ts";
import { createInspector, type InspectReport } from "../inspect/inspect.ts";
import { cannotRead, readInput } from "../inspect/read.ts";
import { exitAfterOutput, onClosedOutput } from "../exit.ts";

export function registerInspect(program: Command): void {
  program
    .command("inspect")
    .description("analyse files (or text) in this process: extraction, detectors and the LLM verdict, without Kafka")
    .argument("<file...>", "files to inspect; - reads stdin")
    .option("--llm <mode>", "off | local | openai (default: $FILESCAN_LLM, else local)")
    .option("--json", "one JSON object per file (or line) on stdout", false)
    .option("--show-values", "print raw values of findings (local debugging only)", false)
    .option("--text", "treat the input as plain text, no extraction", false)
    .option("--lines", "with --text: one document per line; offsets are within the line", false)
    .option("--ner-model", "also read names and addresses with the optional NER model (bash infra/local/fetch-ner-model.sh puts it in $FILESCAN_HOME/models/rampart; FILESCAN_DETECTORS_NER_MODEL names another directory); prose takes 20–40 times longer", false)
    .action(async (files: string[], o: { llm?: string; json: boolean; showValues: boolean; text: boolean; lines: boolean; nerModel: boolean }) => {
      const mode = o.llm ?? process.env.FILESCAN_LLM ?? "local";
      if (!["off", "local", "openai"].includes(mode)) {
        console.error(`filescan inspect: --llm must be off, local or openai, not ${JSON.stringify(mode)}`);
        process.exit(2);
      }
      if (o.lines && !o.text) {
        console.error("filescan inspect: --lines needs --text");
        process.exit(2);
      }
      const env: NodeJS.ProcessEnv = { ...process.env, FILESCAN_LLM: mode };
      if (o.nerModel) env.FILESCAN_DETECTORS_NER_MODEL ||= path.join(stateDir(), "models", "rampart");
      let server: LocalLlmServer | undefined;
      if (mode === "local" && !process.env.FILESCAN_LLM_BASE_URL) {
        const { modelPath: model, threads } = localLlmConfig();
        if (!existsSync(model)) {
          console.error(`filescan inspect: no local model at ${model}: run \`bash infra/local/fetch-model.sh\`, or use --llm off`);
          process.exit(2);
        }
        server = await startLocalLlmServer({ modelPath: model, port: 0, threads });
        env.FILESCAN_LLM_BASE_URL = server.baseURL;
      }
      let inspector: ReturnType<typeof createInspector>;
      try {
        inspector = createInspector(env, { showValues: o.showValues });
      } catch (err) {
        // (a detector option that cannot be used: a NER model that is not there)
        console.error(`filescan inspect: ${(err as Error).message}`);
        await server?.close();
        process.exit(2);
      }
      // (`inspect … | head`: a crash on EPIPE exited 1, which says "something sensitive")
      onClosedOutput();
      let sensitive = false;
      let failed = false;
      let unexamined = false;
      const emit = (r: InspectReport) => {
        sensitive ||= r.llm.has_sensitive_data;
        unexamined ||= r.status === "failed" || r.status === "unsupported";
        process.stdout.write(o.json ? `${JSON.stringify(r)}\n` : `${formatReport(r, o.showValues)}\n\n`);
      };
      for (const given of files) {
        // (a name that is not UTF-8 read by its bytes, shown as Latin-1, as scan shows it: Node decoded it to U+FFFD)
        const raw = given === "-" ? undefined : rawArgument(given);
        const name = raw ? shownPath(raw) : given;
        let bytes: Buffer;
        try {
          bytes = readInput(raw ?? name, maxFileBytes(env));
        } catch (err) {
          console.error(printable(`filescan inspect: ${name}: ${cannotRead(name, err)}`));
          failed = true;
          continue;
        }
        try {
          if (!o.text) emit(await inspector.file(bytes, name));
          else if (!o.lines) emit(await inspector.text(bytes.toString("utf8"), name));
          else {
            const lines = bytes.toString("utf8").split(/\r?\n/);
            if (lines.at(-1) === "") lines.pop();
            for (let i = 0; i < lines.length; i++) emit(await inspector.text(lines[i]!, name, i + 1));
          }
        } catch (err) {
          console.error(printable(`filescan inspect: ${name}: ${(err as Error).message}`));
          failed = true;
        }
      }
      await inspector.close();
      await server?.close();
      await exitAfterOutput(failed ? 2 : sensitive ? 1 : unexamined ? 3 : 0);
    });
}
