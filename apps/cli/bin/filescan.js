#!/usr/bin/env node
// The filescan command. Node 22.18+ runs the TypeScript sources directly (type stripping); an
// older Node would fail on the first ".ts" import with ERR_UNKNOWN_FILE_EXTENSION, so say why.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `filescan needs Node 22.18 or later (the project runs on Node 24); this is Node ${process.versions.node} (${process.execPath}).\n` +
      `Put the project's Node first on your PATH:  export PATH="$(bash infra/local/install-node.sh):$PATH"\n`,
  );
  process.exit(1);
}
await import("../src/main.ts");
