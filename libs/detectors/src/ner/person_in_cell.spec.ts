import assert from "node:assert/strict";
import { personInCell } from "./person_in_cell.ts";
import { run } from "../testing.ts";

const found = (text: string, header: string) => run(personInCell, text, header).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/person_in_cell", () => {
  it("finds a name alone in a cell of a name column, without title or suffix", () => {
    assert.deepEqual(found("Lavada Zieme", "name"), ["Lavada Zieme"]);
    assert.deepEqual(found("Dr. Malvina DuBuque", "full_name"), ["Malvina DuBuque"]);
    assert.deepEqual(found(" Conner Deckow-Bruen Jr. ", "customer"), ["Conner Deckow-Bruen"]);
    assert.deepEqual(found("Peter O'Neil", "Employee"), ["Peter O'Neil"]);
    assert.deepEqual(found("Ludwig van Beethoven", "patient name"), ["Ludwig van Beethoven"]);
    assert.deepEqual(found("Anna", "first name"), ["Anna"]);
    // one word no lexicon knows under a given name's or a surname's column (an HR export); not under "name"
    assert.deepEqual([found("Priya", "First Name"), found("Raghunathan", "last_name"), found("Oluwaseun", "Vorname"), found("Raghunathan", "name")], [["Priya"], ["Raghunathan"], ["Oluwaseun"], []]);
    for (const cell of ["Pending", "Unknown", "Leeds"]) assert.deepEqual(found(cell, "last name"), [], cell);
    // faker's generational suffixes: "I" and "V" alone in a cell after a name
    assert.deepEqual(found("Addie Rosenbaum V", "name"), ["Addie Rosenbaum"]);
    assert.deepEqual(found("Mr. Clyde Mante I", "name"), ["Clyde Mante"]);
    // a package's people (package.json's "author", "contributors")
    assert.deepEqual(found("John Chadwick", "author"), ["John Chadwick"]);
    assert.deepEqual(found("Douglas Christopher Wilson", "contributors"), ["Douglas Christopher Wilson"]);
  });
  it("reads the columns of a European HR export: a surname the lexicon knows as a company, a given name it knows as a word, names in capitals, a surname's particles", () => {
    // ("Dupont" a company and a town to the lexicons, "Jean" a fabric, "Jan" a month)
    assert.deepEqual([found("Dupont", "Last name"), found("Dupont", "Nachname"), found("Jean", "Prénom"), found("Jean", "prenom"), found("Jan", "Imię"), found("Kowalski", "Nazwisko")], [["Dupont"], ["Dupont"], ["Jean"], ["Jean"], ["Jan"], ["Kowalski"]]);
    // in capitals, as French administrative exports write them
    assert.deepEqual([found("DUPONT", "Nom de famille"), found("JEAN-PIERRE", "Prénom"), found("DUPONT Jean", "Name"), found("GARCÍA LÓPEZ", "Apellidos"), found("JOHN SMITH", "name")], [["DUPONT"], ["JEAN-PIERRE"], ["DUPONT Jean"], ["GARCÍA LÓPEZ"], ["JOHN SMITH"]]);
    // a surname opening with its particles, under a surname's column only
    assert.deepEqual([found("van der Berg", "Achternaam"), found("de la Cruz", "Apellidos"), found("VAN DER BERG", "last name"), found("van der Berg", "name")], [["van der Berg"], ["de la Cruz"], ["VAN DER BERG"], []]);
    // not: another field's label (a header row read as cells), a place, a thing's column, "Dupont" under the ambiguous "Nom"
    for (const [cell, header] of [["Prénom", "Nom"], ["Ville", "Nachname"], ["Paris", "Last name"], ["Dupont", "product"], ["Dupont", "Nom"], ["SNCF", "Last name"], ["ACME CORP", "Name"]] as const) assert.deepEqual(found(cell, header), [], `${cell} under ${header}`);
  });
  it("takes English words or a place in a name's shape for a name under a full name's label only (\"Chance Will\", \"Kenya Ward\")", () => {
    assert.deepEqual(found("Chance Will", "full_name"), ["Chance Will"]);
    assert.deepEqual(found("Kenya Ward", "Kontoinhaber"), ["Kenya Ward"]);
    assert.deepEqual(found("Chance Will", "name"), []);
    assert.deepEqual(found("Chance Will", "customer"), []);
    for (const placeholder of ["Unknown Customer", "Test User", "Acme Holdings"]) assert.deepEqual(found(placeholder, "full_name"), [], placeholder);
  });
  it("says the cell is the name and nothing else, title and suffix aside (NER need not read it)", () => {
    for (const cell of ["Ms. Cora Schneider MD", "Rufus Harber Sr.", "Jakayla Fay I"]) assert.equal(run(personInCell, cell, "name")[0]?.whole, true, cell);
  });
  it("scores by the header: the same cell under another column is no finding", () => {
    assert.deepEqual(found("Lavada Zieme", "product"), []);
    assert.deepEqual(found("Port Kaylee", "city"), []);
    assert.equal(run(personInCell, "Lavada Zieme", "name")[0]!.score, 0.65);
    // a name column of a thing (AWS's API models: "serviceFullName"); a person's columns stay
    for (const [cell, header] of [["Service Quotas", "serviceFullName"], ["Lavada Zieme", "Product Name"], ["Lavada Zieme", "file_name"], ["Shield Advanced", "service full name"]] as const) assert.deepEqual(found(cell, header), [], header);
    for (const header of ["ownerName", "Customer Name", "display_name", "hostName"]) assert.deepEqual(found("Lavada Zieme", header), ["Lavada Zieme"], header);
    // a product's CamelCase name is no one's; syllables joined with a capital are a name (a package.json's author)
    assert.deepEqual(found("CrowdStrike Falcon", "name"), []);
    for (const name of ["ByeongHun Yoo", "XiaoLong Wang", "Jim VanHorn"]) assert.deepEqual(found(name, "author"), [name], name);
  });
  it("takes nothing that is not a name alone: products, companies, places, sentences, codes", () => {
    assert.deepEqual(found("Rustic Steel Keyboard", "name"), []);
    assert.deepEqual(found("Acme Ltd", "customer"), []);
    assert.deepEqual(found("New York", "name"), []);
    assert.deepEqual(found("Globex", "customer"), []); // one unknown word: not enough
    assert.deepEqual(found("Lavada Zieme ordered twice", "name"), []);
    // (a name in capitals is one: "JOHN SMITH", "DUPONT Jean" below; an acronym or English words in capitals are none)
    for (const cell of ["SNCF", "ACME WIDGETS", "README FIRST", "NEW YORK", "JO", "LU", "IBM"]) assert.deepEqual(found(cell, "name"), [], cell);
    assert.deepEqual(found("A. Smith 42", "name"), []);
    assert.deepEqual(found("maria garcia", "name"), []);
    // a list of countries under "name" (countries-list's countries.csv)
    for (const c of ["Sri Lanka", "Saint Lucia", "Solomon Islands", "Western Sahara", "San Marino"]) assert.deepEqual(found(c, "name"), [], c);
    assert.deepEqual(found("Jordan", "name"), ["Jordan"], "a given name that is also a country's stays");
  });
});
