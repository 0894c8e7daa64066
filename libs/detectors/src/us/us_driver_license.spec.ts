import assert from "node:assert/strict";
import { usDriverLicense } from "./us_driver_license.ts";
import { run, scoreOf, spans } from "../testing.ts";

describe("us/us_driver_license", () => {
  it("matches state formats and reports them with license context", () => {
    assert.deepEqual(spans(usDriverLicense, "D1234567 and 123AB1234"), [[0, 8], [13, 22]]);
    assert.ok(scoreOf(usDriverLicense, "Driver's license: D1234567") >= 0.6);
    assert.ok(scoreOf(usDriverLicense, "part D1234567") < 0.4);
  });
  it("rejects letters-only words and shapes no state issues", () => {
    assert.deepEqual(spans(usDriverLicense, "ABCDEFG AB1 AB12345678 C12T345672"), []);
  });
  it("takes a device driver for no licence context", () => {
    assert.ok(scoreOf(usDriverLicense, "parse the ASCII driver! id=1187884934") < 0.4);
    assert.ok(scoreOf(usDriverLicense, "driver's license 1187884934") >= 0.4);
  });
  it("takes no register for a licence's label in assembly code (Go's assembler tests)", () => {
    const reported = (text: string) => run(usDriverLicense, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));
    assert.deepEqual(reported("\tADCB DL, (R11)                          // 411013\n\tADCB $7, DL    // 41801307"), []);
    assert.deepEqual(reported("DL: D1234567"), ["D1234567"]);
  });
  it("takes no URL's path segment for a licence, beside authors' initials DL (a paper's references)", () => {
    const refs = "Available at: http://www.ncbi.nlm.nih.gov/pubmed/17453286.\n449. Learoyd DL, Gosnell JE. Available at:\nhttp://www.ncbi.nlm.nih.gov/pubmed/19623515.\n305. Schwartz DL, Lobo M";
    assert.deepEqual(run(usDriverLicense, refs).filter((f) => f.score >= 0.4), []);
    assert.deepEqual(run(usDriverLicense, "driver's license 17453286, see https://www.dmv.ca.gov/portal").filter((f) => f.score >= 0.4).length, 1);
  });
  it("takes no colour for a licence, beside a style sheet's class .dl (Pygments' highlighting CSS)", () => {
    const reported = (text: string) => run(usDriverLicense, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));
    assert.deepEqual(reported(".sc { color: #BA2121 } /* Literal.String.Char */\n.dl { color: #BA2121 } /* Literal.String.Delimiter */"), []);
    assert.deepEqual(reported("DL: BA2121"), ["BA2121"]);
  });
  it("takes no calendar period for a licence, even next to licence words", () => {
    assert.deepEqual(spans(usDriverLicense, "889 units in Q4. Renew the licence in Q1 or H2"), []);
    assert.deepEqual(spans(usDriverLicense, "driver license A1234"), [[15, 20]]);
    // two or three characters: found, never reported (LLVM: `const SDLoc &DL, SDValue N0`)
    assert.deepEqual(run(usDriverLicense, "driver license A1; const SDLoc &DL, SDValue N0, X86").map((f) => f.score), [0.01, 0.01, 0.01]);
  });
  it("takes no software licence or bug number near 'license' for a driver's licence (seen in copyright files)", () => {
    const reported = (text: string) => run(usDriverLicense, text).filter((f) => f.score >= 0.4);
    // an info file's tag table (coreutils.info)
    assert.deepEqual(reported("Node: Putting the tools together\x7f697043\nNode: GNU Free Documentation License\x7f709380\n"), []);
    assert.deepEqual(reported("GNU General Public License\n * Boston, MA 021110-1307, USA."), []);
    assert.deepEqual(reported("following copyright and license.\nLicense: X11 and public-domain\n Permission is hereby granted"), []);
    assert.deepEqual(reported("adding missing\n    licenses.  (Closes: #1019937)"), []);
    assert.deepEqual(reported(" 776504 Upgrade license from LGPL"), []);
    // change logs and NEWS: a tracker's numbers beside "permit" and "license", Visual Studio (procps, ncurses, packagekit, lcms2)
    assert.deepEqual(reported("Adjusted pmap pidlist storage Debian #688180\n  * programs will permit core-dumps RedHat #1518986"), []);
    assert.deepEqual(reported("font licences. Fixes rh#519394 (Richard)\n- JDK-8277227: Better license\nAdded a project for VS2013\nAdded license for iccjpeg"), []);
    assert.deepEqual(reported("\tunsigned char id[16];\t/* ID of this PCM device / fine identification, delimited with one space (AC97 etc..) */"), []);
    assert.ok(scoreOf(usDriverLicense, "permit D1234567") >= 0.4);
    assert.ok(scoreOf(usDriverLicense, "license 8277227") >= 0.4);
    assert.ok(scoreOf(usDriverLicense, "Driver license: X1187884") >= 0.4);
    // ssh's man pages, objdump output
    assert.deepEqual(reported("disable the timeout and permit X11 forwarding"), []);
    // Rust's error index: an error code near "permit"
    assert.deepEqual(reported("Error code E0670\nRust 2015 does not permit the use of async fn.\nerror[E0670]: `async fn` is not permitted"), []);
    assert.deepEqual(reported("7 license       0000000000000000  0000000000000000"), []);
    assert.deepEqual(reported("7 license       00000004  0000000000000000  00000988  2**0"), []);
    // a book's ISBN beside its licence (Vim's docs)
    assert.deepEqual(reported("the Open Publication License (published by New Riders Publishing, ISBN: 0735710015)."), []);
    // an HTML tag's name next to <DL> (Python's cgi.py)
    assert.deepEqual(reported('print("<H3>Shell Environment:</H3>")\nprint("<DL>")'), []);
  });
  it("takes no commit's link text and no number of a package manifest naming its licence for a driver's licence (node_modules)", () => {
    const reported = (text: string) => run(usDriverLicense, text).filter((f) => f.score >= 0.4);
    // sha.js's change log, pretty-ms's package.json: at 0.40
    assert.deepEqual(reported("- update README to reflect LICENSE [`8938256`](https://github.com/browserify/sha.js/commit/8938256a1b)"), []);
    assert.deepEqual(reported('{\n\t"description": "Convert milliseconds to a human readable string: `1337000000` → `15d 11h 23m 20s`",\n\t"license": "MIT",\n\t"repository": "sindresorhus/pretty-ms"}'), []);
    // a licence number as a link to another page, a record whose licence field holds a licence number, a manifest's permit
    assert.deepEqual(reported("driver license [D1234567](https://dmv.ca.gov/check)").length, 1);
    assert.deepEqual(reported('{"name": "Ana", "license": "D1234567"}').length, 1);
    assert.deepEqual(reported('{"license": "ISC", "permit": "D1234567"}').length, 1);
  });
  it("takes no context from the description after a number keying a list's line (GLib's NEWS, Valgrind's changelog)", () => {
    const reported = (text: string) => run(usDriverLicense, text).filter((f) => f.score >= 0.4);
    assert.deepEqual(reported(" 776586 License headers cleanup\n 777077 Use of memory after it is freed"), []);
    assert.deepEqual(reported("385868  glibc ld.so _dl_runtime_resolve_avx_slow"), []);
    // a label on the line above still counts
    assert.ok(scoreOf(usDriverLicense, "License number:\n12345678 issued 2020") >= 0.4);
  });
});
