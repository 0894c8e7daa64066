/**
 * The base image every Dockerfile here starts FROM (build argument BASE_IMAGE). The default is
 * the official debian:bookworm-slim: used when present, pulled when a registry answers. Where
 * none does, a minimal Debian bookworm is made locally (`debootstrap --variant=minbase` +
 * `docker import`) and tagged LOCAL_BASE; a second run reuses it.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { docker, imageExists } from "./docker.ts";

export const OFFICIAL_BASE = "debian:bookworm-slim";
export const LOCAL_BASE = "filescan/base:bookworm-minbase";
const SUITE = "bookworm";

/** The Debian mirror this machine's apt uses (FILESCAN_DEBIAN_MIRROR overrides). */
export function debianMirror(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FILESCAN_DEBIAN_MIRROR) return env.FILESCAN_DEBIAN_MIRROR;
  const uri = mirrorFromSources(aptSourceFiles().map((f) => readFileSync(f, "utf8")));
  if (uri) return uri;
  throw new Error("cannot tell which Debian mirror to use: set FILESCAN_DEBIAN_MIRROR (or build with a base image from a registry: --base)");
}

/** The first non-security bookworm archive in apt source files, deb822 ("URIs:") or one-line ("deb URI suite"). */
export function mirrorFromSources(texts: string[]): string | undefined {
  for (const text of texts) {
    const deb822 = text.split(/\n\s*\n/).find((stanza) => /^Suites:.*\bbookworm\b/m.test(stanza) && /^URIs:/m.test(stanza) && !/security/i.test(stanza));
    const uri = deb822 ? /^URIs:\s*(\S+)/m.exec(deb822)?.[1] : /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+bookworm\s/m.exec(text)?.[1];
    if (uri) return uri;
  }
  return undefined;
}

function aptSourceFiles(): string[] {
  const files = ["/etc/apt/sources.list"];
  const dir = "/etc/apt/sources.list.d";
  if (existsSync(dir)) for (const f of readdirSync(dir)) if (/\.(list|sources)$/.test(f)) files.push(path.join(dir, f));
  return files.filter((f) => existsSync(f));
}

function tryPull(image: string, log: (line: string) => void): Promise<boolean> {
  return docker(["pull", image], (line) => log(`  ${line}`)).then(() => true, () => false);
}

export interface BaseOptions {
  /** Base image asked for (default: debian:bookworm-slim). */
  image?: string;
  /** Where the root file system is assembled (removed afterwards). */
  workDir: string;
  log: (line: string) => void;
  env?: NodeJS.ProcessEnv;
}

/** Returns the image name to pass as BASE_IMAGE, making it when needed. */
export async function ensureBaseImage(o: BaseOptions): Promise<string> {
  const wanted = o.image ?? OFFICIAL_BASE;
  if (imageExists(wanted)) {
    o.log(`base: ${wanted} (present)`);
    return wanted;
  }
  o.log(`base: ${wanted} not present, trying to pull it ...`);
  if (await tryPull(wanted, o.log)) return wanted;
  if (wanted !== OFFICIAL_BASE) throw new Error(`base image ${wanted} is neither present nor pullable`);
  if (imageExists(LOCAL_BASE)) {
    o.log(`base: no registry answers; reusing ${LOCAL_BASE} made earlier by debootstrap`);
    return LOCAL_BASE;
  }
  await makeLocalBase(o);
  return LOCAL_BASE;
}

async function makeLocalBase(o: BaseOptions): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error(`no registry answers and ${LOCAL_BASE} must be made with debootstrap, which needs root; run this as root once`);
  if (spawnSync("debootstrap", ["--version"], { stdio: "ignore" }).error) throw new Error("no registry answers; to make the base image locally install debootstrap (apt-get install debootstrap)");
  const mirror = debianMirror(o.env);
  const rootfs = path.join(o.workDir, `rootfs-${SUITE}`);
  rmSync(rootfs, { recursive: true, force: true });
  mkdirSync(rootfs, { recursive: true });
  const t0 = Date.now();
  o.log(`base: no registry answers; making ${LOCAL_BASE} with debootstrap --variant=minbase ${SUITE} (about half a minute) ...`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn("debootstrap", ["--variant=minbase", SUITE, rootfs, mirror], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const onData = (b: Buffer) => {
      out = (out + b.toString()).slice(-4000);
      for (const line of b.toString().split("\n")) if (/^I: (Retrieving (Release|Packages)|Resolving|Found|Installing core|Unpacking the base|Configuring the base|Base system)/.test(line)) o.log(`  ${line}`);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`debootstrap failed (${code}):\n${out}`))));
  });
  // the sources this machine's apt uses (so containers get the same updates), without apt's lists, docs and locales
  const sources = aptSourceFiles().filter((f) => /\bbookworm\b/.test(readFileSync(f, "utf8")));
  if (sources.length) {
    rmSync(path.join(rootfs, "etc/apt/sources.list"), { force: true });
    for (const f of sources) writeFileSync(path.join(rootfs, "etc/apt", path.relative("/etc/apt", f)), readFileSync(f));
  }
  for (const dir of ["var/lib/apt/lists", "var/cache/apt/archives", "usr/share/doc", "usr/share/man", "usr/share/locale", "usr/share/info"]) {
    const p = path.join(rootfs, dir);
    if (existsSync(p)) for (const f of readdirSync(p)) if (f !== "partial" && f !== "lock") rmSync(path.join(p, f), { recursive: true, force: true });
  }
  o.log(`base: importing the root file system as ${LOCAL_BASE} ...`);
  const tar = spawn("tar", ["-C", rootfs, "--numeric-owner", "-c", "."], { stdio: ["ignore", "pipe", "inherit"] });
  await docker(["import", "--change", 'CMD ["bash"]', "-", LOCAL_BASE], o.log, tar.stdout);
  rmSync(rootfs, { recursive: true, force: true });
  o.log(`base: ${LOCAL_BASE} made in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
