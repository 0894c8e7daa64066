import assert from "node:assert/strict";
import { person } from "./person.ts";
import { run } from "../testing.ts";
import { detect } from "../index.ts";
import { locator } from "@filescan/contracts";

const people = (text: string) => run(person, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/person", () => {
  it("reports the people compromise reads", () => {
    assert.deepEqual(people("The report was written by Marianne Mueller and Benjamin Renaud."), ["Marianne Mueller", "Benjamin Renaud"]);
  });
  it("takes no street of an organisation's address for a name (the GPL notice in every file of a JDK's sources)", () => {
    const gpl = " * You should have received a copy of the GNU General Public License version\n * 2 along with this work; if not, write to the Free Software Foundation,\n * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.\n";
    assert.deepEqual(people(gpl), []);
  });
  it("takes no French street for a name, and leaves its address whole to the address's detector", () => {
    const text = "please contact Hélène Dubois at 12 Rue de la Paix, Paris.";
    const found = detect([{ text, source: "text", locator: locator() }], {}).map((f) => `${f.type}:${text.slice(f.start, f.end)}`);
    assert.ok(found.includes("ADDRESS:12 Rue de la Paix"), JSON.stringify(found));
    assert.ok(!found.some((f) => f.startsWith("PERSON:Rue")), JSON.stringify(found));
    assert.ok(found.includes("PERSON:Hélène Dubois"), JSON.stringify(found));
  });
  it("takes no town after a street's address for a person, nor the person a French street is named after (\"12 Avenue Victor Hugo, Paris.\")", () => {
    const persons = (text: string) => detect([{ text, source: "text", locator: locator() }], {}).filter((f) => f.type === "PERSON").map((f) => text.slice(f.start, f.end));
    // ("Paris" was a person at 0.50: compromise reads "Hugo, Paris" as a list of names)
    for (const t of ["12 Avenue Victor Hugo, Paris.", "Il habite 12 avenue Victor Hugo, Paris", "8 rue Victor Hugo, Lyon.", "Our office: 12 Boulevard Saint Michel, Paris."]) assert.deepEqual(persons(t), [], t);
    // (nor, the detector alone, the street's person without its house number)
    for (const t of ["12 Avenue Victor Hugo, Paris.", "Il habite Avenue Victor Hugo, Paris.", "Avenue Victor Hugo"]) assert.deepEqual(people(t), [], t);
    // the people stay
    assert.deepEqual(persons("Contact: Paris Hilton"), ["Paris Hilton"]);
    assert.deepEqual(persons("Contact: Jean Dupont, 12 Avenue Victor Hugo, Paris"), ["Jean Dupont"]);
    assert.deepEqual(persons("please contact Hélène Dubois at 12 Avenue Victor Hugo, Paris."), ["Hélène Dubois"]);
    assert.deepEqual(people("Victor Hugo wrote it in Paris. Paris Hilton read it."), ["Victor Hugo", "Paris Hilton"]);
  });
  it("reports a name written in decomposed letters (NFD) at the text's own offsets, masked from them", () => {
    for (const [nfc, name] of [["Sehr geehrte Frau Jürgens,", "Jürgens"], ["Dear Mr. François Müller", "François Müller"]] as const) {
      const text = nfc.normalize("NFD");
      const people = detect([{ text, source: "text", locator: locator() }], {}).filter((f) => f.type === "PERSON");
      assert.equal(people.length, 1, JSON.stringify(people));
      const [f] = people;
      assert.equal(text.slice(f!.start, f!.end), name.normalize("NFD"));
      assert.equal(f!.start, text.indexOf(name[0]!));
      assert.ok(f!.score >= 0.95, JSON.stringify(f));
      assert.ok(!f!.masked.includes(name.slice(1, 4)) && !f!.masked.includes(name.normalize("NFD").slice(1, 4)), f!.masked);
    }
  });
  it("takes no project's name for a person when the text writes it in an identifier (the Jackson library's POM); a name in an e-mail address stays", () => {
    const pom = "<groupId>com.fasterxml.jackson.core</groupId>\n<artifactId>jackson-core</artifactId>\n<description>Core Jackson processing abstractions</description>";
    assert.deepEqual(people(pom), []);
    assert.deepEqual(people("Core Jackson processing abstractions"), ["Jackson"], "without the identifiers, compromise's person");
    const mail = "Regards, Jackson (jackson.smith@acme.com)";
    assert.deepEqual(people(mail), ["Jackson"]);
  });
  it("takes no capitalised term's last word for a person when it is a given name and a word (oauthlib's \"Authorization Code Grant\")", () => {
    assert.deepEqual(people("public clients utilizing the Authorization Code Grant are\n    susceptible to the authorization code interception attack."), []);
    assert.deepEqual(people('request param in both the "Resource Owner Password Credentials Grant"\n        # and "Client Credentials Grant" flows'), []);
    assert.deepEqual(people("Thanks Grant, the report was fine.\nDear Mark, see you soon.\nThe meeting with Grant went well."), ["Grant", "Mark", "Grant"], "after a greeting or a small word, a person");
    assert.deepEqual(people("We met Dr Grant yesterday. Sir Mark spoke next."), ["Grant", "Mark"], "after a title, a person");
  });
  it("takes Alice and Bob alone, in a text that names both, for an example's placeholders (LangChain's docs); a full name stays", () => {
    const sdk = ' * const result1 = await adminRunnable.invoke({\n *   name: "Alice",\n *   email: "alice@example.com"\n * });\n * const result2 = await userRunnable.invoke({ name: "Bob" });\n';
    assert.deepEqual(people(sdk), []);
    assert.deepEqual(people("The report was written by Alice Moreau and Benjamin Renaud. Bob checked it."), ["Alice Moreau", "Benjamin Renaud"]);
    assert.deepEqual(people("The report was written by Alice and checked on Friday."), ["Alice"], "Alice without Bob");
  });
  it("takes no label of code for a person: a constant's comment, the line above a declaration (Linux's headers)", () => {
    const fdreg = "/* Bits of FD_ST1 */\n#define ST1_MAM\t\t0x01\t\t/* Missing Address Mark */\n#define ST2_CM\t\t0x40\t\t/* Control Mark = deleted */\n";
    assert.deepEqual(people(fdreg), []);
    assert.deepEqual(people("#include <linux/in6.h>\n\n/*\n * RPL SR Header\n */\nstruct ipv6_rpl_sr_hdr {\n"), []);
    assert.deepEqual(people("/*\n * Copyright (C) 1998 Paul Mackerras and Marianne Mueller.\n */\n\n#ifndef _LINUX_PMU_H\n#define _LINUX_PMU_H\n"), ["Paul Mackerras", "Marianne Mueller"], "a copyright line above an include guard");
    assert.deepEqual(people(" * the call so that that is the appropriate one of the list of constants.\n * This idea is due to Marianne Mueller.\n */\n#define VA_ARGS_NARGS(...) \\\n"), ["Marianne Mueller"], "a sentence that credits someone above a definition (PostgreSQL's c.h)");
  });
  it("takes no link past a web page's navigation for a person (\"Skip to main content\" on every page of Rust's docs), nor the Julian calendar", () => {
    assert.deepEqual(people("#main-content Skip to main content\n# type_name"), []);
    assert.deepEqual(people("                p++;                    // Skip ':'\n                if (x) {"), []);
    assert.deepEqual(people("Regards,\nSkip Thompson"), ["Skip Thompson"]);
    assert.deepEqual(people("The Julian calendar was replaced. Convert the Julian day number."), []);
    assert.deepEqual(people("Julian Assange spoke."), ["Julian Assange"]);
  });
  it("takes no font's name in a style sheet or a font tag for a person (\"ＭＳ Ｐゴシック\" read as Ms P in a Japanese help file)", () => {
    assert.deepEqual(people("body { font-family: ＭＳ Ｐゴシック, MS UI Gothic, Arial; }"), []);
    assert.deepEqual(people('<p><font face="Ms Jane Roe">x</font></p>'), []);
    assert.deepEqual(people("Font: Ms Jane Roe chose Arial for the report."), ["Jane Roe"]);
  });
  it("takes no mdoc macro of a man page's source for a name, nor an instruction's verb (tmux's and the Google Cloud CLI's pages)", () => {
    const mdoc = '.Bl -column "Key" "Function" -offset indent\n.It Sy "Key" Ta Sy "Function"\n.It Li "v" Ta "Toggle preview"\n.It Li "q" Ta "Exit mode"\n.El\nIf\n.Ar signal\nis\n.Li 0\nor\n.Ed\n.An Joerg Wunsch\n';
    assert.deepEqual(people(mdoc).filter((p) => p !== "Joerg Wunsch"), []);
    assert.deepEqual(people("\\fB(ALPHA)\\fR Mark an insight's state as ACCEPTED.\nGrant the role to the group."), []);
    assert.deepEqual(people("Yesterday I told Mark Twain the news."), ["Mark Twain"]);
    // a change log's instructions, their object a code span or a quoted term
    assert.deepEqual(people("1.52.0 / 2022-02-21\n\n  * Add new upstream MIME types\n  * Mark `image/vnd.microsoft.icon` as compressible\n  * Mark 'font/ttf' as compressible\n"), []);
    // (inside a sentence, the name stays one)
    assert.ok(people('Thanks to Mark "Doc" Brown.').includes("Mark"));
  });
  it("counts a title as context for the name written after it only: not a country's code in a JSON list, a media type's vendor or a title before another name", () => {
    const score = (text: string, name: string) => run(person, text).find((f) => text.slice(f.start, f.end) === name)?.score;
    assert.equal(score("Mr. John Smith called about the invoice.", "John Smith"), 0.85);
    assert.equal(score("MR JOHN SMITH", "JOHN SMITH"), 0.85);
    assert.equal(score('{"MR": "Mauritania", "MS": "Jane Smith", "MT": "Malta"}', "Jane Smith"), 0.5, "the codes MR and MS lift no name");
    // (and a country there is no person at all: compromise_ner's countryOnly)
    assert.equal(score('{"MR": "Mauritania", "MS": "Montserrat", "MT": "Malta"}', "Montserrat"), undefined);
    assert.equal(score("Open it with application/vnd.ms-excel, then ask John Smith.", "John Smith"), 0.5);
    assert.equal(score("Dear customer, John Smith will call.", "John Smith"), 0.85, "other context words count as before");
  });
});
