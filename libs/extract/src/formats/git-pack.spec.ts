import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import { codes, run, segWith } from "../test-util/run.ts";
import { applyDelta } from "./git-pack.ts";

const TYPE = { commit: 1, tree: 2, blob: 3, tag: 4, ofs: 6, ref: 7 } as const;
const id = (type: string, body: Buffer) => createHash("sha1").update(`${type} ${body.length}\0`).update(body).digest();

/** An object's header: its type and size, 4 bits then 7 per byte (gitformat-pack(5)). */
function header(type: number, size: number): Buffer {
  const out = [(type << 4) | (size & 0x0f)];
  size = Math.floor(size / 16);
  while (size > 0) {
    out[out.length - 1]! |= 0x80;
    out.push(size & 0x7f);
    size = Math.floor(size / 128);
  }
  return Buffer.from(out);
}
/** A delta's offset back to its base, as Git writes it. */
function backOffset(n: number): Buffer {
  const out = [n & 0x7f];
  while ((n >>= 7) > 0) out.unshift(0x80 | (--n & 0x7f));
  return Buffer.from(out);
}
const varint = (n: number) => {
  const out: number[] = [];
  do {
    out.push((n % 128) | (n >= 128 ? 0x80 : 0));
    n = Math.floor(n / 128);
  } while (n > 0);
  return Buffer.from(out);
};
/** A delta: copy the base's first `keep` bytes, then insert `tail`. */
const delta = (base: Buffer, keep: number, tail: string) => Buffer.concat([varint(base.length), varint(keep + tail.length), Buffer.from([0x80 | 0x01 | 0x10, 0, keep]), Buffer.from([tail.length]), Buffer.from(tail)]);

type Entry = { type: "commit" | "tree" | "blob" | "tag"; body: Buffer } | { ofsTo: number; delta: Buffer } | { refTo: Buffer; delta: Buffer };
function makePack(entries: Entry[]): Buffer {
  const parts: Buffer[] = [Buffer.from("PACK"), Buffer.from([0, 0, 0, 2]), Buffer.alloc(4)];
  parts[2]!.writeUInt32BE(entries.length);
  const offsets: number[] = [];
  let at = 12;
  for (const e of entries) {
    offsets.push(at);
    const piece =
      "type" in e
        ? Buffer.concat([header(TYPE[e.type], e.body.length), deflateSync(e.body)])
        : "ofsTo" in e
          ? Buffer.concat([header(TYPE.ofs, e.delta.length), backOffset(at - offsets[e.ofsTo]!), deflateSync(e.delta)])
          : Buffer.concat([header(TYPE.ref, e.delta.length), e.refTo, deflateSync(e.delta)]);
    parts.push(piece);
    at += piece.length;
  }
  const body = Buffer.concat(parts);
  return Buffer.concat([body, createHash("sha1").update(body).digest()]);
}

