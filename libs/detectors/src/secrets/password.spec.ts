import assert from "node:assert/strict";
import { password } from "./password.ts";
import { run } from "../testing.ts";

const values = (text: string) => run(password, text).map((f) => text.slice(f.start, f.end));

describe("secrets/password", () => {
  it("finds values of password assignments in common config syntaxes", () => {
    assert.deepEqual(values("DB_PASSWORD=s3cr3t!x\nuser=bob"), ["s3cr3t!x"]);
    assert.deepEqual(values('{"password": "hunter22", "user": "a"}'), ["hunter22"]);
    assert.deepEqual(values("Server=db;User Id=sa;Password=Pa55w0rd;"), ["Pa55w0rd"]);
    assert.deepEqual(values("url: postgres://app:Wq9zT7@db.internal:5432/app"), ["Wq9zT7"]);
  });
  it("ignores placeholders, references and prose", () => {
    assert.deepEqual(values("password=${DB_PASSWORD}\npassword: <your password>\npassword = ''\npwd=****"), []);
    assert.deepEqual(values("Please reset your password at the portal."), []);
  });
});
