import assert from "node:assert/strict";
import { jwt } from "./jwt.ts";
import { run, spans } from "../testing.ts";

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const token = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: "1234567890", name: "x" })}.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c`;

describe("secrets/jwt", () => {
  it("finds tokens whose header and payload decode", () => {
    assert.deepEqual(spans(jwt, `Authorization: Bearer ${token}`), [[22, 22 + token.length]]);
    assert.equal(run(jwt, token)[0]!.validation, "jwt_header");
  });
  it("rejects look-alikes that do not decode to a JOSE header", () => {
    assert.deepEqual(spans(jwt, `eyJub3Rqc29u.${b64({ a: 1 })}.sig`), []);
    assert.deepEqual(spans(jwt, `${b64({ typ: "JWT" })}.${b64({ a: 1 })}.sig`), []);
  });
});
