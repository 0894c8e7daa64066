import assert from "node:assert/strict";
import { location } from "./location.ts";
import { run } from "../testing.ts";

const places = (text: string, header = "") => run(location, text, header).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/location", () => {
  it("leaves the words before a bracket that labels a place of its own (a person's name, then the city): not a place for it", () => {
    assert.deepEqual(places("Angus Morissette (City Springfield) joined."), []);
    assert.deepEqual(places("We met in Springfield (Illinois) last year.")[0], "Springfield");
  });
  it("reports the places compromise reads, stronger with address context", () => {
    assert.deepEqual(places("She moved from Chicago last spring."), ["Chicago"]);
    const [plain] = run(location, "We met in London.");
    const [lived] = run(location, "He lives in London.");
    assert.ok(lived!.score > plain!.score, `${lived!.score} > ${plain!.score}`);
  });
  it("takes the Free Software Foundation's city in a GPL notice, and Oracle's town in a JDK's, for an organisation's address", () => {
    for (const text of ["write to the Free Software Foundation, Inc.,\n * 51 Franklin Street, Fifth Floor, Boston, MA 02110-1301 USA.", " * Boston, MA 021110-1307, USA.", "Foundation, Inc., 51 Franklin Street - Fifth Floor, Boston,\n   MA 02110-1301, USA.", "Foundation, Inc., 675 Mass Ave, Cambridge, MA 02139, USA.", " * Please contact Oracle, 500 Oracle Parkway, Redwood Shores, CA 94065 USA\n * or visit www.oracle.com if you need additional information"]) {
      assert.deepEqual(places(text), [], text);
    }
    assert.ok(places("She moved to 500 Oracle Parkway, Redwood Shores, CA 94065 last year.").includes("Redwood Shores"), "a home there is someone's");
    // (the city alone after the FSF's street: found, never reported)
    const [boston] = run(location, " * Boston, MA 021110-1307, USA.");
    assert.deepEqual([boston?.score, boston?.validation], [0.01, "organisation_address"]);
    assert.deepEqual(places("She lives in Boston, MA 02134."), ["Boston"]);
  });
  it("lets 'state' lift a place the gazetteer knows, not compromise's guess beside a machine's state (Linux's headers)", () => {
    const score = (text: string, place: string) => run(location, text).find((f) => text.slice(f.start, f.end) === place)?.score;
    assert.equal(score("State: Ohio", "Ohio"), 0.75);
    assert.equal(score(" * The Zone Condition state machine in the ZBC standard", "Zone Condition"), 0.4);
    assert.equal(score("\tTHERMAL_GENL_EVENT_CDEV_STATE_UPDATE,\t/* Cdev state updated */", "Cdev"), 0.4);
  });
  it("takes no time zone's region for a place (java.time's docs)", () => {
    assert.deepEqual(places(' * ZoneId.of("America/Los_Angeles") and "Europe/Paris" in the docs; she moved to America.'), ["America"]);
  });
  it("takes no name of code for a place (Rust's API pages)", () => {
    assert.deepEqual(places("impl trait.Ord.html trait std::cmp::Ord Ord for ../net/enum.IpAddr.html"), []);
    assert.deepEqual(places("struct std::iter::Scan Scan<Self, St, F>"), []);
    assert.deepEqual(places("The office moved to Paris in May; write to paris.office@acme.com."), ["Paris"]);
  });
  it("reports no place in a cell of a people column: a first name or surname that is also a place", () => {
    assert.deepEqual(places("London Ward", "name"), []);
    assert.deepEqual(places("Hudson Upton", "Customer"), []);
    assert.deepEqual(places("London", "city"), ["London"]);
    assert.deepEqual(places("The customer name is on file; she lives in London."), ["London"], "a people word in the text is no negative context");
  });
});
