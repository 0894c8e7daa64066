import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { compileValidators } from "./openapi.ts";
import { Problem } from "./problem.ts";
import { metadataBytes } from "@filescan/contracts";
import { buildEvent, checkSubmission, decodeStrictBase64, MAX_EXTRA_DEPTH, submissionId, SUBMISSION_FIELDS } from "./submission.ts";

const validators = compileValidators();
const MAX = 1024;

function valid(bytes = Buffer.from("hello, filescan\n")): Record<string, unknown> {
  return {
    mimetype: "text/plain",
    file_data: bytes.toString("base64"),
    sha256: createHash("sha256").update(bytes).digest("hex"),
    sha1: createHash("sha1").update(bytes).digest("hex"),
    md5: createHash("md5").update(bytes).digest("hex"),
    filename: "hello.txt",
    full_path: "smb://fs01/share/hello.txt",
    timestamp: "2026-11-22T08:00:00Z",
    app: "unit-crawler",
  };
}

function problemOf(body: unknown, max = MAX): Problem {
  try {
    checkSubmission(body, validators, max);
  } catch (err) {
    assert.ok(err instanceof Problem, String(err));
    return err;
  }
  assert.fail("expected a Problem");
}

const fieldsOf = (p: Problem) => (p.errors ?? []).map((e) => e.field);

