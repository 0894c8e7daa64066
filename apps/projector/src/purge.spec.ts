import assert from "node:assert/strict";
import { purgeQuery } from "./purge.ts";

describe("projector purge: which sightings", () => {
  it("selects by app, path prefix and time received, all of those given", () => {
    assert.deepEqual(purgeQuery({ app: "crawler-1", pathPrefix: "/srv/old/", receivedBefore: "2026-01-01T00:00:00Z" }), {
      bool: { filter: [{ term: { app: "crawler-1" } }, { prefix: { "full_path.keyword": "/srv/old/" } }, { range: { received_at: { lt: "2026-01-01T00:00:00Z" } } }] },
    });
  });

  it("refuses a filter that would select every sighting, and a time that is not one", () => {
    assert.throws(() => purgeQuery({}), /say which sightings to purge/);
    assert.throws(() => purgeQuery({ pathPrefix: "" }), /path prefix is empty/);
    assert.throws(() => purgeQuery({ receivedBefore: "last week" }), /not a time/);
  });
});
