import assert from "node:assert/strict";
import { githubToken } from "./github_token.ts";
import { spans } from "../testing.ts";

describe("secrets/github_token", () => {
  it("finds classic and fine-grained tokens", () => {
    const classic = "ghp_" + "aB3".repeat(12);
    const fine = "github_pat_" + "A".repeat(22) + "_" + "b".repeat(59);
    assert.deepEqual(spans(githubToken, `token: ${classic}\n${fine}`), [[7, 47], [48, 48 + fine.length]]);
  });
  it("rejects wrong prefixes and lengths", () => {
    assert.deepEqual(spans(githubToken, "ghx_" + "a".repeat(36) + " ghp_" + "a".repeat(35)), []);
  });
});