describe("submission checks", () => {
  it("preserves extra fields named like Object.prototype members (__proto__, constructor)", () => {
    const text = JSON.stringify(valid()).replace(/^\{/, '{"__proto__":{"polluted":1},"constructor":"c","toString":2,');
    const c = checkSubmission(JSON.parse(text), validators, MAX);
    const e = buildEvent(c, { subject: "s", token_name: "t" }, 0);
    assert.deepEqual(JSON.parse(e.extra_json), JSON.parse('{"__proto__":{"polluted":1},"constructor":"c","toString":2}'));
    assert.equal(JSON.parse(e.extra_json).polluted, undefined);
  });

  it("accepts a valid submission and separates the extra fields", () => {
    const body = { ...valid(), owner: "bob", tags: ["a", 1], nested: { n: null } };
    const c = checkSubmission(body, validators, MAX);
    assert.deepEqual(Object.keys(c.submission).sort(), [...SUBMISSION_FIELDS].sort());
    assert.deepEqual(c.extra, { owner: "bob", tags: ["a", 1], nested: { n: null } });
    assert.equal(c.content.toString(), "hello, filescan\n");
  });

  it("refuses an extra field nested deeper than MAX_EXTRA_DEPTH, or holding a number JSON cannot carry, with the field's name (JSON.stringify overflowed the stack: a 500)", () => {
    const nest = (depth: number, inner = "1") => "[".repeat(depth) + inner + "]".repeat(depth);
    const body = (extras: string) => JSON.parse(JSON.stringify(valid()).replace(/\}$/, `,${extras}}`)) as unknown;
    // At the limit: accepted, and its JSON is the event's.
    const extras = `"deep":${nest(MAX_EXTRA_DEPTH)},"objects":${'{"a":'.repeat(MAX_EXTRA_DEPTH)}1${"}".repeat(MAX_EXTRA_DEPTH)}`;
    const ok = checkSubmission(body(extras), validators, MAX);
    assert.equal(buildEvent(ok, { subject: "s", token_name: "t" }, 0).extra_json, `{${extras}}`);
    // One deeper, 10,000 and 400,000 deeper (the last is 800 kB of brackets): refused, each named, with a bad digest too.
    for (const depth of [MAX_EXTRA_DEPTH + 1, 10_000, 400_000]) {
      const p = problemOf(body(`"deep":${nest(depth)},"fine":{"a":[1,2]},"objects":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`));
      assert.equal(p.status, 400);
      assert.equal(p.code, "validation_failed");
      assert.deepEqual(p.errors!.map((e) => [e.field, e.code]), [["deep", "too_deep"], ["objects", "too_deep"]], String(depth));
    }
    const huge = problemOf(body(`"big":[1,{"n":1e999}],"small":-1e999`));
    assert.deepEqual(huge.errors!.map((e) => [e.field, e.code, e.message]), [["big", "invalid", "holds a number out of JSON's range"], ["small", "invalid", "holds a number out of JSON's range"]]);
    const both = problemOf({ ...(body(`"x":${nest(MAX_EXTRA_DEPTH + 1)}`) as object), y: [Infinity], sha1: "0".repeat(40) });
    assert.deepEqual(both.errors!.map((e) => [e.field, e.code]), [["sha1", "hash_mismatch"], ["x", "too_deep"], ["y", "invalid"]]);
  });

  it("lists every missing field at once", () => {
    const p = problemOf({});
    assert.equal(p.status, 400);
    assert.equal(p.code, "validation_failed");
    assert.deepEqual(fieldsOf(p), [...SUBMISSION_FIELDS]);
    assert.ok(p.errors!.every((e) => e.code === "missing"));
  });

  it("lists every non-string field at once", () => {
    const body: Record<string, unknown> = {};
    for (const f of SUBMISSION_FIELDS) body[f] = 1;
    const p = problemOf(body);
    assert.deepEqual(fieldsOf(p), [...SUBMISSION_FIELDS]);
    assert.ok(p.errors!.every((e) => e.code === "type"), JSON.stringify(p.errors));
  });

  it("rejects a body that is not an object", () => {
    for (const b of [null, [], "x", 3, true]) assert.equal(problemOf(b).code, "invalid_json");
  });

  it("requires strict, canonical, padded base64", () => {
    const bad = ["aGVsbG8", "aGVs bG8=", "aGVsbG8=\n", "aGV-bG8_", "aGVsbG9=", "====", "a", "aGVsbG8=="];
    for (const file_data of bad) {
      const p = problemOf({ ...valid(), file_data });
      assert.deepEqual(fieldsOf(p).includes("file_data"), true, file_data);
      assert.equal(p.code, "validation_failed", file_data);
    }
    assert.equal(decodeStrictBase64("aGVsbG8=")!.toString(), "hello");
    assert.equal(decodeStrictBase64("")!.length, 0);
  });

  it("names each digest that does not match the bytes", () => {
    const b = valid();
    let p = problemOf({ ...b, sha1: "0".repeat(40) });
    assert.equal(p.code, "hash_mismatch");
    assert.deepEqual(fieldsOf(p), ["sha1"]);
    p = problemOf({ ...b, sha256: "f".repeat(64), md5: "0".repeat(32) });
    assert.equal(p.code, "hash_mismatch");
    assert.deepEqual(fieldsOf(p), ["sha256", "md5"]);
    assert.ok(p.errors!.every((e) => e.code === "hash_mismatch"));
  });

  it("reports mismatches together with other invalid fields", () => {
    const p = problemOf({ ...valid(), md5: "0".repeat(32), filename: "a/b.txt" });
    assert.equal(p.code, "validation_failed");
    assert.deepEqual(fieldsOf(p), ["md5", "filename"]);
  });

  it("accepts upper-case hex digests", () => {
    const b = valid();
    const c = checkSubmission({ ...b, sha256: (b.sha256 as string).toUpperCase() }, validators, MAX);
    assert.equal(c.submission.sha256, (b.sha256 as string).toUpperCase());
  });

  it("rejects digests of the wrong shape", () => {
    const p = problemOf({ ...valid(), sha256: "abc", sha1: "z".repeat(40), md5: "0".repeat(31) });
    assert.deepEqual(fieldsOf(p), ["sha256", "sha1", "md5"]);
  });

  it("wants a base name for filename", () => {
    for (const filename of ["dir/a.txt", "C:\\x\\a.txt", "/a", "", ".", "..", "a\u0000b"]) {
      assert.deepEqual(fieldsOf(problemOf({ ...valid(), filename })), ["filename"], JSON.stringify(filename));
    }
    for (const filename of ["a.txt", "..hidden", "Résumé 2024 (final).docx", "a:b"]) {
      checkSubmission({ ...valid(), filename }, validators, MAX);
    }
  });

  it("wants an RFC 3339 timestamp with an offset", () => {
    for (const timestamp of ["2026-11-22", "2026-11-22T08:00:00", "2026-13-22T08:00:00Z", "2026-11-22T25:00:00Z", "22/11/2026", "2026-11-22T08:00:00+0100", "1732262400", "2026-11-22 08:00:00Z"]) {
      assert.deepEqual(fieldsOf(problemOf({ ...valid(), timestamp })), ["timestamp"], timestamp);
    }
    for (const timestamp of ["2026-11-22T08:00:00Z", "2026-11-22t08:00:00.123456z", "2026-11-22T08:00:00+05:30", "1999-12-31T23:59:60Z"]) {
      checkSubmission({ ...valid(), timestamp }, validators, MAX);
    }
  });

  it("rejects empty mimetype, full_path and app", () => {
    assert.deepEqual(fieldsOf(problemOf({ ...valid(), mimetype: "", full_path: "", app: "" })), ["mimetype", "full_path", "app"]);
  });

  it("answers 413 when the decoded file exceeds the limit, and accepts exactly the limit", () => {
    const p = problemOf(valid(Buffer.alloc(MAX + 1, 1)));
    assert.equal(p.status, 413);
    assert.equal(p.code, "file_too_large");
    // 413 wins even when other fields are bad.
    assert.equal(problemOf({ file_data: Buffer.alloc(MAX + 1).toString("base64") }).status, 413);
    checkSubmission(valid(Buffer.alloc(MAX, 1)), validators, MAX);
  });
});

