/** `filescan scan`'s options as users give them: refused before any file is read or any server asked. */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { repoRoot } from "@filescan/config";

function scan(args: string[]) {
  const r = spawnSync(process.execPath, [path.join(repoRoot(), "apps", "cli", "bin", "filescan.js"), "scan", ...args], { encoding: "utf8", timeout: 30_000, env: { ...process.env, FILESCAN_TOKEN: "fsp_not_asked" } });
  return { code: r.status, stderr: r.stderr };
}

describe("filescan scan (CLI): options refused at once", function () {
  this.timeout(60_000);

  it("refuses an --app the API would refuse for every file (empty, control characters, over 255 characters)", () => {
    // (the URL names no server: the check comes before any request)
    for (const app of ["", "crawler\u001b[2J", "a\nb", "x".repeat(256)]) {
      const r = scan([repoRoot(), "--url", "http://127.0.0.1:1/api/v1/filescan", "--app", app]);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /--app must be 1 to 255 characters without control characters/);
    }
  });
});
