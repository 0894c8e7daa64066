import assert from "node:assert/strict";
import { streetAddress } from "./street_address.ts";
import { run } from "../testing.ts";

// What counts at the default minimum score (0.4).
const found = (text: string) => run(streetAddress, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/street_address", () => {
  it("finds US, UK and continental addresses with units and postcodes", () => {
    assert.deepEqual(found("Ship to 742 Evergreen Terrace, Springfield, IL 62704."), ["742 Evergreen Terrace, Springfield, IL 62704"]);
    assert.deepEqual(found("221B Baker Street, London NW1 6XE"), ["221B Baker Street, London NW1 6XE"]);
    assert.deepEqual(found("Wohnhaft Hauptstraße 5, 10115 Berlin"), ["Hauptstraße 5, 10115 Berlin"]);
    assert.deepEqual(found("12 rue de la Paix, 75002 Paris"), ["12 rue de la Paix, 75002 Paris"]);
    assert.deepEqual(found("PO Box 4521, Austin, TX 78701"), ["PO Box 4521, Austin, TX 78701"]);
  });
  it("finds the addresses of contracts, reports and forms written by hand (bench/detect/handwritten.ts)", () => {
    // a street without a kind, its number, a postcode and a town on one line
    assert.deepEqual(found("Vermieter: Klaus-Dieter Schönfeld, Am Stadtpark 3, 04109 Leipzig\nMieter: …"), ["Am Stadtpark 3, 04109 Leipzig"]);
    assert.deepEqual(found("Anschrift: Rosenhügel 14, 81377 München"), ["Rosenhügel 14, 81377 München"]);
    assert.deepEqual(found("Adres: Westersingel 88, 3015 LD Rotterdam\nTelefoon: 06 12345678"), ["Westersingel 88, 3015 LD Rotterdam"]);
    assert.deepEqual(found("Adres: Stratumseind 5, 5611 EN Eindhoven"), ["Stratumseind 5, 5611 EN Eindhoven"]);
    // a Spanish flat's floor and door before the postcode; two articles in the street's name
    assert.deepEqual(found("la vivienda sita en Calle Sierpes 48, 2º izq., 41004 Sevilla."), ["Calle Sierpes 48, 2º izq., 41004 Sevilla"]);
    assert.deepEqual(found("Domicilio familiar: Paseo de la Independencia 21, 50001 Zaragoza"), ["Paseo de la Independencia 21, 50001 Zaragoza"]);
    // a party's residence word before a street of its kind without a postcode
    assert.deepEqual(found("la sig.ra Li Na, residente a Milano, in Corso Buenos Aires 77, tel. 347 123 4567"), ["Corso Buenos Aires 77"]);
    // a Scottish flat's number; French kinds that are English words too, before "du", "de", "des"
    assert.deepEqual(found("She now lives at 14/3 Comely Bank Road, Edinburgh EH4 1DR and"), ["14/3 Comely Bank Road, Edinburgh EH4 1DR"]);
    assert.deepEqual(found("demeurant 3 square du Roi Arthur, 35000 Rennes, atteste"), ["3 square du Roi Arthur, 35000 Rennes"]);
    assert.deepEqual(found("The flat has 3 square metres of storage and 2 passages to the yard."), []);
    // anything else numbered, then a number and a word: no town the gazetteer knows, no address word
    assert.deepEqual(found("Kapitel 3, 12345 Treffer. Version 2, 10000 Downloads"), []);
  });
  it("finds a street written kind first and number after (Spanish, Italian, Portuguese, Polish) with its postcode or an address word", () => {
    assert.deepEqual(found("Dirección: Calle Mayor 10, 28013 Madrid"), ["Calle Mayor 10, 28013 Madrid"]);
    assert.deepEqual(found("Via Roma 15, 00184 Roma"), ["Via Roma 15, 00184 Roma"]);
    assert.deepEqual(found("Endereço: Rua Augusta, nº 100, 01305-000 São Paulo"), ["Rua Augusta, nº 100, 01305-000 São Paulo"]);
    assert.deepEqual(found("Adres: ul. Długa 5, 00-238 Warszawa"), ["ul. Długa 5, 00-238 Warszawa"]);
    assert.deepEqual(found("Domicilio: Avenida da Liberdade 245"), ["Avenida da Liberdade 245"]);
    assert.deepEqual(run(streetAddress, "Via Roma 15, 00184 Roma")[0]!.validation, "address_with_postcode");
    // titles and citations that have the shape
    assert.deepEqual(found("See Plaza Suite 3. Camino Real 2 was released. Track 4: Largo Allegro 2. Ronda Rousey 2 fights."), []);
    assert.deepEqual(found("Smith et al. Nature 2019; address of the lab below"), []);
  });
  it("reads an address block's postcode and town on the line after the street, and a block whatever the street's kind", () => {
    assert.deepEqual(found("Herrn\nJonas Abel\nHans-Schlehahn-Str. 13b\n10133 Trier\n\nTrier, 5. Februar 2019"), ["Hans-Schlehahn-Str. 13b\n10133 Trier"]);
    assert.deepEqual(found("Kerkstraat 12\n1017 GM Amsterdam\n"), ["Kerkstraat 12\n1017 GM Amsterdam"]);
    assert.deepEqual(found("Via Roma 15\n00184 Roma\n"), ["Via Roma 15\n00184 Roma"]);
    assert.deepEqual(found("Oskardijk 502b\n5683 MX Grietewijk\n"), ["Oskardijk 502b\n5683 MX Grietewijk"]);
    assert.deepEqual(found("skwer Bielecki 62\n99-848 Czyżew\n"), ["skwer Bielecki 62\n99-848 Czyżew"]);
    assert.deepEqual(found("Am Plattenbusch 47b\n95502 Jarnostadt"), ["Am Plattenbusch 47b\n95502 Jarnostadt"]);
    assert.equal(run(streetAddress, "Am Plattenbusch 47b\n95502 Jarnostadt")[0]!.validation, "address_with_postcode");
    // a comma before the number and "s/n" (no number) as Spanish writes them; a town with its lower-case joining words
    assert.deepEqual(found("Rampa Luz Fonseca Otero, 5\n74917 Motril\n"), ["Rampa Luz Fonseca Otero, 5\n74917 Motril"]);
    assert.deepEqual(found("Jardines Ricardo s/n.\n68510 Fuengirola\n"), ["Jardines Ricardo s/n.\n68510 Fuengirola"]);
    assert.deepEqual(found("Via Emilia 5\n42123 Reggio nell'Emilia\n"), ["Via Emilia 5\n42123 Reggio nell'Emilia"]);
    assert.deepEqual(found("Piazza Garibaldi 3, 66023 Francavilla al Mare"), ["Piazza Garibaldi 3, 66023 Francavilla al Mare"]);
    assert.deepEqual(found("Colonia Eduardo, 98\n28703 San Sebastián de los Reyes\n"), ["Colonia Eduardo, 98\n28703 San Sebastián de los Reyes"]);
    assert.deepEqual(found("van de Walplantsoen 471 II\n1930 TM Werk\n"), ["van de Walplantsoen 471 II\n1930 TM Werk"], "a Dutch floor after the number");
    // two lines that are no block: a number after the words, or no town after the code
    assert.deepEqual(found("Chapter 5\n12345 items were sold\nTotal 12\n2024\n"), []);
  });
  it("takes the other USPS suffixes with an address word near, or completed by city, state and ZIP", () => {
    assert.deepEqual(found("Please note my address: 25273 Nathen Hollow. Thanks"), ["25273 Nathen Hollow"]);
    assert.deepEqual(found("Shipping to 70223 Satterfield Island"), ["70223 Satterfield Island"]);
    assert.deepEqual(found("8290 Jerrod Courts, Springfield, IL 62704"), ["8290 Jerrod Courts, Springfield, IL 62704"]);
  });
  it("does not take numbers followed by ordinary words for addresses", () => {
    assert.deepEqual(found("We sold 300 units last year and 12 more today."), []);
    assert.deepEqual(found("Top 10 Key Points of the plan"), []);
    assert.deepEqual(found("Chapter 4 Light Rail Station opened"), []);
    // a table's cell labels, a season and English words ending in "ring" before a number
    assert.deepEqual(found("Row 1 Col 1 Row 1 Col 2 Row 1 Col 3\nRow 2 Col 1 Row 2 Col 2"), []);
    assert.deepEqual(found("Course schedule for Spring 2024; Offering 3; String 2 of 4"), []);
    assert.deepEqual(found("Journal of Micromechanics and Microengineering 2, pp. 141-157, 1992; Monitoring 4"), []);
    // a product's name (Linux's change log: Apple's touchpads), a manual's contents
    assert.deepEqual(found("HID: apple: Set the tilde quirk flag on the Wellspring 5 and later"), []);
    assert.deepEqual(found(" #Format-String 1.2 The Format String"), []);
    // (and the German rings stay addresses, as do ordinals in a street's name)
    assert.deepEqual(found("Hohenzollernring 12; Ostring 5, 44787 Bochum; Europaring 7"), ["Hohenzollernring 12", "Ostring 5, 44787 Bochum", "Europaring 7"]);
    assert.deepEqual(found("Wir wohnen am Theodor-Heuss-Ring 12, 50668 Köln."), ["Theodor-Heuss-Ring 12, 50668 Köln"]);
    assert.deepEqual(found("Ship to 100 West 31st Street"), ["100 West 31st Street"]);
  });
  it("takes no copyright list, changelog header, date, version or preposition for an address (seen in /usr/share/doc)", () => {
    assert.deepEqual(found(" 2008 Claus Tondering\n 2008 Clemens N. Buss\n           2010-2015 Lennart Poettering\n           2012 B. Poettering"), []);
    assert.deepEqual(found("Copyright: 2021 Iain Lane\n"), []);
    assert.deepEqual(found("2008-04-01  Seongbae Park  <seongbae.park@gmail.com>\n2022-04-12 19:22:51 +0300  Sebastian Dröge"), []);
    assert.deepEqual(found("is started for HTTP/2 and HTTP/1.1 via TCP\n During 5bc05ba155 accidentally"), []);
    assert.deepEqual(found("Copyright 1998-2003 VIA Technologies, Inc. Shipped 3 via UPS."), []);
    assert.deepEqual(found("275\t189\tBD\tҐ\tCYRILLIC CAPITAL LETTER GHE WITH UPTURN"), []);
    // ... while addresses on one line, or completed on the next by a postcode, still are
    assert.deepEqual(found("Mail to 51 Franklin Street, Suite 500\n Boston, MA 02110-1335"), ["51 Franklin Street, Suite 500\n Boston, MA 02110-1335"]);
    assert.deepEqual(found("Unit 6, 116 Woodburn Road,\n Berala"), ["116 Woodburn Road"]);
    assert.deepEqual(found("Ufficio in Via Roma 1 e Kaiserring 12, 68161 Mannheim"), ["Kaiserring 12, 68161 Mannheim"], "the Italian street with no address word or postcode: too weak");
  });
  it("takes an organisation's address for no person's (GPL notices, Python's licence, a university's; in /usr/share/doc 312 of 394)", () => {
    const org = [
      "write to the Free Software\n Foundation, Inc., 51 Franklin Street, Fifth Floor, Boston, MA 02110-1301 USA",
      "# Foundation, Inc., 59 Temple Place, Suite 330, Boston, MA  02111-1307  USA",
      "Research Initiatives, having an office at 1895 Preston White Drive,\nReston, VA 20191",
      "      Carnegie Mellon University\n      5000 Forbes Avenue\n      Pittsburgh, PA  15213-3890",
      " * Please contact Oracle, 500 Oracle Parkway, Redwood Shores, CA 94065 USA\n * or visit www.oracle.com if you need additional information",
      '.\\" Please contact Oracle, 500 Oracle Parkway, Redwood Shores, CA 94065 USA\n.\\" or visit www.oracle.com if you need',
      "Acme Widgets, 12 Harbor Road, Portland, ME 04101 (https://acme.example)",
      "Advanced Research and Technology\n       Institute at 351 West 10th Street.  Indianapolis, Indiana\n       46202",
      "Cygnus Solutions\n%                                1325 Chesapeake Terrace\n%",
      "Attn: Contracts and Legal Department\r\n380 New York Street\r\nRedlands, CA 92373",
      "29K Support Products\nMail Stop 573\n5900 E. Ben White Blvd.\nAustin, TX 78741",
      "If not, see <http://www.gnu.org/licenses/>\n 51 Franklin Street, Fifth Floor, Boston, MA",
      "--   IBM UK, PO Box 31, Birmingham Road, Warwick CV34 5JL, UK   --",
      "Siemens AG, 12 Harbor Road, Portland, ME 04101",
    ];
    for (const text of org) {
      const [f] = run(streetAddress, text);
      assert.equal(f?.validation, "organisation_address", text);
      assert.ok(f!.score < 0.4, text);
    }
    // a name in capitals before a country is no company's branch: the address is a person's
    assert.equal(run(streetAddress, "JANE DOE USA, 12 Main Street, Springfield, IL 62701")[0]?.validation, "address_with_postcode");
    assert.deepEqual(found("Maria Garcia, 51 Franklin Street, Boston, MA 02110"), ["51 Franklin Street, Boston, MA 02110"]);
    assert.deepEqual(found("Tom from the UK, PO Box 31, Warwick CV34 5JL"), ["PO Box 31"]);
  });
  it("takes a documentation's made-up address, a run-time and a date's year for no address (the AWS CLI's examples, Node's docs, botocore)", () => {
    for (const text of ["He lives at 100 Main Street, Anytown, USA, where", '--street-1 "123 Any Street"', "to Sunshine Spa, 123 Main St, Anywhere and send", "    locality: 'Mountain View'\n    addressLines: ['1600 Amphitheatre Pkwy']", "ship it to 1 Infinite Loop, Cupertino"]) {
      const [f] = run(streetAddress, text);
      assert.equal(f?.validation, "documentation_example", text);
    }
    assert.deepEqual(found("7 Internal Exception Handler Run-Time Failure: There was"), []);
    assert.deepEqual(found("SDK versions released on or after April 1, 2026 route to <code>stream-logs"), []);
    assert.deepEqual(found("address: 123 Main Street, Springfield\nshipped April 1, 2026 to 12 rue de la Paix"), ["123 Main Street", "12 rue de la Paix"]);
  });
  it("takes a year and a copyright holder's name for no address (systemd's, GLib's and URI.js's notices)", () => {
    const holders = ["           2016 Antonio Ospite <ao2@ao2.it>\n           2016 Iain Lane <iain@orangesquash.org.uk>", "/** @license URI.js v4.4.1 (c) 2011 Gary Court. License: MIT", "Copyright:\n 2001-2008 Hans Breuer\n 2001 Hidetoshi Tajima\n 2021 Iain Lane\n 2018-2021 Igalia S.L\n"];
    for (const text of holders) {
      const fs = run(streetAddress, text);
      assert.ok(fs.length > 0, `${text}: found, as a holder`);
      for (const f of fs) assert.ok(f.score < 0.4 && f.validation === "copyright_holder", `${text}: ${JSON.stringify(f)}`);
    }
    assert.deepEqual(found("Ship to:\n1925 Maple Lane\n2001 Oak Court\n"), ["1925 Maple Lane", "2001 Oak Court"], "a list of addresses whose numbers look like years stays");
    assert.deepEqual(found("Maria Garcia, 51 Franklin Street, Boston, MA 02110. Her page: see the intranet"), ["51 Franklin Street, Boston, MA 02110"]);
  });
  it("reads a long run of CRs or of hyphenated capitals once (ReDoS)", () => {
    assert.deepEqual(found(`${"\r".repeat(300_000)}Wohnhaft Hauptstraße 5, 10115 Berlin`), ["Hauptstraße 5, 10115 Berlin"]);
    assert.deepEqual(found(`${"A-".repeat(150_000)} Wohnhaft Hauptstraße 5, 10115 Berlin`), ["Hauptstraße 5, 10115 Berlin"]);
  });
});
