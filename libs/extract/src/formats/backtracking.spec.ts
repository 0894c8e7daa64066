import assert from "node:assert/strict";
import { allText, run } from "../test-util/run.ts";
import { ldifEntries } from "./ldif.ts";
import { rubyAsText } from "./office.ts";
import { textRuns } from "./raw-text.ts";

// Inputs that sent a pattern back and forth over a long run (ReDoS): each took seconds at 40,000
// characters and minutes at these sizes, so a file could hide what followed the run behind the
// time limit. recheck (eslint-plugin-redos) found the patterns; each pump below is its attack.
// A quadratic pattern makes these tests time out; a linear one reads them in milliseconds.
const N = 200_000;

describe("extract: a long run in a file is read once, not once per character", () => {
  it("a CSV cell of dashes is no number to try every split of", async () => {
    const r = await run(`${"-".repeat(N)}$,mail\n1,jane.roe@example.org\n`, "export.csv");
    assert.equal(r.status, "complete");
    assert.match(allText(r), /jane\.roe@example\.org/);
  });

  it("a long text node of blanks is not tried as base64 from every split", async () => {
    const r = await run(`<?xml version="1.0"?><r><a>+${"\t".repeat(N)}!</a><b>jane.roe@example.org</b></r>`, "data.xml");
    assert.equal(r.status, "complete");
    assert.match(allText(r), /jane\.roe@example\.org/);
  });

  it("an LDIF value after a long run of blanks and a lone CR", () => {
    const entries = [...ldifEntries(`dn: cn=Jane Roe\nmail:${"\t".repeat(N)}\rjane.roe@example.org\n`)];
    assert.deepEqual(entries[0]![1]!.slice(0, 2), ["mail", ":"]);
    assert.match(entries[0]![1]![2], /jane\.roe@example\.org$/);
  });

  it("a DOCX part of ruby start tags with no end tag", () => {
    const xml = `${"<w:ruby>".repeat(N / 8)}<w:ruby><w:rubyBase><w:r><w:t>東京</w:t></w:r></w:rubyBase><w:rt><w:r><w:t>とうきょう</w:t></w:r></w:rt></w:ruby>`;
    assert.match(rubyAsText(xml), /<w:t xml:space="preserve">東京\(とうきょう\)<\/w:t>$/);
  });

  it("a binary's long word with no @ is no mailbox to seek from each of its letters", () => {
    const b = Buffer.from(`\u0001\u0002${"s".repeat(N)}\u0001\u0002 write to jane.roe@example.org \u0001`, "latin1");
    assert.ok(textRuns(b).some((t) => t.includes("jane.roe@example.org")));
  });

  it("a flat OPC package of part tags that never close", async () => {
    const xml = `<?xml version="1.0"?><?mso-application progid="Word.Document"?><pkg:package xmlns:pkg="http://schemas.microsoft.com/office/2006/xmlPackage">${"<pkg:part:".repeat(N / 10)}</pkg:package>`;
    const r = await run(xml, "letter.xml");
    // (read to its end, where no part was found: not stopped by the time limit on the way)
    assert.deepEqual(r.reasons.map((x) => x.message), ["flat-opc: Error: flat OPC: no Word, Excel or PowerPoint main part"]);
  });

  it("uuencoded blocks that never end", async () => {
    const text = `${"begin 644 a.txt\r\n!\r".repeat(N / 20)}\nContact jane.roe@example.org\n`;
    const r = await run(text, "notes.uue");
    assert.ok(r.reasons.every((x) => x.code !== "limit_time"), JSON.stringify(r.reasons));
    assert.match(allText(r), /jane\.roe@example\.org/);
  });

  it("a mail header of CRs (mailparser's mailsplit sought the header block's end from each)", async () => {
    const r = await run(`From: a@b.example\nSubject: ${"\r".repeat(N)}\nContent-Type: text/plain\n\nContact jane.roe@example.org\n`, "x.eml");
    assert.equal(r.status, "complete");
    assert.match(allText(r), /jane\.roe@example\.org/);
  });

  it("markup nested a third of a million deep (htmlparser2 moved its whole stack at each tag)", async () => {
    const nested = `${"<a>".repeat(1_000_000 / 3)}Contact jane.roe@example.org &amp; Roe &lt;HR&gt;`;
    const files = [["deep.xml", `<?xml version="1.0"?><r>${nested}</r>`, "application/xml"], ["deep.html", `<!doctype html><html><body>${nested}</body></html>`, "text/html"]] as const;
    for (const [name, content, type] of files) {
      const r = await run(content, name);
      assert.deepEqual([r.detected_type, r.status], [type, "complete"]);
      assert.match(allText(r), /Contact jane\.roe@example\.org & Roe <HR>/);
    }
  });
});
