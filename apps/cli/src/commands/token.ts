/**
 * `filescan token create|list|revoke`: personal access tokens for crawlers. `create` prints
 * the token and nothing else on stdout, so scripts can capture it; it is the only time the
 * plaintext exists (the store keeps a SHA-256 of it).
 */
import type { Command } from "commander";
import { checkExpiresInDays, CredentialStore, SCOPES, parseScopes, patStatus } from "@filescan/auth";
import { checkName } from "@filescan/config";
import { createEsClient } from "@filescan/search";

async function withStore<T>(fn: (store: CredentialStore) => Promise<T>): Promise<T> {
  const es = createEsClient();
  try {
    return await fn(new CredentialStore(es));
  } finally {
    await es.close();
  }
}

function fail(message: string): never {
  console.error(`filescan token: ${message}`);
  process.exit(1);
}

export function registerToken(program: Command): void {
  const token = program.command("token").description("issue, list and revoke personal access tokens");
  token
    .command("create")
    .description("issue a personal access token and print it (only the token) on stdout")
    .requiredOption("--name <name>", "who or what the token is for, e.g. the crawler's name")
    .option("--scopes <list>", `comma-separated scopes (${SCOPES.join(", ")})`, SCOPES.join(","))
    .option("--expires-in-days <n>", "days until the token expires (default: never)")
    .action(async (opts: { name: string; scopes: string; expiresInDays?: string }) => {
      let scopes;
      let days: number | null = null;
      try {
        scopes = parseScopes(opts.scopes);
        if (opts.expiresInDays !== undefined) days = checkExpiresInDays(Number(opts.expiresInDays));
        checkName(opts.name, "--name");
      } catch (err) {
        fail((err as Error).message);
      }
      const { token: pat, record } = await withStore((s) => s.create({ name: opts.name, scopes, expiresInDays: days }));
      process.stdout.write(pat + "\n");
      console.error(`created token ${record.id} (${record.name}; scopes ${record.scopes.join(",")}; expires ${record.expires_at ?? "never"})`);
    });
  token
    .command("list")
    .description("list tokens: id, name, scopes, status, created, expires (never the token)")
    .option("--json", "one JSON object per line")
    .action(async (opts: { json?: boolean }) => {
      const records = await withStore((s) => s.list());
      const rows = records.map((r) => ({ id: r.id, name: r.name, scopes: r.scopes.join(","), status: patStatus(r), created: r.created_at, expires: r.expires_at ?? "never", revoked: r.revoked_at ?? "-" }));
      if (opts.json) {
        for (const r of rows) console.log(JSON.stringify(r));
        return;
      }
      const head = ["id", "name", "scopes", "status", "created", "expires", "revoked"] as const;
      const widths = head.map((h) => rows.reduce((m, r) => Math.max(m, r[h].length), h.length));
      for (const r of [Object.fromEntries(head.map((h) => [h, h])) as Record<(typeof head)[number], string>, ...rows]) {
        console.log(head.map((h, i) => r[h].padEnd(widths[i]!)).join("  ").trimEnd());
      }
    });
  token
    .command("revoke")
    .description("revoke a token by id; its access tokens stop working within seconds")
    .argument("<id>", "the token's id (from `filescan token list`)")
    .action(async (id: string) => {
      const ok = await withStore((s) => s.revoke(id));
      if (!ok) fail(`no token with id ${id}`);
      console.error(`revoked ${id}`);
    });
}
