import assert from "node:assert/strict";
import { placeInCell } from "./place_in_cell.ts";
import { run } from "../testing.ts";

const found = (text: string, header: string) => run(placeInCell, text, header).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/place_in_cell", () => {
  it("takes a state's or a province's postal code under its column, no other two letters", () => {
    assert.deepEqual([found("TX", "State"), found("QC", "province"), found("TX", "country"), found("ZZ", "state")], [["TX"], ["QC"], [], []]);
  });
  it("takes no state code under a state machine's column (boto's CloudWatch alarms: <StateValue>OK</StateValue>)", () => {
    assert.deepEqual([found("OK", "StateValue"), found("OK", "state_reason"), found("OK", "state machine")], [[], [], []]);
    assert.deepEqual([found("OK", "State"), found("OK", "billing state"), found("OK", "state code")], [["OK"], ["OK"], ["OK"]]);
  });
  it("takes no continent or world region alone in a region column (an AWS region's name)", () => {
    for (const cell of ["Asia Pacific", "Europe", "US East", "Middle East"]) assert.deepEqual(found(cell, "region"), [], cell);
    assert.deepEqual(found("South Africa", "country"), ["South Africa"]);
  });
  it("finds a known place alone in a cell of a place column", () => {
    assert.deepEqual(found("Kalamazoo", "city"), ["Kalamazoo"]);
    assert.deepEqual(found(" Houston ", "place_of_birth"), ["Houston"]);
    assert.deepEqual(found("Saint Kitts and Nevis", "Country"), ["Saint Kitts and Nevis"]);
    assert.deepEqual(found("Winston-Salem", "hometown"), ["Winston-Salem"]);
    assert.equal(run(placeInCell, "Kalamazoo", "city")[0]!.score, 0.65);
  });
  it("finds a country's ISO 3166 code alone in a cell of a place column, and no other two letters", () => {
    assert.deepEqual(found("DE", "country"), ["DE"]);
    assert.deepEqual(found(" GB ", "country_code"), ["GB"]);
    assert.equal(run(placeInCell, "US", "country")[0]!.validation, "iso3166");
    assert.deepEqual(found("XQ", "country"), []);
    assert.deepEqual(found("de", "country"), []);
    assert.deepEqual(found("DE", "status"), []);
  });
  it("scores by the header: the same cell under another column is no finding", () => {
    assert.deepEqual(found("Houston", "name"), []);
    assert.deepEqual(found("Reading", "activity"), []);
  });
  it("takes a town that is also a common word only under a town's header", () => {
    assert.deepEqual(found("Normal", "city"), ["Normal"]);
    assert.deepEqual(found("Reading", "Place of birth"), ["Reading"]);
    assert.deepEqual(found("Normal", "stateName"), [], "a state machine's state");
    assert.deepEqual(found("NORMAL", "destination"), [], "an enum's value");
    assert.deepEqual(found("Page", "locationName"), []);
    assert.deepEqual(found("Kalamazoo", "destination"), ["Kalamazoo"], "a town that is no common word under any place header");
  });
  it("takes a place-shaped name no gazetteer knows only under a town's header", () => {
    assert.deepEqual(found("East Kiaraview", "city"), ["East Kiaraview"]);
    assert.deepEqual(found("Reichelborough", "Place of birth"), ["Reichelborough"]);
    assert.deepEqual(found("Lake Ansleyside", "town"), ["Lake Ansleyside"]);
    assert.deepEqual(run(placeInCell, "Fort Jacinto", "city").map((f) => [f.validation, f.score]), [["town_shape", 0.6]]);
    assert.deepEqual(found("East Kiaraview", "country"), [], "a country column's values are known countries");
    assert.deepEqual(found("East Kiaraview", "location"), []);
    assert.deepEqual(found("Reichelborough", "name"), []);
  });
  it("takes nothing but a place alone: ordinary words, parts of a name, capitals, sentences, lower case", () => {
    for (const cell of ["Unknown", "Remote", "Head Office", "Various", "Lake", "North", "TBD", "N/A", "UNKNOWN CITY", "Anytown"]) assert.deepEqual(found(cell, "city"), [], cell);
    assert.deepEqual(found("Houston, we have a problem", "city"), []);
    assert.deepEqual(found("houston", "city"), []);
    assert.deepEqual(found("42 Main Street", "city"), []);
  });
});
