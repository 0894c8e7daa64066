/**
 * `filescan scan <path...>`: a crawler that submits whole directory trees (see scan/ and the
 * README). Exit code: 0 all files handled, 1 some file failed (or was still not analysed when
 * --wait gave up), 2 the scan could not run (bad options, credentials, server unreachable).
 */
import path from "node:path";
import type { Command } from "commander";
import { stateDir } from "@filescan/config";
import { ApiError } from "../scan/client.ts";
import { runScan, SCAN_VERSION, type Sensitive } from "../scan/run.ts";
import { exitAfterOutput, onClosedOutput } from "../exit.ts";
import { printable } from "../inspect/format.ts";
import { rawArgument } from "../argv.ts";
import { escapedPath } from "../scan/walk.ts";

const collect = (v: string, prev: string[]) => [...prev, v];

/** The table of files with sensitive data that ends a scan. */
export function sensitiveTable(rows: Sensitive[]): string {
  const head = ["path", "confidence", "page", "file_in_zip"];
  // (a path or an archive member's name is anyone's: its control characters are shown escaped, not sent to the terminal)
  const cells = rows.map((r) => [r.path, r.confidence, r.page_number === null ? "" : String(r.page_number), r.file_in_zip ?? ""].map((cell) => printable(cell)));
  // (reduce, not Math.max(...cells): a share's 200,000 sensitive files are no call's arguments)
  const widths = head.map((h, i) => cells.reduce((m, c) => Math.max(m, c[i]!.length), h.length));
  const fmt = (c: string[]) => c.map((x, i) => x.padEnd(widths[i]!)).join("  ").trimEnd();
  return [fmt(head), fmt(widths.map((w) => "-".repeat(w))), ...cells.map(fmt)].join("\n");
}

export function registerScan(program: Command): void {
  program
    .command("scan")
    .description("submit the files under the given paths for analysis (files already analysed are never uploaded again)")
    .argument("<path...>", "files and directories to scan")
    .option("--url <base>", "API base URL", process.env.FILESCAN_API_URL ?? "http://127.0.0.1:8080/api/v1/filescan")
    .option("--token <pat>", "personal access token (default: $FILESCAN_TOKEN)")
    .option("--include <glob>", "only files matching (repeatable; relative to the scanned root, `**` allowed)", collect, [])
    .option("--exclude <glob>", "skip files matching, and directories matching, whose content is not walked (repeatable; a pattern without / matches the base name: node_modules)", collect, [])
    .option("--follow-symlinks", "also follow symbolic links that lead out of the given paths", false)
    .option("--max-size <bytes>", "largest file to submit (default, and at most: the server's FILESCAN_MAX_FILE_BYTES, 32 MiB unless set, as GET /analyzer says)")
    .option("--concurrency <n>", "files hashed and submitted at once", "8")
    .option("--app <name>", "the submission's app field", `filescan-scan/${SCAN_VERSION}`)
    .option("--tag <key=value>", "extra field added to every submission under `tags` (repeatable)", collect, [])
    .option("--uri", "send full_path as a file:// URI instead of an absolute path", false)
    .option("--json", "one JSON line per file on stdout (progress and summary go to stderr)", false)
    .option("--wait", "wait until every submitted file is analysed, then list the files with sensitive data", false)
    .option("--known", "with --wait, list the sensitive files among those already known too (their verdicts are asked for, one request per content)", false)
    .option("--wait-timeout <seconds>", "give up waiting after this long", "600")
    .option("--api-wait <seconds>", "how long one request waits for an API that is down or busy (503, 429) before the scan stops (exit code 2)", "600")
    .option("--no-cache", "do not read or write the local cache of known hashes")
    .action(async (paths: string[], o: Record<string, unknown>) => {
      const pat = (o.token as string | undefined) ?? process.env.FILESCAN_TOKEN;
      if (!pat) {
        console.error("filescan scan: a personal access token is needed: --token or FILESCAN_TOKEN (create one with `filescan token create --name NAME`)");
        process.exit(2);
      }
      const tags: Record<string, string> = {};
      for (const t of o.tag as string[]) {
        const m = /^([^=]+)=(.*)$/.exec(t);
        if (!m) {
          console.error(`filescan scan: --tag wants key=value, got ${JSON.stringify(t)}`);
          process.exit(2);
        }
        tags[m[1]!] = m[2]!;
      }
      const num = (v: unknown, name: string) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1) {
          console.error(`filescan scan: ${name} must be a positive integer`);
          process.exit(2);
        }
        return n;
      };
      // (what the API takes as a submission's app: 400 for every file otherwise)
      const app = o.app as string;
      if (app === "" || app.length > 255 || Array.from(app).some((c) => c < " " || c === "\u007f")) {
        console.error("filescan scan: --app must be 1 to 255 characters without control characters");
        process.exit(2);
      }
      if (o.known && !o.wait) {
        console.error("filescan scan: --known is an option of --wait");
        process.exit(2);
      }
      try {
        const s = await runScan({
          // (a name that is not UTF-8 as its bytes: Node decoded it to U+FFFD)
          roots: paths.map((p) => {
            const raw = rawArgument(p);
            return raw ? escapedPath(raw) : p;
          }),
          baseUrl: o.url as string,
          pat,
          include: o.include as string[],
          exclude: o.exclude as string[],
          followOutside: Boolean(o.followSymlinks),
          ...(o.maxSize ? { maxBytes: num(o.maxSize, "--max-size") } : {}),
          concurrency: num(o.concurrency, "--concurrency"),
          app: o.app as string,
          tags,
          uri: Boolean(o.uri),
          cacheDir: o.cache === false ? null : path.join(stateDir(), "scan-cache"),
          json: Boolean(o.json),
          tty: Boolean(process.stderr.isTTY) && !o.json,
          wait: Boolean(o.wait),
          known: Boolean(o.known),
          waitTimeoutMs: num(o.waitTimeout, "--wait-timeout") * 1000,
          apiWaitMs: num(o.apiWait, "--api-wait") * 1000,
        });
        // (the reader of the output gone while the summary is written: the scan is done, and says nothing more)
        onClosedOutput();
        (o.json ? process.stderr : process.stdout).write(`${s.line}\n`);
        if (o.wait && s.halted?.during !== "scan") {
          const out = o.json ? process.stderr : process.stdout;
          if (s.sensitive.length) out.write(`\n${s.sensitive.length} of the ${s.reported} file(s) analysed hold sensitive data:\n${sensitiveTable(s.sensitive)}\n`);
          else out.write(`no sensitive data found in the ${s.reported} file(s) analysed\n`);
          if (!o.known && s.counts.known > 0) out.write(`the ${s.counts.known} file(s) already known were not looked at again (--known lists theirs too)\n`);
          if (s.unread) out.write(`${s.unread} file(s) analysed whose verdict could not be read: not in the list above\n`);
          if (s.pending.length && !s.halted) out.write(`${s.pending.length} file(s) not analysed within the wait timeout\n`);
        }
        if (s.halted) {
          process.stderr.write(`filescan scan: ${s.halted.message}\n`);
          await exitAfterOutput(2);
        }
        await exitAfterOutput(s.counts.failed > 0 || s.pending.length > 0 || s.unread > 0 ? 1 : 0);
      } catch (err) {
        const msg = err instanceof ApiError ? `the API answered ${err.message}` : String((err as Error).message ?? err);
        console.error(`filescan scan: ${msg}`);
        process.exit(2);
      }
    });
}