describe("extract: Git packfiles", () => {
  it("reads every version of every file, deltas applied, each a member named by its path and id; commits as their text", async () => {
    const v1 = Buffer.from("[db]\nhost=db.internal\nDB_PASSWORD=Xk29!pQ7zW\nretries=3\n".repeat(3));
    const keep = v1.indexOf("DB_PASSWORD");
    const v2 = applyDelta(v1, delta(v1, keep, "DB_PASSWORD=changeme\n"));
    assert.equal(v2.toString(), `${v1.subarray(0, keep).toString()}DB_PASSWORD=changeme\n`);
    const env = Buffer.from("AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY\n");
    const tree = Buffer.concat([Buffer.from("100644 config.ini\0"), id("blob", v1)]);
    const root = Buffer.concat([Buffer.from("40000 etc\0"), id("tree", tree), Buffer.from("100644 .env\0"), id("blob", env)]);
    const commit = Buffer.from(`tree ${id("tree", root).toString("hex")}\nauthor Jane Roe <jane.roe@example.org> 1700000000 +0100\ncommitter Jane Roe <jane.roe@example.org> 1700000000 +0100\n\nAdd the service's configuration\n`);
    const pack = makePack([
      { type: "commit", body: commit },
      { type: "tree", body: root },
      { type: "tree", body: tree },
      { type: "blob", body: v1 },
      { ofsTo: 3, delta: delta(v1, keep, "DB_PASSWORD=changeme\n") },
      { type: "blob", body: env },
      { refTo: id("blob", env), delta: delta(env, 22, "rotated\n") },
    ]);
    const r = await run(pack, "pack-6fafac061a1bf708d2c6e972fed0146d892612ed.pack");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/x-git-packed-objects", "complete", []]);
    const short = (b: Buffer, type = "blob") => id(type, b).toString("hex").slice(0, 12);
    assert.equal(segWith(r, "Xk29!pQ7zW")?.locator.file_in_zip, `etc/config.ini@${short(v1)}`);
    assert.equal(segWith(r, "DB_PASSWORD=changeme")?.locator.file_in_zip, `blob@${short(v2)}`, "a later version no tree of the pack names: its id");
    assert.equal(segWith(r, "wJalrXUtnFEMI")?.locator.file_in_zip, `.env@${short(env)}`);
    assert.ok(segWith(r, "AWS_SECRET_ACCESS_KEY=rotated"), "a delta against an object named by its id");
    assert.equal(segWith(r, "author Jane Roe <jane.roe@example.org>")?.locator.file_in_zip, `commit ${short(commit, "commit")}`);
  });

  it("says a thin pack's delta whose base is elsewhere, and refuses a delta that runs past its base", async () => {
    const base = Buffer.from("some text that lives in another pack\n");
    const thin = makePack([{ type: "blob", body: Buffer.from("MARKER-OWN\n") }, { refTo: id("blob", base), delta: delta(base, 5, "x") }]);
    const r = await run(thin, "thin.pack");
    assert.deepEqual([r.status, codes(r)], ["partial", ["corrupt"]]);
    assert.ok(segWith(r, "MARKER-OWN"));
    assert.throws(() => applyDelta(Buffer.from("short"), Buffer.concat([varint(5), varint(50), Buffer.from([0x80 | 0x01 | 0x10, 0, 50])])), /past its base/);
    // a delta of a few bytes that declares gigabytes is stopped before anything is allocated
    const bomb = makePack([{ type: "blob", body: Buffer.from("MARKER-BASE") }, { ofsTo: 0, delta: Buffer.concat([varint(11), varint(2 ** 40), Buffer.from([0x80 | 0x01 | 0x10, 0, 11])]) }]);
    const b = await run(bomb, "bomb.pack");
    assert.deepEqual([b.status, codes(b), !!segWith(b, "MARKER-BASE")], ["partial", ["limit_total_bytes"], true]);
    // a bad delta loses its object, a stream that does not inflate the rest of the pack; what was read before stays
    const bad = await run(makePack([{ type: "blob", body: Buffer.from("MARKER-BEFORE") }, { ofsTo: 0, delta: Buffer.concat([varint(13), varint(50), Buffer.from([0x80 | 0x01 | 0x10, 0, 50])]) }, { type: "blob", body: Buffer.from("MARKER-AFTER") }]), "bad.pack");
    assert.deepEqual([bad.status, codes(bad), !!segWith(bad, "MARKER-BEFORE"), !!segWith(bad, "MARKER-AFTER")], ["partial", ["corrupt"], true, true]);
    const cut = makePack([{ type: "blob", body: Buffer.from("MARKER-BEFORE") }, { type: "blob", body: Buffer.from("MARKER-LOST ".repeat(50)) }]);
    const broken = Buffer.concat([cut.subarray(0, cut.length - 40), Buffer.alloc(40, 0xff)]);
    const r2 = await run(broken, "cut.pack");
    assert.deepEqual([r2.status, codes(r2), !!segWith(r2, "MARKER-BEFORE")], ["partial", ["corrupt"], true]);
  });
});
