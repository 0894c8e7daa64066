/** `filescan infra up|down|status`: Kafka, the schema registry and Elasticsearch as local processes. */
import type { Command } from "commander";
import { infraDown, infraStatus, infraUp, type ServerState } from "@filescan/infra-local";

function printStates(states: ServerState[]): void {
  const rows = states.map((s) => [s.name, s.state, s.pid ? String(s.pid) : "-", s.address, s.log ?? "-"]);
  const head = ["server", "state", "pid", "address", "log"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const r of [head, ...rows]) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd());
}

export function registerInfra(program: Command): void {
  const infra = program.command("infra").description("run Kafka, the schema registry and Elasticsearch on this machine");
  infra
    .command("up")
    .description("fetch (first run), start and wait for the servers; create topics; register schemas")
    .action(async () => {
      const t0 = Date.now();
      const states = await infraUp();
      printStates(states);
      console.error(`infrastructure ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    });
  infra
    .command("down")
    .description("stop the servers that `infra up` started (and nothing else)")
    .action(async () => {
      await infraDown();
    });
  infra
    .command("status")
    .description("each server's state, pid, address and log")
    .action(async () => {
      printStates(await infraStatus());
    });
}
