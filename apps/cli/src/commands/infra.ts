import type { Command } from "commander";

export function registerInfra(program: Command): void {
  const infra = program.command("infra").description("run Kafka, the schema registry and Elasticsearch on this machine");
  infra.command("status").action(() => {
    console.log("not yet");
  });
}
