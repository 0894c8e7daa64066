import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";

/** GitHub tokens: ghp_/gho_/ghu_/ghs_/ghr_ + 36 base-62 characters, and fine-grained github_pat_ tokens. */
export const githubToken: Detector = {
  id: "github_token",
  type: "GITHUB_TOKEN",
  area: "secrets",
  category: "credential",
  description: "GitHub access token",
  patterns: [
    { name: "classic", regex: re(String.raw`(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{36}(?![A-Za-z0-9_])`), score: 0.95 },
    { name: "fine-grained", regex: re(String.raw`(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}(?![A-Za-z0-9_])`), score: 0.95 },
  ],
  context: ["github", "token", "gh", "pat", "git"],
  prefilter: { keywords: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"] },
  validate: () => ({ validation: "github_token_format" }),
};
