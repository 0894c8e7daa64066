import assert from "node:assert/strict";
import { location } from "./location.ts";
import { run } from "../testing.ts";

const places = (text: string, header = "") => run(location, text, header).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/location", () => {
  it("reports the places compromise reads, stronger with address context", () => {
    assert.deepEqual(places("She moved from Chicago last spring."), ["Chicago"]);
    const [plain] = run(location, "We met in London.");
    const [lived] = run(location, "He lives in London.");
    assert.ok(lived!.score > plain!.score, `${lived!.score} > ${plain!.score}`);
  });
  it("takes the Free Software Foundation's city in a GPL notice for an organisation's address", () => {
    for (const text of ["write to the Free Software Foundation, Inc.,\n * 51 Franklin Street, Fifth Floor, Boston, MA 02110-1301 USA.", " * Boston, MA 021110-1307, USA.", "Foundation, Inc., 51 Franklin Street - Fifth Floor, Boston,\n   MA 02110-1301, USA.", "Foundation, Inc., 675 Mass Ave, Cambridge, MA 02139, USA."]) {
      const fs = run(location, text).filter((f) => text.slice(f.start, f.end) === "Boston" || text.slice(f.start, f.end) === "Cambridge");
      assert.ok(fs.length > 0, text);
      for (const f of fs) assert.deepEqual([f.score, f.validation], [0.01, "organisation_address"], text);
    }
    assert.deepEqual(places("She lives in Boston, MA 02134."), ["Boston"]);
  });
  it("reports no place in a cell of a people column: a first name or surname that is also a place", () => {
    assert.deepEqual(places("London Ward", "name"), []);
    assert.deepEqual(places("Hudson Upton", "Customer"), []);
    assert.deepEqual(places("London", "city"), ["London"]);
    assert.deepEqual(places("The customer name is on file; she lives in London."), ["London"], "a people word in the text is no negative context");
  });
});
