/** Builds the images of infra/images/ with progress: base image first, then each image on it. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "@filescan/config";
import { layout, versions } from "@filescan/infra-local";
import { ensureBaseImage } from "./base.ts";
import { IMAGE_NAMES, prepareContext, type ImageName } from "./contexts.ts";
import { docker, dockerEngine, imageSize } from "./docker.ts";

/** Image names and tags: the server's pinned version, the apps' package version, and `latest`. */
export function imageTag(image: ImageName): string {
  const version = image === "apps"
    ? (JSON.parse(readFileSync(path.join(repoRoot(), "package.json"), "utf8")) as { version: string }).version
    : versions[image].version;
  return `filescan/${image}:${version}`;
}
export const latestTag = (image: ImageName) => `filescan/${image}:latest`;

export interface BuildOptions {
  images?: readonly ImageName[];
  /** Base image (default debian:bookworm-slim, made locally when no registry answers). */
  base?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface BuiltImage {
  image: ImageName;
  tag: string;
  seconds: number;
  bytes: number | undefined;
  cachedSteps: number;
  steps: number;
}

export async function buildImages(o: BuildOptions = {}): Promise<{ base: string; built: BuiltImage[] }> {
  const env = o.env ?? process.env;
  const log = o.log ?? ((line: string) => process.stderr.write(line + "\n"));
  const engine = dockerEngine();
  if (engine instanceof Error) throw engine;
  log(`docker engine ${engine.version}`);
  const base = await ensureBaseImage({ ...(o.base ? { image: o.base } : {}), workDir: path.join(layout(env).home, "images"), log, env });
  const built: BuiltImage[] = [];
  const list = o.images ?? IMAGE_NAMES;
  for (const [i, image] of list.entries()) {
    const t0 = Date.now();
    log(`[${i + 1}/${list.length}] ${image}: preparing the build context ...`);
    const ctx = await prepareContext(image, env, (line) => log(`  ${line}`));
    const tag = imageTag(image);
    log(`[${i + 1}/${list.length}] ${image}: docker build -> ${tag}`);
    let steps = 0;
    let cachedSteps = 0;
    await docker(
      ["build", "--build-arg", `BASE_IMAGE=${base}`, "-f", path.join(repoRoot(), "infra", "images", image, "Dockerfile"), "-t", tag, "-t", latestTag(image), ctx],
      (line) => {
        if (/^Step \d+\/\d+ : /.test(line)) {
          steps++;
          log(`  ${line.length > 140 ? line.slice(0, 137) + "..." : line}`);
        } else if (/Using cache/.test(line)) cachedSteps++;
        else if (/^(Get|Fetched|Setting up|Successfully built|Successfully tagged|Sending build context)/.test(line) || /error/i.test(line)) log(`    ${line}`);
      },
    );
    const b: BuiltImage = { image, tag, seconds: (Date.now() - t0) / 1000, bytes: imageSize(tag), cachedSteps, steps };
    built.push(b);
    log(`[${i + 1}/${list.length}] ${image}: ${tag} in ${b.seconds.toFixed(0)} s, ${b.bytes ? (b.bytes / 1e6).toFixed(0) + " MB" : "?"} (${cachedSteps} of ${steps} steps from cache)`);
  }
  return { base, built };
}
