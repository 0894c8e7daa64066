import assert from "node:assert/strict";
import { personByForeignCue } from "./person_by_foreign_cue.ts";
import { cuedFindsAsWhole, run } from "../testing.ts";

const found = (text: string) => run(personByForeignCue, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/person_by_foreign_cue", () => {
  it("finds the addressee after a salutation and a title, in each language", () => {
    assert.deepEqual(found("Trier, 5. Februar 2019\n\nSehr geehrter Herr Pusch,\n\nvielen Dank"), ["Pusch"]);
    assert.deepEqual(found("Sehr geehrte Frau Dr. Weber,\nSehr geehrte Frau Professorin Krause,\n"), ["Weber", "Krause"]);
    assert.deepEqual(found("Herr Direktor Schmidt lässt grüßen."), ["Schmidt"]);
    assert.deepEqual(found("Chère Madame Lemoine,\nNous vous remercions"), ["Lemoine"]);
    assert.deepEqual(found("Estimada Sra. Ayala Heredia:\nLe agradecemos"), ["Ayala Heredia"]);
    assert.deepEqual(found("Gentile Sig.ra Marangon,\nLa ringraziamo"), ["Marangon"]);
    assert.deepEqual(found("Prezado Sr. Albuquerque,\nAgradecemos"), ["Albuquerque"]);
    assert.deepEqual(found("Geachte heer van de Berg,\nHartelijk dank"), ["van de Berg"]);
    assert.deepEqual(found("Szanowny Panie Kowalski,\ndziękujemy"), ["Kowalski"]);
    assert.deepEqual(found("Liebe Anna,\nwie besprochen"), ["Anna"], "a given name the lexicon knows, without a title");
  });
  it("finds the names of contracts, reports and forms written by hand: parties' and people's roles, Italian and Spanish titles (bench/detect/handwritten.ts)", () => {
    assert.deepEqual(found("Anzeigende Person: Katarzyna Nowicka, geboren am 12.4.1979"), ["Katarzyna Nowicka"]);
    assert.deepEqual(found("Erziehungsberechtigte: Amela Mustafić, Dario Mustafić\nTelefon (mobil): 0176 23456789"), ["Amela Mustafić"]);
    assert.deepEqual(found("Madre: Elena Díaz Morales\nPadre: Chinedu Okonkwo"), ["Elena Díaz Morales", "Chinedu Okonkwo"]);
    assert.deepEqual(found("Ouder/verzorger: Budi Wijaya, telefoon 040 244 1234"), ["Budi Wijaya"]);
    assert.deepEqual(found("Verbalizzante: brig. Antonio Greco"), ["Antonio Greco"]);
    assert.deepEqual(found("Gentile collega,\nla sig.ra Rossi è stata ricoverata dal 3 al 9 marzo.\n\nIl medico: dott.ssa Chiara Colombo"), ["Rossi", "Chiara Colombo"]);
    assert.deepEqual(found("De una parte, Dña. Carmen Ruiz Ortega, en nombre de la empresa"), ["Carmen Ruiz Ortega"]);
    assert.deepEqual(found("Sehr geehrter Herr Kollege Brandt,\n\nwir berichten"), ["Brandt"]);
    // a title alone on its line above the name (a German address block); "M." and "D." before two names at least; Italian "sig." after its article
    assert.deepEqual(found("Amtsgericht Dortmund – Ladung als Zeuge\n\nHerrn\nSerkan Aksoy\nRheinische Straße 88\n44137 Dortmund"), ["Serkan Aksoy"]);
    assert.deepEqual(found("Madame, j'héberge à mon domicile M. Kofi Mensah, né le 30 octobre 1995."), ["Kofi Mensah"]);
    assert.deepEqual(found("Estimada señora: De otra parte, D. Adebayo Ogunleye, nacido el 5 de abril de 1990"), ["Adebayo Ogunleye"]);
    assert.deepEqual(found("Gentile dottore, si certifica che il sig. Kwame Asante, nato a Accra"), ["Kwame Asante"]);
    // an English party's or payee's label, the name before a wide gap and the next field
    assert.deepEqual(found("Contact us.\nEmployee: Vikram Choudhary         Employee no.: 00417\nTenant: Mehmet Yılmaz"), ["Vikram Choudhary", "Mehmet Yılmaz"]);
    // an initial before one word, a degree, a signature's "sig." in code: none
    assert.deepEqual(found("Contact: see below. M. Benzema est engagé. Degree: M. Tech Applied. Madame Fabio M. Di Nitto. Cordialement\nvoid f(sig. Verify)"), []);
    // a role's word in running text or before a thing is none
    assert.deepEqual(found("Der Mieter: Bitte beachten Sie die Hausordnung.\nVader: onbekend\nMoeder: Zie bijlage\nsig. Verify the signature"), []);
  });
  it("finds a name after a title in running text, up to the next lower-case word or mark", () => {
    assert.deepEqual(found("Bei Rückfragen wenden Sie sich bitte an Frau Anna Schmidt aus unserer Buchhaltung."), ["Anna Schmidt"]);
    assert.deepEqual(found("Monsieur Moreau vous appellera lundi."), ["Moreau"]);
    assert.deepEqual(found("Mevrouw Dijkstra belt u maandag."), ["Dijkstra"]);
    assert.deepEqual(found("Pani Anna Nowak zadzwoni w poniedziałek."), ["Anna Nowak"]);
  });
  it("finds the signature under a closing and the name after a contact's label", () => {
    assert.deepEqual(found("Mit freundlichen Grüßen\n\nJonas Abel\nKundenservice\n"), ["Jonas Abel"]);
    assert.deepEqual(found("Atentamente,\n\nBerta Ozuna Benavídez\nAtención al Cliente\n"), ["Berta Ozuna Benavídez"], "a given name and two surnames, none an English word");
    assert.deepEqual(found("Met vriendelijke groet,\nSanne de Vries\n"), ["Sanne de Vries"]);
    assert.deepEqual(found("Z poważaniem,\n\nKlaudiusz Kos\n"), ["Klaudiusz Kos"]);
    assert.deepEqual(found("W razie pytań prosimy o kontakt: Nikodem Kosiński, dział księgowości."), ["Nikodem Kosiński"]);
    assert.deepEqual(found("Ansprechpartnerin: Rahel Danner\nTelefon: 030 1234567"), ["Rahel Danner"]);
    // a given name compromise knows as an English word ("jean"), a surname it knows as a company ("DuPont")
    assert.deepEqual(found("Contact: Jean Dupont\nTél. : 01 23 45 67 89"), ["Jean Dupont"]);
    assert.deepEqual(found("Cordialement,\nJean Dupont\n"), ["Jean Dupont"]);
    assert.deepEqual(found("Contact: Jean Shorts\n"), [], "a given name before an English word is a thing's");
  });
  it("takes no group, role, department or form of address without a name for a person", () => {
    assert.deepEqual(found("Sehr geehrte Damen und Herren,\n"), []);
    assert.deepEqual(found("Madame, Monsieur,\nnous vous remercions"), []);
    assert.deepEqual(found("Estimado cliente:\nEstimados señores:\n"), []);
    assert.deepEqual(found("Sehr geehrter Herr Präsident,\nSehr geehrte Frau Kundin,\n"), []);
    assert.deepEqual(found("Atentamente,\nAtención al Cliente\n"), []);
    assert.deepEqual(found("Mit freundlichen Grüßen\nIhr Kundenservice\n"), []);
    assert.deepEqual(found("Met vriendelijke groet,\nVeldkamp Bouw Bv\n\nMit freundlichen Grüßen\nKowalczyk Logistik Gmbh\n"), [], "a company signing, of words no lexicon knows");
    assert.deepEqual(found("Beste Grüße\nund bis bald\n"), []);
    assert.deepEqual(found("Liebe Kollegen,\nHallo Team,\n"), []);
    // "Pan" is also the Polish "you" before a verb, and a Chinese surname (Debian's AUTHORS files); a team is no person
    assert.deepEqual(found("Nową umowę otrzyma Pan pocztą."), []);
    assert.deepEqual(found("Zhang Wenlong, Pan Xuefeng\nJianyang Pan            Formally proven code\n"), []);
    assert.deepEqual(found("Szanowny Pan Jan Kowalski,\n"), ["Jan Kowalski"]);
    assert.deepEqual(found("Upstream-Contact: Apache Maven team\nUpstream-Contact: Mike Gorse\n"), ["Mike Gorse"]);
  });
  it("finds at the cues the shared scan of context words gives exactly what a scan of the whole text finds", () => {
    const found = cuedFindsAsWhole(personByForeignCue, ["Sehr geehrter", "Sehr geehrte Frau Dr.", "Herr", "Frau", "Madame", "Sra.", "Sig.ra", "heer", "Pani", "Szanowny Pan", "Liebe", "Mit freundlichen Grüßen\n", "Atentamente,\n\n", "Z poważaniem,\n", "Ansprechpartnerin:", "Contact :", "kontakt:", "Anna", "Weber", "Berta Ozuna Benavídez", "van de Berg", "Präsident", "Kundenservice", "wird", "Sie", "anrufen", "Herrmann", "Frauke", "contacts", "Monsieur Moreau", ",", ".", "\n", "Jr."], 3);
    assert.ok(found > 1000, `only ${found} names found`);
  });
  it("takes English \"Sr.\" before a job's title for Senior, not Señor (a salary table's titles)", () => {
    for (const t of ["Sr. Test analyst", "Sr. Software Engineer", "Sr. Data Scientist, Madrid", "Title: Sr. Account Executive"]) assert.deepEqual(found(t), [], t);
    assert.deepEqual(found("Estimado Sr. García:"), ["García"]);
    assert.deepEqual(found("El Sr. Fernández Soto llamó ayer."), ["Fernández Soto"]);
  });
  it("reads an abbreviated title alone after a salutation or a contact's label, not as part of the name", () => {
    assert.deepEqual(found("Egregio Dott. Marco Bianchi,\nGentile Dott.ssa Laura Verdi,\n"), ["Marco Bianchi", "Laura Verdi"]);
    assert.deepEqual(found("Bonjour M. Dubois,\nEstimado D. Manuel Pérez:\n"), ["Dubois", "Manuel Pérez"]);
    assert.deepEqual(found("Ihr Ansprechpartner: Herr Dipl.-Ing. Klaus Becker\n"), ["Klaus Becker"], "not \"Herr Dipl\"");
    assert.deepEqual(found("Interlocuteur : M. Philippe Durand\n"), ["Philippe Durand"]);
    assert.deepEqual(found("Il a vu M. Dubois hier."), [], "in running text \"M.\" is an initial");
  });
  it("reads a decomposed (NFD) text as its composed form, at the text's own offsets (macOS's file names, some PDFs' text layers)", () => {
    for (const [nfc, want] of [["Sehr geehrte Frau Jürgens,", "Jürgens"], ["Chère Madame Lefèvre,\nNous vous remercions", "Lefèvre"], ["Mit freundlichen Grüßen\nJürgen Groß\n", "Jürgen Groß"], ["Estimado Sr. Muñoz Ibáñez:", "Muñoz Ibáñez"]] as const) {
      const text = nfc.normalize("NFD");
      const [f, ...more] = run(personByForeignCue, text).filter((c) => c.score >= 0.4);
      assert.ok(f !== undefined && more.length === 0, text);
      assert.equal(text.slice(f.start, f.end), want.normalize("NFD"), "the span holds every mark of its letters");
    }
  });
  it("raises a name's score by its cue (context)", () => {
    const [f] = run(personByForeignCue, "Sehr geehrter Herr Pusch,");
    assert.ok(f && f.score >= 0.9 && f.context.includes("herr"), JSON.stringify(f));
  });
  it("reads the signatures, ranks, chat speakers and second names of documents it was not tuned on (bench/detect/handwritten.ts --set unseen)", () => {
    // a signature's label, the name in full or with initials, a gap before the next field or signature
    assert.deepEqual(found("Signature: J. Park     Date: 02/06/2025"), ["J. Park"]);
    assert.deepEqual(found("Signed: G. Ellis                  Signed: K. Okafor"), ["G. Ellis", "K. Okafor"]);
    assert.deepEqual(found("9. Signature of informant: E. Papadopoulou\n10. Date of registration: 16 January 2025"), ["E. Papadopoulou"]);
    assert.deepEqual(found("Guest signature: Zs. Kovács\nReceived by: Seán Mac Giolla Phádraig"), ["Zs. Kovács", "Seán Mac Giolla Phádraig"]);
    assert.deepEqual(found("Signature: Marketing Department\nSigned: ____"), []);
    // a closing over initials and an abbreviated particle; a Portuguese closing
    assert.deepEqual(found("Mit freundlichen Grüßen\nF. v. Ahlefeldt"), ["F. v. Ahlefeldt"]);
    assert.deepEqual(found("Com os melhores cumprimentos,\nDomingos Kiala\ndomingos.kiala@yahoo.com"), ["Domingos Kiala"]);
    // a form's roles the list lacked, a second person joined by "und"/"et"
    assert.deepEqual(found("Mietinteressent/in 2: Benedikt Kim-Haller   geb. 21.1.1987 in Graz"), ["Benedikt Kim-Haller"]);
    assert.deepEqual(found("Mieter: Nguyễn Văn Hùng und Lê Thị Mai\n\nDie Vermietung erfolgt"), ["Nguyễn Văn Hùng", "Lê Thị Mai"]);
    // an English rank before the name
    assert.deepEqual(found("hit my rear bumper. Officer Lisa Moreno of the city police attended."), ["Lisa Moreno"]);
    assert.deepEqual(found("the claim will be heard by District Judge Okoro at the Civil Justice Centre"), ["Okoro"]);
    assert.deepEqual(found("Ask the Nurse Practitioner clinic. Officer Safety Training is due."), []);
    // a chat's speakers: a role and the name in brackets, the name and the role, a role and the name
    assert.deepEqual(found("[09:15] Agent (Priya): Hi there, I'm happy to help."), ["Priya"]);
    assert.deepEqual(found("Sanne (medewerker): Hoi! Met wie spreek ik?\nLéa (conseillère) : Bonjour"), ["Sanne", "Léa"]);
    assert.deepEqual(found("Konsultant Michał: Dzień dobry, w czym mogę pomóc?"), ["Michał"]);
    assert.deepEqual(found("Customer (Premium): hi\n[10:01] Support (Billing Team): hello"), []);
  });
});
