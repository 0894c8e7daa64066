import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type WalkItem } from "./walk.ts";
import { all, tempDir } from "./spec-support.ts";

const WALK_TS = fileURLToPath(new URL("./walk.ts", import.meta.url));

/** What a walk of `roots` yields, walked by a child process in a mount namespace of its own where `bind` (dir → mount point) is bind-mounted. */
function walkWithBind(bind: [string, string], roots: string[]): WalkItem[] {
  const script = `import { walk } from ${JSON.stringify(WALK_TS)}; const out = []; for await (const i of walk(process.argv.slice(1))) out.push(i); process.stdout.write(JSON.stringify(out));`;
  // (a private mount namespace: the bind mount dies with the child, whatever becomes of this test; as root
  // without a user namespace, else as the root of one)
  const asRoot = process.getuid?.() === 0 ? [] : ["--map-root-user"];
  const inNamespace = (...cmd: string[]) => spawnSync("unshare", [...asRoot, "--mount", "--propagation", "private", "sh", "-c", 'mount --bind "$1" "$2" && shift 2 && exec "$@"', "sh", ...bind, ...cmd], { encoding: "utf8" });
  const can = inNamespace("true");
  // (a machine that gives neither root nor user namespaces cannot show it: the spec fails, it does not pass unseen)
  assert.ok(!can.error && can.status === 0, `no mount namespace to be had: ${can.error ?? can.stderr}`);
  const r = inNamespace(process.execPath, "--input-type=module", "-e", script, ...roots);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as WalkItem[];
}

describe("scan: a directory reached by two paths", () => {
  it("walks a bind-mounted directory once and says it skipped the second path (each file under it was read, submitted and reported twice)", function () {
    const root = tempDir("scan-spec-bind-");
    mkdirSync(path.join(root, "hr", "2024"), { recursive: true });
    mkdirSync(path.join(root, "mnt"));
    writeFileSync(path.join(root, "hr", "2024", "letter.txt"), "SSN 536-22-1234");
    writeFileSync(path.join(root, "top.txt"), "t");
    const items = walkWithBind([path.join(root, "hr"), path.join(root, "mnt")], [root]);
    const rel = (i: WalkItem) => `${i.kind}:${path.relative(root, i.path)}${i.kind === "skipped" ? `:${i.reason}:${i.detail}` : ""}`;
    // (sorted by name: "hr" is walked first, "mnt" is the second path to it)
    assert.deepEqual(items.map(rel), ["file:hr/2024/letter.txt", `skipped:mnt:already_walked:walked as ${path.join(root, "hr")}`, "file:top.txt"]);
  });

  it("reports a link back up the tree (a cycle) as a directory already walked, and a root inside another root once", async () => {
    const root = tempDir("scan-spec-cycle-");
    mkdirSync(path.join(root, "docs", "deep"), { recursive: true });
    writeFileSync(path.join(root, "docs", "deep", "c.csv"), "c");
    symlinkSync(root, path.join(root, "docs", "loop"));
    const items = await all([root, path.join(root, "docs")]);
    const rel = (i: WalkItem) => `${i.kind}:${path.relative(root, i.path)}${i.kind === "skipped" ? `:${i.reason}:${i.detail}` : ""}`;
    assert.deepEqual(items.map(rel), ["file:docs/deep/c.csv", `skipped:docs/loop:already_walked:walked as ${root}`, `skipped:docs:already_walked:walked as ${path.join(root, "docs")}`]);
  });
});
