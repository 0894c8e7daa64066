/**
 * `filescan inspect` whose reader goes away (`| head`): the real CLI process, --llm off (no
 * servers needed). A write to the closed pipe threw EPIPE from an 'error' event nobody handled:
 * a stack trace, and exit code 1, which for inspect says "something sensitive".
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot } from "@filescan/config";

describe("filescan inspect (CLI): the reader of its output goes away", function () {
  this.timeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), "inspect-cli-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const json of [true, false]) {
    it(`stops quietly with exit code 141, not 1 ("sensitive") and a stack trace${json ? " (--json)" : ""}`, async () => {
      // (one document a line, 3,000 of them: more output than a pipe holds, so the reader's close is met however late it comes)
      const f = path.join(dir, `notes-${json}.txt`);
      writeFileSync(f, Array.from({ length: 3000 }, (_, i) => `meeting notes ${i}: nothing personal here\n`).join(""));
      const child = spawn(process.execPath, [path.join(repoRoot(), "apps", "cli", "bin", "filescan.js"), "inspect", "--llm", "off", "--text", "--lines", ...(json ? ["--json"] : []), f], {
        env: { ...process.env, FILESCAN_LLM: "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      // (as `head -1` does: the first output read, then the pipe closed)
      child.stdout.once("data", () => child.stdout.destroy());
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      assert.equal(code, 141, stderr);
      assert.doesNotMatch(stderr, /EPIPE|Unhandled/);
    });
  }
});
