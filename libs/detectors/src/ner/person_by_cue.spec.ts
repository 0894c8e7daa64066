import assert from "node:assert/strict";
import { openingName, personByCue } from "./person_by_cue.ts";
import { run } from "../testing.ts";

const found = (text: string) => run(personByCue, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/person_by_cue", () => {
  it("finds the addressee after Dear and the signature under a closing", () => {
    assert.deepEqual(found("Fort Chelsie, Mon Nov 23 2026\n\nDear Jamarcus Lueilwitz,\n\nThank you for"), ["Jamarcus Lueilwitz"]);
    assert.deepEqual(found("Dear Mrs. Hoeger-Towne:\nplease find"), ["Hoeger-Towne"]);
    assert.deepEqual(found("...as agreed.\n\nKind regards,\nMalvina DuBuque\n"), ["Malvina DuBuque"]);
    assert.deepEqual(found("Yours sincerely,\n\nDr Grayce McClure PhD"), ["Grayce McClure"]);
    assert.deepEqual(found("Best wishes\nAnna"), ["Anna"]);
    assert.deepEqual(found("Please note my name: Conner Deckow-Bruen. Thanks"), ["Conner Deckow-Bruen"]);
    assert.deepEqual(found("Patient name: Golden Hessel\nDOB: 1970-01-01"), ["Golden Hessel"]);
    // a French given name compromise knows as an English word ("jean"), a surname it knows as a company ("DuPont")
    assert.deepEqual(found("Name: Jean Dupont\nDear Jean Dupont,\n"), ["Jean Dupont", "Jean Dupont"]);
    assert.deepEqual(found("Name: Jean Shorts\n"), []);
    // decomposed (NFD) letters, as macOS and some PDFs' text layers write them
    assert.deepEqual(found("Dear Mr. François Müller\nName: José Núñez\n".normalize("NFD")), ["Franc\u0327ois Mu\u0308ller", "Jose\u0301 Nu\u0301n\u0303ez"]);
  });
  it("finds the names of mail headers, signatures and letters the lexicon does not know (bench/detect/handwritten.ts)", () => {
    assert.deepEqual(found("From: Chukwuemeka Okafor <c.okafor@northfield-legal.com>\nTo: Aisha Rahman <aisha.rahman@gmail.com>\nSubject: Re: deposit"), ["Chukwuemeka Okafor", "Aisha Rahman"]);
    assert.deepEqual(found("> Von: Thandiwe Mokoena <t.mokoena@blueharbour.com.au>"), ["Thandiwe Mokoena"]);
    assert.deepEqual(found("Thanks, see you Thursday.\n\n--\nThandiwe Mokoena\nSenior Account Manager\n"), ["Thandiwe Mokoena"]);
    assert.deepEqual(found("Private & Confidential\n\nDear Oluwaseun,\n\nOffer of employment"), ["Oluwaseun"]);
    // a list's name, a mailing list's, a signature's product line, a greeting's word: none
    assert.deepEqual(found("From: Build Server <ci@example.org>\nTo: Release Notes <notes@example.org>"), []);
    assert.deepEqual(found("-- \nSent from my iPhone\n"), []);
    assert.deepEqual(found("Dear Sirs,\nDear Customer,\nDear Colleagues,\n"), []);
  });
  it("takes one word no lexicon knows for the surname under a surname's label, in each language; under another label a lone word must be a known name", () => {
    assert.deepEqual(found("Nom : Lemoine\nPrénom : Claire\nNachname: Pusch\nSurname: Wazowski\nAchternaam: Dijkstra\n"), ["Lemoine", "Claire", "Pusch", "Wazowski", "Dijkstra"]);
    assert.deepEqual(found("Name: Wazowski\nLast name: Report\n"), [], "not a surname's label; an English word");
    assert.deepEqual(found("        last_name = None\nsurname: Null\nlastName = Undefined\n"), [], "a language's word for no value (moto's sources)");
    assert.ok(run(personByCue, "Prénom : Claire")[0]!.score >= 0.9, "the label raises it");
  });
  it("ends a form's value before the next field on its line: a gap, a tab, a label with French spacing", () => {
    // (it swallowed the next label: "Dupont  Prénom", and "Jean" was missed)
    assert.deepEqual(found("Nom : Dupont  Prénom : Jean\n"), ["Dupont", "Jean"]);
    assert.deepEqual(found("Nom:\tDupont\tPrénom:\tJean\n"), ["Dupont", "Jean"]);
    assert.deepEqual(found("Nom : Dupont Prénom : Jean\n"), ["Dupont", "Jean"]);
    assert.deepEqual(found("Nom : Dupont  Date de naissance : 01/01/1990\n"), ["Dupont"]);
    assert.deepEqual(found("Name: Anna Schmidt    Abteilung: Einkauf\n"), ["Anna Schmidt"]);
    assert.deepEqual(found("Nom\tDupont\tPrénom\tJean\n"), ["Dupont", "Jean"], "a table's row of labels and values");
  });
  it("takes one word under a given name's label: no English word, or a given name English knows only as a word", () => {
    assert.deepEqual(found("Vorname: Jan\nVoornaam: Pieter\nImię: Jan\nPrénom : Jean\nPrénoms : Jean-Pierre\nGiven name(s): Aoife\nGiven names: Jean-Pierre\nForename: Siobhan\n"), ["Jan", "Pieter", "Jan", "Jean", "Jean-Pierre", "Aoife", "Jean-Pierre", "Siobhan"]);
    assert.deepEqual(found("Surname: Smith  Given name(s): John Paul\n"), ["Smith", "John Paul"]);
    // "Nombre" and "Nome" are a given name's after a surname's label, elsewhere any name's
    assert.deepEqual(found("Apellidos: García López  Nombre: María\nCognome: Rossi\nNome: Chiara\n"), ["García López", "María", "Rossi", "Chiara"]);
    assert.deepEqual(found("Nombre: Producto\nNombre del archivo: Informe\nNome: Principale\n"), []);
    assert.deepEqual(found("First name: None\nVorname: Report\nPrénom : Adresse\n"), []);
  });
  it("reads labels and names in capitals, as French administrative forms write them", () => {
    assert.deepEqual(found("NOM : DUPONT\nPRÉNOM : JEAN\nNom : DUPONT Jean\nNAME: JOHN SMITH\nNom :\nMARTIN\n"), ["DUPONT", "JEAN", "DUPONT Jean", "JOHN SMITH", "MARTIN"]);
    assert.deepEqual(found("NOM : DUPONT  PRÉNOM : JEAN-PIERRE\n"), ["DUPONT", "JEAN-PIERRE"]);
    // three letters under a surname's or a given name's own label, or a combined one, are a name's; under "Name" an acronym's
    assert.deepEqual(found("NAZWISKO : KOT  IMIĘ : JAN\nACHTERNAAM : DE VOS\nCognome e nome : LI Wei\n"), ["KOT", "JAN", "DE VOS", "LI Wei"]);
    // an acronym, a product, English words in capitals; under "Name" one word must be a known name
    assert.deepEqual(found("NOM : SNCF\nNAME: NGINX\nNAME: README FIRST\nName: NEW DASHBOARD\nNAME: ACME CORP\nName: IBM Watson\nName: EDF Energie\n"), []);
    assert.deepEqual(found("Name: LEE Anna\n"), ["LEE Anna"], "a short surname the lexicon knows as a name");
  });
  it("takes a surname that opens with its particles under a surname's label", () => {
    assert.deepEqual(found("Achternaam: van der Berg  Voornaam: Pieter\nApellidos: de la Cruz Fernández\nAPELLIDOS: DE LA CRUZ\n"), ["van der Berg", "Pieter", "de la Cruz Fernández", "DE LA CRUZ"]);
    assert.deepEqual(found("Naam: Pieter van der Berg\n"), ["Pieter van der Berg"], "inside a name, as before");
  });
  it("reads a combined label: the name in one, or the surname and the given names apart", () => {
    assert.deepEqual(found("Nom et prénom : DUPONT Jean\nNachname/Vorname: Müller, Anna\nLast name, First name: Smith, John\nCognome e nome: Rossi Mario\nNazwisko i imię: Kowalski Jan\nApellidos y nombre: García López, María\n"), ["DUPONT Jean", "Müller, Anna", "Smith, John", "Rossi Mario", "Kowalski Jan", "García López, María"]);
    assert.deepEqual(found("Name/Vorname: Default Profile\nNom, prénom : fichier.txt\nNachname, Vorname: Report, Summary\n"), []);
  });
  it("finds an owner's or a holder's name, in a config and in the other languages; an owner's, of objects in code too, with no English word but a name's", () => {
    assert.deepEqual(found("owner=Jean Dupont\nOwner: Anna Schmidt\nTitulaire : Jean Dupont\nTitular: María García\nWłaściciel: Jan Kowalski\nProduct Owner: Priya Raghunathan\n"), ["Jean Dupont", "Anna Schmidt", "Jean Dupont", "María García", "Jan Kowalski", "Priya Raghunathan"]);
    assert.deepEqual(found("owner=None\nowner: Socket\nowner = Object\nowner: Socket Connection\nOwner: Golden Hessel\nInhaber: Müller GmbH\nowner=root\n"), []);
    // a company holds and owns too: under another language's label a word of the value must be a name the lexicon knows
    assert.deepEqual(found("Titular: Banco Santander\nWłaściciel: Orange Polska\nTitulaire : Société Générale\nEigentümer: Stadtwerke München\nInhaber: Deutsche Bahn AG\n"), []);
    assert.deepEqual(found("Inhaber: Thomas Weber\nEigenaar: Pieter de Vries\nTitolare: Marco Rossi\n"), ["Thomas Weber", "Pieter de Vries", "Marco Rossi"]);
    // Catalan's surnames' label, alone and with the given name's
    assert.deepEqual(found("Cognoms: Puig i Soler\nNom i cognoms: Jordi Puig i Soler\nCognoms: Dades personals\n"), ["Puig i Soler", "Jordi Puig i Soler"]);
    // its field labels in a column or a header row are no names
    assert.deepEqual(found("NOM\nCOGNOMS\nADREÇA\n"), []);
    assert.deepEqual(found("Nom: Cognoms\n"), []);
    // a form body's next pair ends the value (decoded, "name=Leann+Rach&email=…" reads "name=Leann Rach&email=…")
    assert.deepEqual(found("name=Leann Rach&email=x\naccount_holder=Helene Dehmel&iban=SI21\n"), ["Leann Rach", "Helene Dehmel"]);
  });
  it("ends an author's name at a wide gap before the address (X11's keyboard files)", () => {
    assert.deepEqual(found("// Author: Erdal Ronahî  <erdal@example.org>\n//   author:  Jens Herden   (jens at example)\n// Created by : Abhishek Deshpande     <a@example.org>\n"), ["Erdal Ronahî", "Jens Herden", "Abhishek Deshpande"]);
  });
  it("takes no acronym, product or locale beside capitals for a name (ALSA's and X11's files, faker's types)", () => {
    assert.deepEqual(found("  card short name: HDA NVidia\n\t\tname\t\tTATAR-CYR:GR\n  last_name: SimplePersonEntryDefinition;\n"), []);
  });
  it("finds Spanish, Portuguese and Catalan names, accented, of a given name and two surnames, after a name's or a holder's label", () => {
    assert.deepEqual(found("Nombre: José García López\n"), ["José García López"]);
    assert.deepEqual(found("Nombre: María García López\n"), ["María García López"]);
    assert.deepEqual(found("Titular: María García López\n"), ["María García López"]);
    assert.deepEqual(found("Name: María García López\n"), ["María García López"]);
    assert.deepEqual(found("Nombre: María José García\n"), ["María José García"]);
    assert.deepEqual(found("Nombre: José Luis Rodríguez Zapatero\n"), ["José Luis Rodríguez Zapatero"]);
    assert.deepEqual(found("Nome: João Gonçalves Pereira\n"), ["João Gonçalves Pereira"]);
    assert.deepEqual(found("Titular: Łukasz Müller\n"), ["Łukasz Müller"]);
    assert.deepEqual(found("NOMBRE: JOSÉ GARCÍA LÓPEZ\n"), ["JOSÉ GARCÍA LÓPEZ"]);
    assert.deepEqual(found("Nombre: María García López\n".normalize("NFD")), ["María García López".normalize("NFD")]);
    // surnames joined by "y", "e", "i"
    assert.deepEqual(found("Nombre: María García y López\n"), ["María García y López"]);
    assert.deepEqual(found("Nome: Maria da Silva e Sousa\n"), ["Maria da Silva e Sousa"]);
    assert.deepEqual(found("Nom: Jordi Puig i Soler\n"), ["Jordi Puig i Soler"]);
    assert.deepEqual(found("Apellidos: García y López  Nombre: María José\n"), ["García y López", "María José"]);
  });
  it("leaves accented words, places, companies and files after those labels", () => {
    for (const t of ["Nombre: Café Olé\n", "Nombre del archivo: informe.pdf\n", "Nombre: Ciudad de México\n", "Titular: Banco Santander\n", "Nombre: Madrid y Barcelona\n", "Nombre: Rock y Pop\n", "Titular: Café Olé\n"]) assert.deepEqual(found(t), [], t);
  });
  it("reads long runs of capitals, particles, tabs and labels once (ReDoS, long run)", () => {
    for (const text of ["Nom : " + "DUPONT ".repeat(20000), "Name: " + "DE ".repeat(20000) + "x", "Nom\t" + "Dupont\t".repeat(20000), "Nom et prénom : " + "ABC, ".repeat(20000), "Nom : " + "Dupont  ".repeat(20000) + ":", "NOM\n".repeat(20000), "Name: Anna" + " ".repeat(40000) + "x"]) {
      const t = Date.now();
      found(text);
      assert.ok(Date.now() - t < 1500, `${Date.now() - t} ms on ${JSON.stringify(text.slice(0, 30))}`);
    }
  });
  it("leaves a header row, a column of labels and things' names", () => {
    // (one word after a surname's label in a row with more fields, or a label below a label, is the next label)
    assert.deepEqual(found("Nom,Prénom,Ville\nNachname,Geburtsdatum\nNom\nPrénom\nAdresse\n"), []);
    assert.deepEqual(found("Nom : fichier.txt\nName: nginx\nNom du produit : Lait\nName: Default Profile\n"), []);
  });
  it("finds a document's author or signer after a label (a sheet's page header: \"Header - Author: John Smith\" in Tika's test file)", () => {
    assert.deepEqual(found("Header - Author: John Smith\nPrepared by: Jane Roe\nAPPROVED BY: Ben Okafor\n"), ["John Smith", "Jane Roe", "Ben Okafor"]);
    assert.ok(run(personByCue, "Author: John Smith")[0]!.score >= 0.9, "the label raises it");
    assert.deepEqual(found("Author: Microsoft Corporation\nAuthor: Unknown\ncreated by: admin\nCreated by: The Support Team\n"), []);
    // a company by its legal form or its word (Linux's IPMI headers)
    assert.deepEqual(found(" * Author: MontaVista Software, Inc.\n *         Corey Minyard\nAuthor: Acme Widgets Ltd\nWritten by: Zorin Mercer Inc.\n"), []);
    assert.deepEqual(found("Author: Corey Minyard, Inc. Finance\n"), [], "a legal form after two words makes them a company's name, whoever's");
    assert.deepEqual(found("Author: Corey Minyard, Incoming\nAuthor: Jane Roe, Ltda-free\n"), ["Corey Minyard", "Jane Roe"], "a word that starts as a legal form is not one");
    // the next field's label on the same line is not the name's last word
    assert.deepEqual(found("reviewed by: Mike Fabian Bug: 3352\nName: John Smith Phone: 555 123\n"), ["Mike Fabian", "John Smith"]);
    assert.deepEqual(found("Dear John Smith:\nthank you"), ["John Smith"], "a salutation's colon ends the line");
    // a documentation comment's author tag; other tags name no one
    assert.deepEqual(found("/**\n * Parses frames.\n * @author John Chadwick\n * @author Jane Roe <jane@example.org>\n */"), ["John Chadwick", "Jane Roe"]);
    assert.deepEqual(found(" * @name Alias Queries\n * @authorize Admin Users\n"), []);
  });
  it("finds a name right after its label with no colon, after an article, a possessive or a parenthesis, when no word of it is an English word", () => {
    assert.deepEqual(found("Our records show the Name Heber Gorczany for this person."), ["Heber Gorczany"]);
    assert.deepEqual(found("Pauline Huel (Name Perry Abbott) joined."), ["Perry Abbott"]);
    assert.deepEqual(found("I spoke with the Customer Name Ana Ruiz, as agreed"), ["Ana Ruiz"]);
    assert.deepEqual(found("Type the name Alice Smith and press enter"), ["Alice Smith"]);
    // (titles, tables and fields, and any name-shaped run of English words: a weak cue)
    for (const text of ["See the Name Server Operations for details.", "(Name Server Lookup) fails", "Enter the Name Lookup Table below", "Set the Name Field Value here.", "Name Heber Gorczany"]) assert.deepEqual(found(text), [], text);
  });

  it("leaves greetings to groups and roles, and signatures of teams", () => {
    assert.deepEqual(found("Dear Customer,\nyour order"), []);
    assert.deepEqual(found("Dear Sir or Madam,"), []);
    assert.deepEqual(found("Hi All,"), []);
    assert.deepEqual(found("Kind regards,\nThe Support Team\n"), []);
    assert.deepEqual(found("Regards,\nAcme Ltd"), []);
    assert.deepEqual(found("my dear friend John Smith came"), []);
    assert.deepEqual(found("Best Practices\nSecurity Review"), []);
    assert.deepEqual(found("File name: Final Report.docx"), []);
    assert.deepEqual(found("Username: Admin\n"), []);
    assert.deepEqual(found("Company name: Globex Corporation."), []);
    // a thing's name in a system report's header or an inventory; a form's "Print Name" is a person's
    assert.deepEqual(found("* Report Name:   Spine Labels\n* Report No.:    SPILA\nJob Name: Nightly Backup\nServer Name: Atlas Prime\n"), []);
    assert.deepEqual(found("Print Name: Nicole Knox\nAccount Name: Golden Hessel\n"), ["Nicole Knox", "Golden Hessel"]);
    // titles with "Name", a compound key, a CI step before a dotted name (Node's docs, lsof, Debian's copyright files, GitHub workflows)
    assert.deepEqual(found("### Name Related Errors\n    c.  Host and Service Name Lookup Hangs\n the `Name Server Operations\nGuide'"), []);
    assert.deepEqual(found("Upstream-Name: Apache Maven\nSource: http://maven.apache.org\n      - name: Check Node.js version\n        Name=Foo Viewer\n"), []);
    assert.deepEqual(found("Name\tAnna Smith\nName  Golden Hessel\nname = Malvina DuBuque.\n"), ["Anna Smith", "Golden Hessel", "Malvina DuBuque"], "a table's columns, an assignment, a sentence's end");
    // a people's name key as data files write it; other names' keys are not
    assert.deepEqual(found("customerName: Zakary Dare\npatient_name\tItzel Beer\nFULL_NAME: Golden Hessel\nMy customerName is Elyse Prohaska.\nlastName: Smith\n"), ["Zakary Dare", "Itzel Beer", "Golden Hessel", "Elyse Prohaska", "Smith"]);
    assert.deepEqual(found("userName: Admin Person\nhostName: Foo Bar\ndisplayName: Anna Smith\nclassName = Golden Hessel\n"), []);
    // glued to its key by "=", as logs and properties write it; not a desktop file's Name= nor an environment variable
    assert.deepEqual(found("user login name=Mose Schowalter id=7\ncustomer_name=Drew Bernier\nkontoinhaber=Essie Hartmann\nnom=Matthew Kunze\n"), ["Mose Schowalter", "Drew Bernier", "Essie Hartmann", "Matthew Kunze"]);
    assert.deepEqual(found("[Desktop Entry]\nName=Firefox Web\nGenericName=Web Browser\nX-GNOME-FullName=Image Editor\nNAME=Debian Linux\n"), []);
    // a form's label on its own line, the name alone on the next
    assert.deepEqual(found("Name\nDeangelo Hackett\n\nName:\n  Golden Hessel\n"), ["Deangelo Hackett", "Golden Hessel"]);
    // a key-value CSV export's row: the label starts the line, the name is a whole field
    assert.deepEqual(found("Name,Tiara Gislason,active\n\"Customer name\",\"Drew Bernier\"\nNom,Conor Lemke\n"), ["Tiara Gislason", "Drew Bernier", "Conor Lemke"]);
    assert.deepEqual(found("Name,Description,Version\nName, Address and Phone are required\nid,Name,Anna Smith\nName,Anna Smith and co\n"), [], "a header row, a sentence, a label that is no row's first field, a field that is more than a name");
    assert.deepEqual(found("Name\nDescription\nthe name\nAnna Smith\n"), []);
    // a CI job's or step's name
    assert.deepEqual(found("      - name: Setup Node\n        uses: actions/setup-node@v4\n  dependency-review:\n    name: Dependency Review\n    if: github.event_name\n"), []);
    // a table's column headers over its rule (Java's CalendarSystem); a name over a rule of its own is still read
    assert.deepEqual(found(" * <pre>\n *  Name          Calendar System\n *  ---------------------------------------\n *  gregorian     Gregorian Calendar\n"), []);
    assert.deepEqual(found("Name: Golden Hessel\nPhone: 555\n---\n"), ["Golden Hessel"]);
    // a table's header row, its columns far apart (perf's manual)
    assert.deepEqual(found("  Kwork name                 Runtime     Delaytime\n"), []);
    assert.deepEqual(found("  - name: Golden Hessel\n    role: admin\n"), ["Golden Hessel"], "a list of people is not a CI file");
    // Doxygen's grouping command in LLVM's headers
    assert.deepEqual(found("  /// @}\n  /// @name Alias Queries\n  /// @{\n    /// \\name Section Management\n"), []);
  });
  it("reads a name's label that says whose name it asks for (bench/detect/handwritten.ts)", () => {
    assert.deepEqual(found("Naam ouder: Marieke Verbeek\nE-mail: m.verbeek@kpnmail.nl"), ["Marieke Verbeek"]);
    assert.deepEqual(found("Achternaam leerling: Wijaya\nVoornaam: Dewi"), ["Wijaya", "Dewi"]);
    assert.deepEqual(found("Nom du père : Jean Dupont\nName of parent: Anna Weber"), ["Jean Dupont", "Anna Weber"]);
    assert.deepEqual(found("Name of file: Final Report"), []);
    // a Dutch certificate's surname label, a Portuguese label in the plural
    assert.deepEqual(found("Geslachtsnaam: de Groot\nVoornamen: Noor Amara"), ["de Groot", "Noor Amara"]);
    assert.deepEqual(found("Nomes: Rafael Augusto Nakamura\nCônjuge 1: …"), ["Rafael Augusto Nakamura"]);
  });
  it("reads the name a CV, a profile or a sender's block opens with, contact under it (bench/detect/handwritten.ts)", () => {
    const opening = (text: string) => openingName(text).map((c) => text.slice(c.start, c.end));
    assert.deepEqual(opening("CURRICULUM VITAE\n\nPriya Raghunathan\n221 Elmwood Drive, Austin, TX 78704"), ["Priya Raghunathan"]);
    assert.deepEqual(opening("Dawid Szczepański\nPoznań · +48 698 214 503 · dawid@onet.pl"), ["Dawid Szczepański"]);
    assert.deepEqual(opening("Hiroshi Tanaka-Bell\nSenior Data Engineer at Octopus Energy\nGreater Bristol Area · 500+ connections"), ["Hiroshi Tanaka-Bell"]);
    assert.deepEqual(found("Dawid Szczepański\nPoznań · +48 698 214 503 · dawid@onet.pl"), ["Dawid Szczepański"]);
    // a title, a form's heading of words no lexicon knows, no contact under it
    assert.deepEqual(opening("Annual Report\n2024 figures"), []);
    assert.deepEqual(opening("Schadenmeldung Hausratversicherung\n\nVersicherungsnehmer: Hans Weber\nPolice 1234"), []);
    assert.deepEqual(opening("Anna Smith\nwrote this note\nabout nothing"), []);
  });
});
