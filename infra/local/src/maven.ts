/** Fetches server artifacts from Maven Central with the machine's `mvn`, showing its download progress. */
import { spawn, spawnSync } from "node:child_process";

export function hasMaven(): boolean {
  return !spawnSync("mvn", ["-v"], { stdio: "ignore" }).error;
}

export const MAVEN_HINT =
  "Maven 3.8+ is needed to fetch the servers (apt-get install maven), or point filescan at existing servers with FILESCAN_KAFKA_BROKERS, FILESCAN_REGISTRY_URL and FILESCAN_ES_URL.";

/** Runs mvn in batch mode; its per-artifact "Downloading"/"Downloaded" lines go to stderr as progress. */
export function mvn(args: string[], label: string): Promise<void> {
  if (!hasMaven()) return Promise.reject(new Error(MAVEN_HINT));
  process.stderr.write(`fetching ${label} from Maven Central ...\n`);
  return new Promise((resolve, reject) => {
    const child = spawn("mvn", ["-B", "-Dstyle.color=never", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const onData = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      out = (out + text).slice(-20_000);
      for (const line of text.split("\n")) if (/^Download(ed|ing) from/.test(line)) process.stderr.write(`  ${line.replace(/https?:\/\/\S+\/(\S+)/, "$1")}\n`);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`mvn failed (${code}) fetching ${label}:\n${out.slice(-4000)}`))));
  });
}
