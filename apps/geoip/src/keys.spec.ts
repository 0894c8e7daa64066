import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { KeyStore, createKey, hashKey, newKey, parseRate, readKeyFile, revokeKey } from "./keys.ts";
import lockfile from "proper-lockfile";

const run = promisify(execFile);
const KEYS_MODULE = new URL("./keys.ts", import.meta.url).href;

/** Runs `body` (module code with createKey and revokeKey in scope) in a new Node process, starting at `at` (epoch ms). */
function inChild(at: number, body: string): Promise<unknown> {
  const code = `import { createKey, revokeKey } from ${JSON.stringify(KEYS_MODULE)};\nawait new Promise((r) => setTimeout(r, ${at} - Date.now()));\n${body}`;
  return run(process.execPath, ["--input-type=module", "-e", code]);
}

describe("geoip API keys", () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "geoip-keys-"));
    file = path.join(dir, "sub", "api-keys.json");
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("creates high-entropy prefixed keys and stores only their hash, owner-readable", async () => {
    const a = await createKey(file, "crawler-1", 10);
    const b = await createKey(file, "crawler-2", null);
    assert.match(a.key, /^fsk_[A-Za-z0-9_-]{43}$/);
    assert.notEqual(a.key, b.key);
    const text = await readFile(file, "utf8");
    assert.ok(!text.includes(a.key) && !text.includes(a.key.slice(4)), "plaintext key stored");
    assert.ok(text.includes(hashKey(a.key)));
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    const { keys } = await readKeyFile(file);
    assert.deepEqual(keys.map((k) => [k.name, k.rate_per_second]), [["crawler-1", 10], ["crawler-2", null]]);
  });

  it("refuses a name that is empty, over 100 characters or holds a control character, and writes nothing", async () => {
    for (const [name, message] of [["  ", /must not be empty/], ["k".repeat(101), /at most 100 characters, got 101/], ["a\nb", /control characters/], ["a\u001b[31mb", /control characters/]] as const) {
      await assert.rejects(createKey(file, name, 10), message, JSON.stringify(name));
    }
    await assert.rejects(stat(file), /ENOENT/);
    assert.equal((await createKey(file, "  ünï cødé 😀 ", 10)).record.name, "ünï cødé 😀", "trimmed, any printable text");
  });

  it("verifies: missing → API_KEY_REQUIRED, unknown/malformed/revoked → API_KEY_INVALID", async () => {
    const { key, record } = await createKey(file, "c", 5);
    const store = new KeyStore(file);
    await store.load();
    const ok = store.verify(key);
    assert.ok(ok.ok && ok.key.id === record.id);
    assert.deepEqual(store.verify(undefined), { ok: false, code: "API_KEY_REQUIRED" });
    assert.deepEqual(store.verify(""), { ok: false, code: "API_KEY_REQUIRED" });
    assert.deepEqual(store.verify(key.slice(0, -1) + (key.endsWith("A") ? "B" : "A")), { ok: false, code: "API_KEY_INVALID" });
    assert.deepEqual(store.verify("hunter2"), { ok: false, code: "API_KEY_INVALID" });
    assert.deepEqual(store.verify(hashKey(key)), { ok: false, code: "API_KEY_INVALID" }, "the stored hash is not a key");
    assert.ok(await revokeKey(file, record.id));
    await store.load();
    assert.deepEqual(store.verify(key), { ok: false, code: "API_KEY_INVALID" });
    assert.equal(await revokeKey(file, "nope"), undefined);
  });

  it("keeps the loaded keys when the file turns unreadable", async () => {
    const { key } = await createKey(file, "c", 5);
    const store = new KeyStore(file);
    await store.load();
    await writeFile(file, "{ half-writ");
    await store.load();
    assert.ok(store.lastError);
    assert.ok(store.verify(key).ok);
  });

  it("takes a key created after the last load at its first use, without waiting for the watcher", async () => {
    await createKey(file, "old", null);
    const store = new KeyStore(file);
    await store.load();
    const { key, record } = await createKey(file, "new", null);
    assert.deepEqual(store.verify(key), { ok: false, code: "API_KEY_INVALID" }, "not loaded yet");
    const [a, b] = await Promise.all([store.verifyFresh(key), store.verifyFresh(key)]);
    assert.ok(a.ok && a.key.id === record.id && b.ok);
    assert.ok(store.verify(key).ok, "kept");
    assert.deepEqual(await store.verifyFresh(key.slice(0, -1) + (key.endsWith("A") ? "B" : "A")), { ok: false, code: "API_KEY_INVALID" });
    assert.deepEqual(await store.verifyFresh(undefined), { ok: false, code: "API_KEY_REQUIRED" });
  });

  it("keeps every change when creates and a revoke run at once, in one process and in several", async () => {
    const { record: victim } = await createKey(file, "victim", 10);
    const at = Date.now() + 1_000; // (all children start together, whatever their start-up time)
    const children = Array.from({ length: 8 }, (_, c) => inChild(at, `for (let i = 0; i < 4; i++) await createKey(${JSON.stringify(file)}, "child-${c}-" + i, 10);`));
    children.push(inChild(at + 15, `await revokeKey(${JSON.stringify(file)}, ${JSON.stringify(victim.id)});`));
    const here = Array.from({ length: 8 }, (_, i) => sleep(at - Date.now()).then(() => createKey(file, `here-${i}`, 10)));
    await Promise.all([...children, ...here]);
    const { keys } = await readKeyFile(file);
    assert.equal(keys.length, 1 + 8 * 4 + 8, `${keys.length} keys: ${keys.map((k) => k.name).join(", ")}`);
    assert.equal(new Set(keys.map((k) => k.name)).size, keys.length);
    assert.ok(keys.find((k) => k.id === victim.id)!.revoked_at, "the revoke was undone by a create");
    assert.deepEqual((await readdir(path.dirname(file))).sort(), ["api-keys.json"], "no lock or temporary file left");
  });

  it("takes over a lock its holder left (not refreshed for the stale time), and waits for one whose holder runs", async function () {
    this.timeout(30_000);
    const lock = `${file}.lock`;
    await createKey(file, "first", 10);
    // A holder killed mid-write: its lock, 20 s old.
    await mkdir(lock);
    const old = new Date(Date.now() - 20_000);
    await utimes(lock, old, old);
    await createKey(file, "after a dead holder", 10);
    // A live holder: the create waits until the lock is released.
    const release = await lockfile.lock(file, { realpath: false, lockfilePath: lock });
    let done = false;
    const waiting = createKey(file, "after a live holder", 10).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(done, false, "did not wait for the live holder");
    await release();
    await waiting;
    assert.deepEqual((await readKeyFile(file)).keys.map((k) => k.name), ["first", "after a dead holder", "after a live holder"]);
  });

  it("skips, and reports, keys whose rate is not null or a number above 0 (no Retry-After: Infinity or NaN)", async () => {
    // (a missing rate: JSON.stringify leaves the member out)
    const rates: Record<string, unknown> = { zero: 0, negative: -1, text: "10", missing: undefined, five: 5, unlimited: null };
    const keys = Object.fromEntries(Object.keys(rates).map((id) => [id, newKey()]));
    const records = Object.entries(rates).map(([id, rate]) => ({ id, name: id, sha256: hashKey(keys[id]!), rate_per_second: rate, created_at: "2026-01-01T00:00:00.000Z" }));
    await createKey(file, "seed", 1); // (makes the folder)
    await writeFile(file, JSON.stringify({ version: 1, keys: records }));
    const store = new KeyStore(file);
    await store.load();
    assert.deepEqual(Object.keys(keys).filter((id) => store.verify(keys[id]).ok), ["five", "unlimited"]);
    for (const id of ["zero", "negative", "text", "missing"]) assert.match(store.lastError ?? "", new RegExp(`key "${id}" skipped: rate_per_second`), id);
    await assert.rejects(createKey(file, "zero", 0), /greater than 0/);
    await assert.rejects(createKey(file, "inf", Infinity), /greater than 0/);
  });

  it("parses rates", () => {
    assert.equal(parseRate("100/s"), 100);
    assert.equal(parseRate("2.5"), 2.5);
    assert.equal(parseRate("unlimited"), null);
    assert.throws(() => parseRate("0/s"));
    assert.throws(() => parseRate("ten"));
    assert.throws(() => parseRate("5/min"));
  });
});
