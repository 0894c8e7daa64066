import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { KeyStore, createKey, hashKey, parseRate, readKeyFile, revokeKey } from "./keys.ts";

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

  it("parses rates", () => {
    assert.equal(parseRate("100/s"), 100);
    assert.equal(parseRate("2.5"), 2.5);
    assert.equal(parseRate("unlimited"), null);
    assert.throws(() => parseRate("0/s"));
    assert.throws(() => parseRate("ten"));
    assert.throws(() => parseRate("5/min"));
  });
});
