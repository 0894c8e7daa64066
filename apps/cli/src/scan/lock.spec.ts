import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ScanCache } from "./cache.ts";
import type * as Cache from "./cache.ts";

// (the lock's helpers imported in the tests that use them: the tests of what a scan does with a
// lock run against any version of the cache)
const helpers = (): Promise<typeof Cache> => import("./cache.ts");
/** A lock file's line, written out here, not by the code under test. */
const lockText = (o: { pid: number; start: string; boot: string }) => `${o.pid} ${o.start} ${o.boot}\n`;
const pidIn = (lock: string) => Number.parseInt(readFileSync(lock, "utf8"), 10);

const made: string[] = [];
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
function cacheDir(): { dir: string; lock: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "scan-lock-"));
  made.push(dir);
  const id = createHash("sha256").update("http://api/v1").digest("hex").slice(0, 16);
  return { dir, lock: path.join(dir, `${id}.lock`) };
}

/** Writes through a cache that ends up holding the lock, or not: whether what it learnt was kept. */
function writes(dir: string): { heldBy: number | null; kept: boolean } {
  const c = new ScanCache(dir, "http://api/v1");
  c.rememberHash("/share/a", 1, 1, "h1");
  c.save();
  c.close();
  const reader = new ScanCache(dir, "http://api/v1");
  reader.close();
  return { heldBy: c.heldBy, kept: reader.knownHash("/share/a", 1, 1) === "h1" };
}

/** The boot's id as /proc gives it (the tests read /proc themselves, not through the code under test). */
const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
const startOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
};

describe("scan: the cache lock names its scan, not a pid alone", () => {
  it("writes the lock as pid, start time and boot id, and gives it back", async () => {
    const { bootId, parseLock, processStart } = await helpers();
    const { dir, lock } = cacheDir();
    const c = new ScanCache(dir, "http://api/v1");
    assert.deepEqual(parseLock(readFileSync(lock, "utf8")), { pid: process.pid, start: startOf(process.pid), boot });
    assert.equal(pidIn(lock), process.pid, "an older scan reads the pid first, as before");
    c.close();
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith(".lock")), []);
    assert.equal(processStart(process.pid), startOf(process.pid));
    assert.equal(bootId(), boot);
  });

  it("takes over a lock whose pid is now another process's (pid reused after a reboot or in a container), which blocked cache writes for good", async () => {
    // a live process that is not the scan that wrote the lock: the pid is the same, the start time is not
    const other = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      const pid = other.pid!;
      const { dir, lock } = cacheDir();
      writeFileSync(lock, lockText({ pid, start: String(Number(startOf(pid)) - 100), boot }));
      assert.deepEqual(writes(dir), { heldBy: null, kept: true });
      // the scan that wrote it ran before the machine last booted
      writeFileSync(lock, lockText({ pid, start: startOf(pid), boot: "00000000-0000-0000-0000-000000000000" }));
      assert.deepEqual(writes(dir), { heldBy: null, kept: true });
      // a lock of an older scan (its pid alone), written before this boot
      writeFileSync(lock, `${pid}\n`);
      utimesSync(lock, new Date("2020-01-01"), new Date("2020-01-01"));
      assert.deepEqual(writes(dir), { heldBy: null, kept: true });
      // a lock naming this very pid that this process did not write (a container's scan has the same pid every run)
      writeFileSync(lock, `${process.pid} 1 ${boot}\n`);
      assert.deepEqual(writes(dir), { heldBy: null, kept: true });
      writeFileSync(lock, `${process.pid}\n`);
      assert.deepEqual(writes(dir), { heldBy: null, kept: true });
      assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith(".lock")), [], "each given back");
    } finally {
      other.kill();
    }
  });

  it("leaves alone the lock of a scan that runs: same pid, start time and boot, or an older scan's pid alone written since the boot", async () => {
    const other = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      const pid = other.pid!;
      const { dir, lock } = cacheDir();
      writeFileSync(lock, lockText({ pid, start: startOf(pid), boot }));
      assert.deepEqual(writes(dir), { heldBy: pid, kept: false });
      writeFileSync(lock, `${pid}\n`);
      assert.deepEqual(writes(dir), { heldBy: pid, kept: false });
      assert.equal(pidIn(lock), pid, "not removed");
    } finally {
      other.kill();
    }
  });

  it("judges a lock by boot, liveness and start time, and falls back to the pid where /proc does not tell", async () => {
    const { lockIsLive, parseLock } = await helpers();
    const live = { pid: process.pid, start: "500", boot: "b1" };
    const now = Date.now();
    assert.equal(lockIsLive(live, now, { boot: "b1", start: () => "500" }), true);
    assert.equal(lockIsLive(live, now, { boot: "b2", start: () => "500" }), false, "another boot");
    assert.equal(lockIsLive(live, now, { boot: "b1", start: () => "501" }), false, "another process with the pid");
    assert.equal(lockIsLive(live, now, { boot: undefined, start: () => undefined }), true, "no /proc: the pid alone");
    assert.equal(lockIsLive({ pid: process.pid }, now - 10_000, { bootMs: now - 60_000 }), true, "an older scan's lock written since the boot");
    assert.equal(lockIsLive({ pid: process.pid }, now - 120_000, { bootMs: now - 60_000 }), false, "… before it");
    assert.equal(lockIsLive({ pid: 999_999_999, start: "1", boot: "b1" }, now, { boot: "b1", start: () => "1" }), false, "a dead pid");
    assert.deepEqual([parseLock(""), parseLock("x 1 2"), parseLock("0\n"), parseLock("12 - -\n")], [undefined, undefined, undefined, { pid: 12 }]);
  });
});
