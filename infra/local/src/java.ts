/** Finds a JDK of at least a given major version: JAVA_HOME, PATH, then the system JVM folders. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, realpathSync } from "node:fs";
import path from "node:path";

export interface Jdk {
  home: string;
  java: string;
  major: number;
}

function majorVersion(java: string): number | undefined {
  const r = spawnSync(java, ["-XshowSettings:properties", "-version"], { encoding: "utf8" });
  if (r.error || r.status !== 0) return undefined;
  const m = /java\.specification\.version = (\d+)/.exec(r.stderr);
  return m ? Number(m[1]) : undefined;
}

function candidateHomes(env: NodeJS.ProcessEnv): string[] {
  const homes: string[] = [];
  if (env.JAVA_HOME) homes.push(env.JAVA_HOME);
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    const java = path.join(dir, "java");
    if (dir && existsSync(java)) homes.push(path.dirname(path.dirname(realpathSync(java))));
  }
  for (const root of ["/usr/lib/jvm", "/opt/java"]) {
    if (existsSync(root)) for (const d of readdirSync(root)) homes.push(path.join(root, d));
  }
  return [...new Set(homes)];
}

/** The lowest JDK version >= min that is installed (closest to what was tested). */
export function findJdk(min: number, env: NodeJS.ProcessEnv = process.env): Jdk | undefined {
  const found: Jdk[] = [];
  for (const home of candidateHomes(env)) {
    const java = path.join(home, "bin", "java");
    if (!existsSync(java)) continue;
    const major = majorVersion(java);
    if (major !== undefined && major >= min) found.push({ home, java, major });
  }
  return found.sort((a, b) => a.major - b.major)[0];
}

export function jdkHint(min: number, what: string): string {
  return (
    `${what} needs a JDK ${min}+, and none was found (looked at JAVA_HOME, PATH and /usr/lib/jvm). ` +
    `Install one (e.g. \`apt-get install openjdk-17-jre-headless\` for 17; a Temurin or OpenJDK ${min > 17 ? min : 21}+ build for the registry) ` +
    `and set JAVA_HOME, or point filescan at servers you already run with FILESCAN_KAFKA_BROKERS, FILESCAN_REGISTRY_URL and FILESCAN_ES_URL.`
  );
}
