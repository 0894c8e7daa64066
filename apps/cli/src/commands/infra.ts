/** `filescan infra up|down|status`: Kafka, the schema registry and Elasticsearch as local processes. */
import type { Command } from "commander";
import { infraDown, infraStatus, infraUp, type ServerState } from "@filescan/infra-local";
import { buildImages, IMAGE_NAMES, type ImageName } from "@filescan/infra-images";

function printStates(states: ServerState[]): void {
  const rows = states.map((s) => [s.name, s.state, s.pid ? String(s.pid) : "-", s.address, s.log ?? "-"]);
  const head = ["server", "state", "pid", "address", "log"];
  const widths = head.map((h, i) => rows.reduce((m, r) => Math.max(m, r[i]!.length), h.length));
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
    .command("images")
    .description("build the container images of infra/images/ (base image made with debootstrap when no registry answers)")
    .argument("[image...]", `which images (${IMAGE_NAMES.join(", ")}; default all)`)
    .option("--base <image>", "base image for every Dockerfile (build argument BASE_IMAGE)", "debian:bookworm-slim")
    .action(async (names: string[], opts: { base: string }) => {
      const unknown = names.filter((n) => !(IMAGE_NAMES as readonly string[]).includes(n));
      if (unknown.length) {
        console.error(`unknown image ${unknown.join(", ")} (known: ${IMAGE_NAMES.join(", ")})`);
        process.exit(2);
      }
      const t0 = Date.now();
      try {
        const { base, built } = await buildImages({ images: names.length ? (names as ImageName[]) : IMAGE_NAMES, base: opts.base });
        console.log(`base ${base}`);
        for (const b of built) console.log(`${b.tag.padEnd(34)} ${((b.bytes ?? 0) / 1e6).toFixed(0).padStart(5)} MB  ${b.seconds.toFixed(0).padStart(4)} s`);
        console.error(`images built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      } catch (err) {
        console.error((err as Error).message);
        process.exit(1);
      }
    });
  infra
    .command("status")
    .description("each server's state, pid, address and log")
    .action(async () => {
      printStates(await infraStatus());
    });
}
