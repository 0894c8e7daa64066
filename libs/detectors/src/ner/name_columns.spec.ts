import assert from "node:assert/strict";
import { MIN_VALUES, NameColumns, onlyAName } from "./name_columns.ts";

describe("ner/name_columns", () => {
  it("judges a column whose label says a name and nothing of whose", () => {
    for (const label of ["name", "Name", "official_name", "inverted_name", "displayName", "common name", "Nombre", "nom"]) assert.equal(onlyAName(label), true, label);
    for (const label of ["customerName", "Customer Name", "full_name", "first name", "Author", "employee", "patient name", "code", "title", "city"]) assert.equal(onlyAName(label), false, label);
  });
  it("finds a column lists things when fewer than half its name-shaped values read as a person, from twenty of them", () => {
    const column = (people: number, others: number, label = "name") => {
      const c = new NameColumns();
      for (let i = 0; i < people; i++) c.add(label, "Ayşe Yılmaz", () => true);
      for (let i = 0; i < others; i++) c.add(label, "Eastern Abnaki", () => false);
      return c.listsThings(label);
    };
    assert.equal(column(4, 16), true);
    assert.equal(column(9, 11), true);
    assert.equal(column(10, 10), false, "half of them people");
    assert.equal(column(3, MIN_VALUES - 4), false, "too few values to say");
    assert.equal(column(2, 30, "customer_name"), false, "a label that says whose is not judged");
  });
  it("counts only name-shaped values: ids, lower-case names and sentences say nothing", () => {
    const c = new NameColumns();
    for (let i = 0; i < 30; i++) for (const v of ["lodash", "pkg-42", "a value that is a sentence", "x@example.org"]) c.add("name", v, () => false);
    for (let i = 0; i < 5; i++) c.add("name", "Ann Lee", () => true);
    assert.equal(c.listsThings("name"), false);
  });
});
