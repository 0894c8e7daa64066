/** Where the local servers live under .filescan/, and their pinned versions (versions.json). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot, stateDir } from "@filescan/config";

export interface Versions {
  kafka: { groupId: string; artifactId: string; version: string; log4j: string; slf4j: string };
  registry: { groupId: string; artifactId: string; version: string; type: string; classifier: string; minJava: number; imageJre: { pypi: string; version: string; dir: string } };
  elasticsearch: { groupId: string; artifactId: string; version: string; type: string; minJava: number };
}

export const versions: Versions = JSON.parse(readFileSync(path.join(repoRoot(), "infra", "local", "versions.json"), "utf8"));

export function layout(env: NodeJS.ProcessEnv = process.env) {
  const home = stateDir(env);
  return {
    home,
    servers: path.join(home, "servers"),
    downloads: path.join(home, "downloads"),
    data: path.join(home, "data"),
    logs: path.join(home, "logs"),
    run: path.join(home, "run"),
    conf: path.join(home, "conf"),
  };
}
