import type { Command } from "commander";
import { createKey, parseRate, readKeyFile, revokeKey } from "@filescan/geoip/keys";
import { keysFile as keysFileFromEnv } from "@filescan/geoip/settings";

/** `filescan apikey create|list|revoke`: keys of the IP lookup service (stored hashed, see apps/geoip/README.md). */
export function registerApikey(program: Command): void {
  const apikey = program.command("apikey").description("manage API keys of the IP lookup service (GET /{ip_address})");

  apikey
    .command("create")
    .description("create a key and print it once (only its SHA-256 is stored)")
    .requiredOption("--name <name>", "who or what uses the key")
    .option("--rate <n/s>", 'requests per second allowed (burst = rate), or "unlimited"', "100/s")
    .option("--json", "print the key and its record as JSON")
    .action(async (opts: { name: string; rate: string; json?: boolean }) => {
      const keysFile = keysFileFromEnv();
      let created;
      try {
        created = await createKey(keysFile, opts.name, parseRate(opts.rate));
      } catch (err) {
        // (a wrong name or rate: one line, not a stack trace)
        console.error(`filescan apikey: ${(err as Error).message}`);
        process.exit(1);
      }
      const { key, record } = created;
      if (opts.json) console.log(JSON.stringify({ key, id: record.id, name: record.name, rate_per_second: record.rate_per_second }));
      else {
        console.log(key);
        console.error(`key ${record.id} "${record.name}" created (${record.rate_per_second === null ? "unlimited" : `${record.rate_per_second}/s`}); it is shown only this once`);
      }
    });

  apikey
    .command("list")
    .description("list keys (never the keys themselves)")
    .option("--json", "print JSON")
    .action(async (opts: { json?: boolean }) => {
      const keysFile = keysFileFromEnv();
      const { keys } = await readKeyFile(keysFile);
      const rows = keys.map((k) => ({
        id: k.id,
        name: k.name,
        rate: k.rate_per_second === null ? "unlimited" : `${k.rate_per_second}/s`,
        created_at: k.created_at,
        status: k.revoked_at ? `revoked ${k.revoked_at}` : "active",
      }));
      if (opts.json) console.log(JSON.stringify(rows));
      else if (rows.length === 0) console.log("no keys");
      else for (const r of rows) console.log(`${r.id}  ${r.name}  ${r.rate}  ${r.created_at}  ${r.status}`);
    });

  apikey
    .command("revoke")
    .description("revoke a key by id; the running service stops accepting it within a moment")
    .argument("<id>", "key id from `filescan apikey list`")
    .action(async (id: string) => {
      const keysFile = keysFileFromEnv();
      let rec;
      try {
        rec = await revokeKey(keysFile, id);
      } catch (err) {
        // (the key file's lock held past the wait, a file that cannot be written: one line, not a stack trace)
        console.error(`filescan apikey: ${(err as Error).message}`);
        process.exit(1);
      }
      if (!rec) {
        console.error(`no key with id ${id}`);
        process.exitCode = 1;
        return;
      }
      console.log(`revoked ${rec.id} "${rec.name}"`);
    });
}
