import assert from "node:assert/strict";
import { makePublisher } from "../test-util/publisher.ts";
import { allText, codes, run, failedOrRecovered } from "../test-util/run.ts";

describe("extract: Microsoft Publisher (.pub)", () => {
  it("reads the stories' text from the Quill stream's TEXT chunk: paragraphs as lines, line breaks kept, fields dropped", async () => {
    const pub = makePublisher("Staff directory\rJane Roe\u000bjane.roe@example.org\r\u0013Ext. 4471\rZoë Müller, +49 30 901820\r");
    const r = await run(pub, "directory.pub");
    assert.deepEqual([r.detected_type, r.status, codes(r)], ["application/x-mspublisher", "complete", []]);
    assert.equal(allText(r), "Staff directory\nJane Roe\njane.roe@example.org\nExt. 4471\nZoë Müller, +49 30 901820\n");
  });

  it("fails a document whose TEXT chunk runs past its stream (corrupt), without a crash", async () => {
    const r = await run(makePublisher("Jane Roe", { cutText: true }), "cut.pub");
    assert.deepEqual([failedOrRecovered(r), codes(r)], [true, ["corrupt"]]);
  });
});
