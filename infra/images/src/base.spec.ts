import assert from "node:assert/strict";
import { mirrorFromSources } from "./base.ts";

describe("mirrorFromSources", () => {
  it("reads the bookworm archive of a deb822 file, skipping the security stanza", () => {
    const text = [
      "Types: deb\nURIs: http://security.example/debian-security\nSuites: bookworm-security\nComponents: main\n",
      "Types: deb\n# a comment\nURIs: http://mirror.example/debian\nSuites: bookworm bookworm-updates\nComponents: main\n",
    ].join("\n");
    assert.equal(mirrorFromSources([text]), "http://mirror.example/debian");
  });

  it("reads one-line entries, with options in brackets", () => {
    assert.equal(mirrorFromSources(["deb [signed-by=/k.gpg] http://m.example/debian bookworm main\n"]), "http://m.example/debian");
  });

  it("finds nothing for another suite", () => {
    assert.equal(mirrorFromSources(["deb http://m.example/debian trixie main\n", "Types: deb\nURIs: http://x\nSuites: trixie\n"]), undefined);
  });
});
