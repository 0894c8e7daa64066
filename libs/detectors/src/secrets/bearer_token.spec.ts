import assert from "node:assert/strict";
import { bearerToken } from "./bearer_token.ts";
import { run, values as valuesOf } from "../testing.ts";

const values = (text: string) => valuesOf(bearerToken, text);

describe("secrets/bearer_token", () => {
  it("finds an opaque token after Bearer", () => {
    assert.deepEqual(values("authorization: Bearer 8f2b1c9e4d7a6b5c3d2e1f0a9b8c7d6e5f4a3b2c"), ["8f2b1c9e4d7a6b5c3d2e1f0a9b8c7d6e5f4a3b2c"]);
    assert.deepEqual(values('curl -H "Authorization: Bearer sk_live_51HqLyjWDarjtT1zdp7dcXzU" https://api.acme-corp.com'), ["sk_live_51HqLyjWDarjtT1zdp7dcXzU"]);
    assert.deepEqual(values("Bearer ya29.a0AfH6SMBx3Rz9q-Lk2Wm8Yt5Vn1Qp7Ds4Hg6Jf0Ke3Uc="), ["ya29.a0AfH6SMBx3Rz9q-Lk2Wm8Yt5Vn1Qp7Ds4Hg6Jf0Ke3Uc="]);
    assert.equal(run(bearerToken, "Authorization: Bearer 8f2b1c9e4d7a6b5c3d2e1f0a9b8c7d6e")[0]!.validation, "bearer_token");
  });
  it("leaves JWTs to their detector, and words, placeholders, references and short values", () => {
    for (const text of [
      "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlc2lnbmF0dXJl",
      "the bearer instrument is payable to whoever holds it",
      "Authorization: Bearer $ACCESS_TOKEN_FOR_THE_API_2",
      "Authorization: Bearer {{token}}",
      "Authorization: Bearer <your-access-token-here-123>",
      "Authorization: Bearer YOUR_ACCESS_TOKEN_1234",
      "Authorization: Bearer abc123",
      "Authorization: Bearer abcdefghijklmnopqrstuvwxyz",
      "Authorization: Bearer 1234567890abcdef1234",
    ]) assert.deepEqual(values(text), [], text);
  });
});
