/** Runs Docker Compose v2 for the container tests: the docker CLI plugin, else a `docker-compose` v2 binary. */
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";

/** The command that runs Compose v2 here, e.g. ["docker", "compose"]. */
export function composeCommand(): string[] {
  if (process.env.FILESCAN_COMPOSE) return process.env.FILESCAN_COMPOSE.split(" ");
  const plugin = spawnSync("docker", ["compose", "version", "--short"], { encoding: "utf8" });
  if (plugin.status === 0) return ["docker", "compose"];
  const standalone = spawnSync("docker-compose", ["version", "--short"], { encoding: "utf8" });
  if (standalone.status === 0 && /^v?2\./.test(standalone.stdout.trim())) return ["docker-compose"];
  throw new Error("Docker Compose v2 is needed (the docker CLI plugin or a docker-compose v2 binary): see infra/compose/install-compose.sh");
}

/** Runs compose with the given arguments; resolves with stdout, rejects with the output's tail. */
export function compose(args: string[], env: NodeJS.ProcessEnv, opts: { echo?: boolean } = {}): Promise<string> {
  const [cmd, ...pre] = composeCommand();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd!, [...pre, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    child.stderr.on("data", (b: Buffer) => {
      err = (err + b.toString()).slice(-20_000);
      if (opts.echo) process.stderr.write(b);
    });
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`compose ${args.join(" ")} failed (${code}):\n${err.slice(-4000)}\n${out.slice(-2000)}`))));
  });
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
