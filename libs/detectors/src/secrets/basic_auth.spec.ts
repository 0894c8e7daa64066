import assert from "node:assert/strict";
import { basicAuth, basicCredentials } from "./basic_auth.ts";
import { run, spans } from "../testing.ts";

const b64 = (s: string) => Buffer.from(s).toString("base64");

describe("secrets/basic_auth", () => {
  it("finds the token of a Basic Authorization header that decodes to user:password", () => {
    const token = b64("admin:S3cr3tPassw0rd!");
    assert.deepEqual(spans(basicAuth, `Authorization: Basic ${token}`), [[21, 21 + token.length]]);
    assert.deepEqual(run(basicAuth, `curl -H "Authorization: basic ${b64("deploy:hunter2x")}" https://ci.internal/`).map((f) => [f.validation, f.score]), [["basic_auth", 1]]);
    assert.deepEqual(basicCredentials(b64("svc-backup:Zq8!vR2#")), { user: "svc-backup", password: "Zq8!vR2#" });
  });
  it("rejects words after 'basic', tokens without a colon or a password, binary, placeholders", () => {
    assert.deepEqual(spans(basicAuth, "Basic Information about the Basic Settings page"), []);
    assert.deepEqual(spans(basicAuth, `Basic ${b64("no colon in this one")}`), []);
    assert.deepEqual(spans(basicAuth, `Basic ${b64("user:")}`), []);
    assert.deepEqual(spans(basicAuth, `Basic ${b64(":password1")}`), []);
    assert.deepEqual(spans(basicAuth, `Basic ${Buffer.from([0x75, 0x3a, 0xff, 0xfe, 0x00, 0x01, 0x02, 0x03]).toString("base64")}`), []);
    assert.deepEqual(spans(basicAuth, `Authorization: Basic ${b64("user:password")}`), []);
    assert.deepEqual(spans(basicAuth, `Authorization: Basic ${b64("user:${PASSWORD}")}`), []);
    // (not "BasicXYZ", nor a token inside a longer base64 run)
    assert.deepEqual(spans(basicAuth, `ProBasic ${b64("admin:S3cr3tPassw0rd!")}`), []);
    assert.deepEqual(spans(basicAuth, `Basic ${b64("admin:S3cr3tPassw0rd!")}%%`).length, 1);
  });
  it("scores the RFCs' example credentials and a user whose password is its name as documentation, below what is reported", () => {
    for (const creds of ["Aladdin:open sesame", "aladdin:opensesame", "bob:bob"]) assert.deepEqual(run(basicAuth, `Authorization: Basic ${b64(creds)}`).map((f) => [f.validation, f.score]), [["documentation_example", 0.2]], creds);
  });
});
