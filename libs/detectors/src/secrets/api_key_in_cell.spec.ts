import assert from "node:assert/strict";
import { apiKeyInCell } from "./api_key_in_cell.ts";
import { run } from "../testing.ts";

const found = (text: string, header: string) => run(apiKeyInCell, text, header).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));
const KEY = "sk_live_51HcQ2kJ8d7f6g5h4j3k2l1m";

describe("secrets/api_key_in_cell", () => {
  it("finds a random key alone in a cell of a key's, a secret's or a token's column", () => {
    for (const header of ["STRIPE_SECRET_KEY", "api_key", "API Key", "client_secret", "access_token", "GITLAB_TOKEN", "aws_secret_access_key", "secretKey"]) assert.deepEqual(found(KEY, header), [KEY], header);
    assert.deepEqual(found(" q8Vw2rT5yU1iO3pA6sD9fG4hJ7kL0zXc ", "fs.s3a.secret.key"), ["q8Vw2rT5yU1iO3pA6sD9fG4hJ7kL0zXc"]);
  });
  it("takes nothing under another column, nor a value that is no key", () => {
    assert.deepEqual(found(KEY, "description"), []);
    for (const cell of ["short1234", "aaaaaaaaaaaaaaaaaaaaaaaa", "LANGSMITH_API_KEY", "https://vault.acme.com/v1/secret/x", "urn:openai:params:oauth:token-type:x509", "two words but long enough 12345", "projects/p/secrets/s/versions/2"]) assert.deepEqual(found(cell, "api_key"), [], cell);
    const jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
    assert.deepEqual(found(jwt, "access_token"), [], "a JWT is the JWT detector's");
    // a digest named by its algorithm, in a row labelled "tokens.py" (a wheel's RECORD)
    assert.deepEqual(found("sha256=lTQIzSVw8Mg9wv459-TjiOQe6wVziqaRlqX2_89rp54", "yaml/tokens.py"), []);
  });
  it("takes nothing under a column about a key rather than holding one", () => {
    for (const header of ["key_id", "token_expiry", "secret_name", "api_key_created", "access_key_id", "NextToken", "ClientToken", "clientRequestToken", "LifecycleActionToken", "VerificationToken", "csrf_token", "ChangeToken", "LockToken", "ImportToken"]) assert.deepEqual(found(KEY, header), [], header);
    assert.deepEqual(found("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "SecretAccessKey"), [], "AWS's example secret key");
    assert.deepEqual(found("447e55ac-2396-4c6d-b9f9-86b67c17f8b5", "token"), [], "a UUID under a token's label is a handle");
    assert.deepEqual(found("447e55ac-2396-4c6d-b9f9-86b67c17f8b5", "HEROKU_API_KEY"), ["447e55ac-2396-4c6d-b9f9-86b67c17f8b5"], "under a key's it may be one");
    assert.deepEqual(found("arn:aws:lambda:us-west-2:123456789012:function:MyPreTokenGenerationFunction", "PreTokenGeneration"), []);
  });
});
