/** The docker CLI, run as a child process: engine check (with how to start one), images, builds. */
import { spawn, spawnSync } from "node:child_process";
import readline from "node:readline";

export const DOCKER_HINT =
  "No Docker engine answers. On Debian: `apt-get install docker.io`, then as root start the engine, e.g. " +
  "`dockerd > /var/log/dockerd.log 2>&1 &` (or `systemctl start docker` where systemd runs), and run this again.";

/** The engine's version, or an Error that says how to get one running. */
export function dockerEngine(): { version: string } | Error {
  const r = spawnSync("docker", ["version", "--format", "{{.Server.Version}}"], { encoding: "utf8" });
  if (r.error) return new Error(`The docker command is missing. ${DOCKER_HINT}`);
  if (r.status !== 0) return new Error(`${r.stderr.trim().split("\n").pop() ?? "docker failed"}\n${DOCKER_HINT}`);
  return { version: r.stdout.trim() };
}

export function imageExists(name: string): boolean {
  return spawnSync("docker", ["image", "inspect", "--format", "{{.Id}}", name], { stdio: "ignore" }).status === 0;
}

/** Size in bytes of a local image (as `docker images` counts it: all layers). */
export function imageSize(name: string): number | undefined {
  const r = spawnSync("docker", ["image", "inspect", "--format", "{{.Size}}", name], { encoding: "utf8" });
  return r.status === 0 ? Number(r.stdout.trim()) : undefined;
}

/** Runs `docker ARGS`, passing each output line to onLine; rejects with the last lines on failure. */
export function docker(args: string[], onLine: (line: string) => void = () => undefined, input?: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("docker", args, { stdio: [input ? "pipe" : "ignore", "pipe", "pipe"] });
    if (input && child.stdin) input.pipe(child.stdin);
    const tail: string[] = [];
    const take = (line: string) => {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      onLine(line);
    };
    readline.createInterface({ input: child.stdout! }).on("line", take);
    readline.createInterface({ input: child.stderr! }).on("line", take);
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`docker ${args.slice(0, 2).join(" ")} failed (${code}):\n${tail.join("\n")}`))));
  });
}
