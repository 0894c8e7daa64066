import assert from "node:assert/strict";
import { dateOfBirth, parseDate } from "./date_of_birth.ts";
import { run } from "../testing.ts";

const reported = (text: string, header = "") => run(dateOfBirth, text, header).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("generic/date_of_birth", () => {
  it("reports dates with birth context in many formats", () => {
    assert.deepEqual(reported("Patient DOB: 03/14/1985, admitted 2024-01-02"), ["03/14/1985"]);
    assert.deepEqual(reported("She was born on 4 July 1976 in Ohio."), ["4 July 1976"]);
    assert.deepEqual(reported("Date of birth: March 3rd, 1990"), ["March 3rd, 1990"]);
    assert.deepEqual(reported("1962-11-30", "birth_date"), ["1962-11-30"]);
  });
  it("does not report dates without birth context, impossible dates or future years", () => {
    assert.deepEqual(reported("Invoice date 03/14/1985"), []);
    assert.deepEqual(reported("DOB 02/30/1985"), []);
    assert.deepEqual(reported("DOB 01/01/2999"), []);
    assert.deepEqual(reported("born 1.2.3.4"), []);
  });
  it("reads dates and birth words in German, French, Spanish, Italian, Portuguese, Dutch and Polish", () => {
    assert.deepEqual(reported("geboren am 12. März 1980 in Trier"), ["12. März 1980"]);
    assert.deepEqual(reported("Madame Lemoine, née le 3 avril 1975 à Lyon"), ["3 avril 1975"]);
    assert.deepEqual(reported("nacido el 12 de marzo de 1980"), ["12 de marzo de 1980"]);
    assert.deepEqual(reported("nato il 5 maggio 1969 a Roma"), ["5 maggio 1969"]);
    assert.deepEqual(reported("nascido em 12/03/1980"), ["12/03/1980"]);
    assert.deepEqual(reported("Data di nascita: 1 agosto 1950; data de nascimento: 2 de setembro de 1961"), ["1 agosto 1950", "2 de setembro de 1961"]);
    assert.deepEqual(reported("geboortedatum 4 mei 1982, data urodzenia: 12 marca 1980"), ["4 mei 1982", "12 marca 1980"]);
    assert.deepEqual(parseDate("12 de marzo de 1980"), { y: 1980, m: 3, d: 12 });
    assert.deepEqual(parseDate("5. Dezember 1970"), { y: 1970, m: 12, d: 5 });
    // a month's name inside a longer word is none ("12 maio" is, "12 maioria" is not); no birth word, no birth date
    assert.deepEqual(reported("born 12 maioria 1980"), []);
    assert.deepEqual(reported("Rechnung vom 12. März 1980"), []);
  });
  it("reads the birth words and ordinals of letters and forms written by hand (bench/detect/handwritten.ts)", () => {
    // German and Dutch "geb." (geboren), and "Geb.-Datum"
    assert.deepEqual(reported("Frau Ayşe Demir, geb. am 3. März 1985 in Izmir"), ["3. März 1985"]);
    assert.deepEqual(reported("Patient: Grzegorz Wiśniewski, geb. 07.06.1962\n\nSehr geehrter Herr Kollege"), ["07.06.1962"]);
    assert.deepEqual(reported("Geb.-Datum: 1.1.1970"), ["1.1.1970"]);
    assert.deepEqual(reported("Betreft: mevrouw Sanne Bakker, geb. 3 maart 1985"), ["3 maart 1985"]);
    // an English ordinal with "of", a French "1er"
    assert.deepEqual(reported("Born on the 3rd of March 1985 in Chennai"), ["3rd of March 1985"]);
    assert.deepEqual(reported("Mme Trần Ngọc Anh, née le 1er mai 1990 à Hanoï"), ["1er mai 1990"]);
    assert.deepEqual(parseDate("3rd of March 1985"), { y: 1985, m: 3, d: 3 });
    assert.deepEqual(parseDate("1er mai 1990"), { y: 1990, m: 5, d: 1 });
    // Italian "nato a <town> il <date>", the town between the birth word and the date
    assert.deepEqual(reported("il sig. Giuseppe Esposito, nato a Napoli il 7 luglio 1990, residente in Via Roma 15"), ["7 luglio 1990"]);
    assert.deepEqual(reported("il sig. Rahul Sharma, nato a Mumbai (India) il 19/10/1993 (conduttore)"), ["19/10/1993"]);
    assert.deepEqual(reported("la sig.ra Li Na, nata in Cina il 28/02/1987, residente a Milano"), ["28/02/1987"]);
  });
  it("reads the birth words, shapes and formats of documents it was not tuned on (bench/detect/handwritten.ts --set unseen)", () => {
    // the birth sentence's shape, the place between the birth word and the date, in French, Spanish, Dutch, English; Italian capitalised
    assert.deepEqual(reported("Yohannes Haile, ingénieur, né à Addis-Abeba (Éthiopie) le 12 mars 1990, domicilié à Lyon"), ["12 mars 1990"]);
    assert.deepEqual(reported("geboren te Kumasi (Ghana) op 5 mei 1981"), ["5 mei 1981"]);
    assert.deepEqual(reported("born in Lagos, Nigeria on 4 July 1976"), ["4 July 1976"]);
    assert.deepEqual(reported("Nato a Napoli il 19/04/1941\nResidente in Via Mascarella 61"), ["19/04/1941"]);
    // birth words the list lacked: German "Geburt", Spanish "nació", Portuguese "nasceu", Polish "urodziłam"
    assert.deepEqual(reported("Tag der Geburt: 02.04.1993"), ["02.04.1993"]);
    assert.deepEqual(reported("Claro: Íñigo Sáenz Beltrán, nació el 28/11/1996"), ["28/11/1996"]);
    assert.deepEqual(reported("Nasceu em 22/03/1998, tá fazendo 27"), ["22/03/1998"]);
    assert.deepEqual(reported("tak, a urodziłam się 7 listopada 1984, gdyby trzeba"), ["7 listopada 1984"]);
    // a form's spaced slashes, a Roman month, the Italian ordinal "1°"
    assert.deepEqual(reported("Date of birth: 23 / 05 / 1991"), ["23 / 05 / 1991"]);
    assert.deepEqual(reported("Fecha de nacimiento: 9-VIII-1987"), ["9-VIII-1987"]);
    assert.deepEqual(reported("Data urodzenia: 2 III 1994"), ["2 III 1994"]);
    assert.deepEqual(reported("la sig.ra Tigist, nata il 1° maggio 1983, residente"), ["1° maggio 1983"]);
    assert.deepEqual(parseDate("9-VIII-1987"), { y: 1987, m: 8, d: 9 });
    assert.deepEqual(parseDate("23 / 05 / 1991"), { y: 1991, m: 5, d: 23 });
    // no birth word, or NATO's letters: nothing
    assert.deepEqual(reported("Invoice 9-VIII-1987, page 2 / 3 / 2024"), []);
    assert.deepEqual(reported("NATO in Brussels on 12/07/2023"), []);
    // a birth verb tells the date after it, not the chat line's own date before it
    assert.deepEqual(reported("[15/03/2025 09:47] Gustavo: Nasceu em 22/03/1998"), ["22/03/1998"]);
  });
  it("takes NATO for no birth word", () => {
    assert.deepEqual(reported("NATO summit, 2024-07-09"), []);
    assert.deepEqual(reported("Il vertice NATO del 12/07/2023 a Vilnius"), []);
    assert.deepEqual(reported("nato a Napoli, assunto il 7 luglio 1990"), [], "no 'il' right before the date: another date of his");
  });
  it("parses day-first when month-first is impossible", () => {
    assert.deepEqual(parseDate("25/12/1980"), { y: 1980, m: 12, d: 25 });
    assert.deepEqual(parseDate("12/25/1980"), { y: 1980, m: 12, d: 25 });
    assert.deepEqual(parseDate("1980-12-25"), { y: 1980, m: 12, d: 25 });
  });
  it("reads its label past a table's tags, in camelCase and run together", () => {
    assert.deepEqual(reported("<tr><td>D.O.B.</td><td>01/09/1961</td></tr>"), ["01/09/1961"]);
    assert.deepEqual(reported("My D.O.B. is 11/03/1969, admitted on 2024-01-02."), ["11/03/1969"]);
    assert.deepEqual(reported('{"dateOfBirth": "1980-05-22"}'), ["1980-05-22"]);
    assert.deepEqual(reported("<DateOfBirth>1980-05-22</DateOfBirth>"), ["1980-05-22"]);
    assert.deepEqual(reported('{"dOB": "05/01/2008"}\n<dOB>1950-02-09</dOB>'), ["05/01/2008", "1950-02-09"]);
    assert.deepEqual(reported("<datedenaissance>22/05/1980</datedenaissance>"), ["22/05/1980"]);
    assert.deepEqual(reported("<tr><td>Invoice date</td><td>01/09/1961</td></tr>"), []);
  });
  it("takes no birth word from the author's name in a ChangeLog entry's heading (binutils' gas/ChangeLog)", () => {
    assert.deepEqual(reported("2022-05-18  Victor Do Nascimento  <victor@arm.com>\n\n\t* config/tc-aarch64.c: fix"), []);
    assert.deepEqual(reported("Data de nascimento: 1985-03-14"), ["1985-03-14"]);
  });
  it("takes a birthday wished for no birth date's label (a release named so in lm-sensors' change log)", () => {
    assert.deepEqual(reported('3.3.5 "Happy Birthday Beddy" (2014-01-22)\n  libsensors: Improve detection\n3.3.3 "Happy Birthday Sophie" (2012-11-06)\n'), []);
    assert.deepEqual(reported("Happy birthday, Anna! DOB: 1985-03-14"), ["1985-03-14"], "another birth word still counts");
    assert.deepEqual(reported("Her birthday: 1985-03-14"), ["1985-03-14"], "a birthday labelled");
  });
});
