import assert from "node:assert/strict";
import { FORM_NAME, formReading, mayBePerson, namesOrUnknown, startsWithVerb } from "./name_shape.ts";

describe("ner/name_shape", () => {
  it("lets names through, known to the lexicon or not", () => {
    for (const v of ["Lavada Zieme", "Martin King", "Malvina DuBuque", "Conner Deckow-Bruen", "Golden Hessel", "Ludwig van Beethoven", "Anna", "Loyal Dooley-Boyle", "Domenic Hessel-Ward", "Unique Zboncak-Konopelski", "Hoeger-Towne", "Jaylin Von", "Al Collier", "Del Smith"]) assert.ok(mayBePerson(v), v);
  });
  it("vetoes companies, products, places, and single words that are not known names", () => {
    for (const v of ["Acme Ltd", "The Support Team", "Globex Corporation", "Rustic Steel Keyboard", "Sleek Wooden Soap", "New York", "Paris", "Customer", "Hipolito", "Acme-Globex Ltd", "Steel-Keyboard"]) assert.ok(!mayBePerson(v), v);
    // systems and networks under a diagram's or an inventory's "Name:"
    for (const v of ["Hydro Network", "Billing System", "Payments Platform", "Staff Portal", "Risk Committee"]) assert.ok(!mayBePerson(v), v);
    // a command: a CI workflow's steps
    for (const v of ["Use Node", "Test Browsers", "Install Dependencies", "Build Docs"]) assert.ok(startsWithVerb(v), v);
    // currencies and cloud products under a JSON "name" (countries-list's currencies, botocore's service models); first names that are also companies and nationalities stay
    for (const v of ["Swedish Krona", "Burundian Franc", "Surinamese Dollar", "Amazon Polly", "Amazon CloudFront", "Microsoft Teams"]) assert.ok(!mayBePerson(v), v);
    for (const v of ["Sindre Sorhus", "Stefan Reichel", "Ford Pfannerstill", "Dell Leuschke", "Dane Sporer", "German Bechtelar"]) assert.ok(mayBePerson(v), v);
    // currencies and languages as ICU names them, and a language's variants (a currency list's and AWS's JSON); a name that is also a language's stays
    for (const v of ["Zambian Kwacha", "Solomon Islands Dollar", "Southern Sotho", "Norwegian Bokmål", "British English", "Castilian Spanish"]) assert.ok(!mayBePerson(v), v);
    for (const v of ["Tom English", "Anna French", "Golden Hessel", "Shona"]) assert.ok(mayBePerson(v), v);
    // ensembles under a concert catalogue's "name" (Go's citm_catalog.json); surnames that look like such words stay
    for (const v of ["Berliner Philharmoniker", "Orchestre Colonne", "Orchestre Pasdeloup", "Joshua Redman Quartet", "Gewandhausorchester Leipzig", "Staatskapelle Berlin", "Quatuor Ebène", "Accentus Chœur"]) assert.ok(!mayBePerson(v), v);
    for (const v of ["Melchor Ocampo", "Charlotte Church", "Evgeny Kissin"]) assert.ok(mayBePerson(v), v);
    // two words of which compromise knows at most one, the other a common English word of an abstract noun's ending (Maven's POMs);
    // common words that are names too stay (faker's "Oral Crooks", "Autumn Mills")
    for (const v of ["Dependency Analysis", "Repository Name"]) assert.ok(!mayBePerson(v), v);
    // a setting's or a product's name (the Google Cloud CLI's and CMake's pages)
    for (const v of ["New Dashboard", "Default Config", "My Project"]) assert.ok(!mayBePerson(v), v);
    // headings of a manual or a form in other languages (PHP's manual in Portuguese: "Nome\nValor Padrão")
    for (const v of ["Valor Padrão", "Valor Retornado", "Valeur Défaut", "Standardwert"]) assert.ok(!mayBePerson(v), v);
    // an operating system, a group of settings (distro's README, pip's sources)
    for (const v of ["Antergos Linux", "General Options", "Advanced Settings"]) assert.ok(!mayBePerson(v), v);
    // a project's people, a place's kind, a question (npm packages' package.json and READMEs), a group of accounts (Active Directory's, SharePoint's)
    for (const v of ["Yargs Contributors", "Emerald City", "Orange County", "Does Ora", "Is Mary", "Domain Admins", "Backup Operators", "Cert Publishers", "Remote Desktop Users", "Site Owners"]) assert.ok(!mayBePerson(v), v);
    for (const v of ["Oral Crooks", "Autumn Mills", "Serenity Waters", "Hunter Manning"]) assert.ok(mayBePerson(v), v);
    // three words or more: one of them a known name, else a heading (Node's all.json "displayName"s)
    for (const v of ["Basic Extension Errors", "Resolution Algorithm Specification", "Community Conditions Definitions"]) assert.ok(!mayBePerson(v), v);
    for (const v of ["Kazi Manzur Rashid", "Abhishek Kumar Singh", "Ana Carolina Silva"]) assert.ok(mayBePerson(v), v);
    for (const v of ["Chase Miller", "Rob Stone", "Anna", "Grace Kelly"]) assert.ok(!startsWithVerb(v), v);
  });
  it("after a person's cue, takes a given name that is an English word too before a surname that is none", () => {
    // "Jean" a fabric, "Dupont" a company to compromise's lexicon; "Till" a preposition, "Bayer" a company
    for (const v of ["Jean Dupont", "Christian Michelin", "Till Bayer", "Jan Peugeot", "Jean de Dupont"]) {
      assert.ok(mayBePerson(v, true), v);
      assert.ok(!mayBePerson(v), `${v} without a cue`);
    }
    // before an English word, still a thing; the company and heading vetoes still hold
    for (const v of ["Jean Shorts", "Max Power", "Rose Gold", "Robin Hood Bank", "Jean Dupont Gmbh", "Max Valor"]) assert.ok(!mayBePerson(v, true), v);
  });
  it("reads a form's name in capitals as a name is written, the same length; no acronym, no product beside capitals", () => {
    const cases: [string, string | null][] = [["DUPONT Jean", "Dupont Jean"], ["JEAN-PIERRE", "Jean-Pierre"], ["DE LA CRUZ", "de la Cruz"], ["D'ALMEIDA", "D'Almeida"], ["Jean Dupont", "Jean Dupont"], ["LEE Anna", "Lee Anna"]];
    for (const [value, reading] of cases) assert.equal(formReading(value), reading, value);
    for (const value of ["SNCF", "IBM Watson", "LU", "HDA NVidia", "DE LA"]) assert.equal(formReading(value), null, value);
    // (under a surname's or a given name's own label, three letters with a vowel are a name's)
    assert.deepEqual([formReading("KOT", true), formReading("DE VOS", true), formReading("SNCF", true)], ["Kot", "de Vos", null]);
    const form = new RegExp(`^${FORM_NAME}$`, "u");
    for (const value of ["DUPONT Jean", "van der Berg", "GARCÍA LÓPEZ", "Jean DUPONT"]) assert.ok(form.test(value), value);
    assert.ok(!form.test("Cora Schneider MD"), "a suffix in capitals is no name word");
  });
  it("knows accented forms of names the lexicon knows unaccented: three words with one known are a name", () => {
    for (const v of ["José García López", "María García López", "María José García", "João Gonçalves Pereira", "Núñez Pérez Sánchez", "María García López".normalize("NFD")]) assert.ok(mayBePerson(v, true), v);
    // surnames joined by "y", "e", "i" (Spanish, Portuguese, Catalan), in a form's value
    for (const v of ["María García y López", "José Ortega y Gasset", "Maria da Silva e Sousa", "Jordi Puig i Soler"]) assert.ok(new RegExp(`^${FORM_NAME}$`, "u").test(v) && mayBePerson(v, true), v);
    assert.ok(namesOrUnknown("García y López"));
  });
  it("vetoes accented English words and places' kinds in other languages", () => {
    for (const v of ["Café Olé", "Fiancé Soirée", "Ciudad de México", "Cidade de Lisboa", "Madrid y Barcelona"]) assert.ok(!mayBePerson(v, true), v);
    assert.ok(!new RegExp(`^${FORM_NAME}$`, "u").test("y García"), "a connector opens no name");
    assert.ok(!new RegExp(`^${FORM_NAME}$`, "u").test("García y"), "nor ends one");
  });
  it("takes each word of a surname's or a given name's field for a name, or no English word", () => {
    for (const v of ["Dupont", "Jean", "Jan", "García López", "Pieter", "van Leeuwen"]) assert.ok(namesOrUnknown(v), v);
    for (const v of ["Report", "None", "Adresse", "Acme Ltd", "Readme First"]) assert.ok(!namesOrUnknown(v), v);
  });
});
