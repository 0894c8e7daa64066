import assert from "node:assert/strict";
import { placeInDateline } from "./place_in_dateline.ts";
import { run } from "../testing.ts";

const found = (text: string) => run(placeInDateline, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/place_in_dateline", () => {
  it("finds the place heading a dateline, at a line start only", () => {
    assert.deepEqual(found("Mesa, Mon Nov 23 2026\n\nDear Shawn,"), ["Mesa"]);
    assert.deepEqual(found("Letter\nReading, 3 March 2026\n"), ["Reading"]);
    assert.deepEqual(found("Kalamazoo, 2026-03-01"), ["Kalamazoo"]);
    assert.deepEqual(found("We met Reading, 3 March 2026"), []);
    // a weekday heading a date (iso-codes' and dpkg's change logs)
    assert.deepEqual(found("Tobias Toedter <t.toedter@gmx.net>\nMon, 7 January 2008\nMonday, 2026-03-01\nSun, 4 Dec 2006"), []);
    assert.equal(run(placeInDateline, "Lincoln, Sun Nov 22 2026")[0]!.score, 0.9);
  });
  it("finds a dateline set to the right, indented or after a field on its line (bench/detect/handwritten.ts)", () => {
    assert.deepEqual(found("Rechnung Nr. 1187                                   Bielefeld, 04.04.2025\n\nSehr geehrte Frau Petrenko,"), ["Bielefeld"]);
    assert.deepEqual(found("                              Trier, 5. Februar 2019\n"), ["Trier"]);
    assert.deepEqual(found("Ref. 22/117\tAngers, le 16 février 2019\n"), ["Angers"]);
    // no gap before it: inside a sentence
    assert.deepEqual(found("Rechnung vom Bielefeld, 04.04.2025"), []);
  });
  it("reads names with two small words between capitalised ones, and an elided d'", () => {
    assert.deepEqual(found("Saint Vincent and the Grenadines, Tue Nov 24 2026"), ["Saint Vincent and the Grenadines"]);
    assert.deepEqual(found("Democratic Republic of the Congo, 2026-03-01"), ["Democratic Republic of the Congo"]);
    assert.deepEqual(found("Côte d'Ivoire, 3 March 2026"), ["Côte d'Ivoire"]);
    assert.deepEqual(found("Coeur d’Alene, Mon Nov 23 2026"), ["Coeur d’Alene"]);
  });
  it("reads the date as other languages write it", () => {
    assert.deepEqual(found("Trier, 5. Februar 2019\n"), ["Trier"]);
    assert.deepEqual(found("Angers, le 16 février 2019\n"), ["Angers"]);
    assert.deepEqual(found("Oviedo, 9 de noviembre de 2024\n"), ["Oviedo"]);
    assert.deepEqual(found("Chełm, 26 września 2026 r.\n"), ["Chełm"]);
    assert.deepEqual(found("Bourges, le temps\n"), []);
    // a weekday's name that starts another word (Tcl's copyright: "University of\nCalifornia, Sun Microsystems, Inc.")
    assert.deepEqual(found("California, Sun Microsystems, Inc., Scriptics Corporation\n"), []);
  });
  it("takes only a place that is all there is before the comma", () => {
    assert.deepEqual(found("Anna Smith, Mon Nov 23 2026"), []);
    assert.deepEqual(found("Mesa, the city"), []);
  });
  it("takes a smaller town, and a town with its river or region, a little lower", () => {
    const score = (text: string) => run(placeInDateline, text).map((f) => [text.slice(f.start, f.end), f.score, f.validation]);
    // GeoNames towns of 1,000 to 5,000 inhabitants
    assert.deepEqual(score("Tychowo, 1 kwietnia 2021 r.\n"), [["Tychowo", 0.85, "gazetteer"]]);
    assert.deepEqual(score("Briosco, 20 novembre 2021\n"), [["Briosco", 0.85, "gazetteer"]]);
    assert.deepEqual(score("Kleinrinderfeld, 3. März 2026\n"), [["Kleinrinderfeld", 0.85, "gazetteer"]]);
    assert.deepEqual(score("Esslingen am Neckar, 28. Februar 2026\n"), [["Esslingen am Neckar", 0.85, "gazetteer"]]);
    assert.deepEqual(score("Langenfeld (Rheinland), 11. Januar 2024\n"), [["Langenfeld (Rheinland)", 0.85, "gazetteer"]]);
    assert.deepEqual(score("Nowe Miasto nad Pilicą, 22 marca 2019 r.\n"), [["Nowe Miasto nad Pilicą", 0.85, "gazetteer"]]);
  });
  it("takes a village no list holds by the shape of its name", () => {
    const shaped = (text: string) => run(placeInDateline, text).filter((f) => f.validation === "town_shape").map((f) => text.slice(f.start, f.end));
    for (const town of ["Hintersteinenberg", "Wolfsgrubenhausen", "East Kiaraview", "Scharenwoude", "Haaksbergerveen", "Unterkirchberg", "Borgo Priolo", "Lido di Camaiore", "Nieuw Namen", "Goleniowo"]) {
      assert.deepEqual(shaped(`${town}, 3 March 2026\n`), [town], town);
    }
    assert.deepEqual(shaped("Caxias do Sul, 9 de maio de 2022\n"), []);
    assert.deepEqual(found("Caxias do Sul, 9 de maio de 2022\n"), ["Caxias do Sul"]);
  });
  it("takes no first name, no ordinary word and no name without a town's shape", () => {
    for (const text of ["Roland, 3. März 2026", "Graham Hamilton, 3 March 2026", "Support, 3 March 2026", "Overview, 2026-03-01", "Protokoll, 3. März 2026", "Ana de Armas, 3 de mayo de 2024", "Quarterly Report, 3 March 2026"]) {
      assert.deepEqual(found(text), [], text);
    }
  });
  it("reads a Spanish or Portuguese dateline opening with En/Em and its date with a (bench/detect/handwritten.ts --set unseen)", () => {
    assert.deepEqual(found("Avda. de la Buhaira 26, 41018 Sevilla\n\nEn Sevilla, a 2 de mayo de 2025.\nLa Letrada"), ["Sevilla"]);
    assert.deepEqual(found("En Valencia, a 20 de enero de 2025"), ["Valencia"]);
    assert.deepEqual(found("En resumen, a 2 de mayo de 2025 no había nada"), []);
  });
});
