import assert from "node:assert/strict";
import { passwordInCell } from "./password_in_cell.ts";
import { run } from "../testing.ts";

const found = (text: string, header: string) => run(passwordInCell, text, header).filter((f) => f.score >= 0.4).map((f) => [text.slice(f.start, f.end), f.score]);

describe("secrets/password_in_cell", () => {
  it("finds a password alone in a cell of a password column, in each language", () => {
    for (const header of ["password", "Password", "user_password", "passwd", "Kennwort", "Mot de passe", "Contraseña", "Senha", "Wachtwoord", "Hasło"])
      assert.deepEqual(found("Xk7pQ2wq9", header), [["Xk7pQ2wq9", 0.65]], header);
    assert.deepEqual(found(" S3cr3t!Pw ", "password"), [["S3cr3t!Pw", 0.65]]);
    assert.deepEqual(found("Tr1cky!Pass", "password"), [["Tr1cky!Pass", 0.65]], "a label's word inside a password of more than letters");
    assert.deepEqual(found("80417263", "pwd"), [["80417263", 0.65]], "digits alone are a password too");
  });
  it("takes nothing under another column, nor a cell that is no password", () => {
    assert.deepEqual(found("Xk7pQ2wq9", "username"), []);
    assert.deepEqual(found("Xk7pQ2wq9", "Pass/Fail"), []);
    for (const cell of ["********", "changeme", "N/A", "null", "true", "2024-03-01", "90", "ResetPassword", "password", "two words", "abc", "/home/nodeuser/project", "https://vault.acme.com/x", "arn:aws:iam::aws:policy/root-task/IAMCreateRootUserPassword", "urn:ietf:params:oauth:grant-type:password"]) assert.deepEqual(found(cell, "password"), [], cell);
  });
  it("takes nothing under a column about a password rather than holding one", () => {
    for (const header of ["password_changed", "Password expiry", "password hint", "Last password change", "password_length", "password required"])
      assert.deepEqual(found("Xk7pQ2wq9", header), [], header);
  });
});