describe("submission event", () => {
  it("counts as metadata the UTF-8 bytes of every field but the file's, the extras' JSON included", () => {
    const body = { ...valid(Buffer.alloc(10_000)), owner: "bøb" };
    const e = buildEvent(checkSubmission(body, validators, 20_000), { subject: "s", token_name: "t" }, 0);
    const strings = ["mimetype", "sha256", "sha1", "md5", "filename", "full_path", "timestamp", "app"].map((k) => body[k as keyof typeof body] as string);
    assert.equal(metadataBytes(e), strings.join("").length + Buffer.byteLength('{"owner":"bøb"}'));
    assert.ok(metadataBytes(e) < 400, "the file's 10,000 bytes are not metadata");
  });

  const principal = { subject: "pat-1", token_name: "crawler" };

  it("holds every field but file_data, the extras as JSON, the bytes and lower-case digests", () => {
    const b = valid();
    const c = checkSubmission({ ...b, sha1: (b.sha1 as string).toUpperCase(), owner: "bob" }, validators, MAX);
    const e = buildEvent(c, principal, 1234);
    assert.equal(e.received_at, 1234);
    assert.deepEqual(e.principal, principal);
    assert.equal(e.sha1, b.sha1);
    assert.equal(e.size, 16);
    assert.equal(e.content.toString(), "hello, filescan\n");
    assert.deepEqual(JSON.parse(e.extra_json), { owner: "bob" });
    assert.equal("file_data" in e, false);
    for (const f of ["mimetype", "filename", "full_path", "timestamp", "app"] as const) assert.equal(e[f], b[f]);
    assert.equal(e.min_analyzer_version, 0);
    assert.equal(buildEvent(c, principal, 1234, 3).min_analyzer_version, 3, "the API's minimum goes with the file");
  });

  it("has a UUID v7 submission id, the same for a retried submission and different otherwise", () => {
    const c = checkSubmission(valid(), validators, MAX);
    const a = submissionId(principal, c.submission);
    assert.match(a, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(submissionId(principal, c.submission), a);
    assert.equal(parseInt(a.replace(/-/g, "").slice(0, 12), 16), Date.parse("2026-11-22T08:00:00Z"), "time part is the client's timestamp");
    assert.notEqual(submissionId({ ...principal, subject: "pat-2" }, c.submission), a);
    assert.notEqual(submissionId(principal, { ...c.submission, full_path: "/other" }), a);
  });
});
