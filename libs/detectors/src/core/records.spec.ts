import assert from "node:assert/strict";
import { locator } from "@filescan/contracts";
import { recordValues } from "./records.ts";
import { detect } from "../index.ts";

/** [key, value] of each record value found. */
const pairs = (text: string) => recordValues(text).map((r) => [r.key, text.slice(r.start, r.end)]);

describe("core/records", () => {
  it("reads JSON members, XML elements, HTML rows and definitions, quoted config values and Markdown rows", () => {
    assert.deepEqual(pairs('{"customerName": "Hadley Hane", "id": 7, "city" : "Riverton"}'), [["customerName", "Hadley Hane"], ["city", "Riverton"]]);
    assert.deepEqual(pairs('<person id="7"><placeOfBirth>Portugal</placeOfBirth><nom>Ara Waters</nom></person>'), [["placeOfBirth", "Portugal"], ["nom", "Ara Waters"]]);
    assert.deepEqual(pairs("<tr><td>Full name</td><td> Roma Mayert </td></tr>\n<dl><dt>City</dt>\n<dd>College Station</dd></dl>"), [["Full name", "Roma Mayert"], ["City", "College Station"]]);
    assert.deepEqual(pairs("owner:\n  name: 'Dereck Flatley'\n  - city: \"North Port\"\n"), [["name", "Dereck Flatley"], ["city", "North Port"]]);
    assert.deepEqual(pairs("| Field | Value |\n|---|---|\n| Geburtsort | Vineland |\n| a | b | c |"), [["Geburtsort", "Vineland"]], "a header row is no record");
    assert.deepEqual(pairs("| Option Name | Default Value |\r\n| :--- | ---: |\r\n| Name | Ara Waters |\r\n"), [["Name", "Ara Waters"]]);
  });
  it("reads keys in any script, as exports in other languages write them", () => {
    assert.deepEqual(pairs('{"паспорт": "45 03 284304", "Numéro": "X", "身分證字號": "A123456789"}'), [["паспорт", "45 03 284304"], ["Numéro", "X"], ["身分證字號", "A123456789"]]);
    assert.deepEqual(pairs("<паспорт>45 03 284304</паспорт>\n<tr><td>Geburtsort</td><td>Vineland</td></tr>\n  инн: '500100732259'"), [["паспорт", "45 03 284304"], ["Geburtsort", "Vineland"], ["инн", "500100732259"]]);
    // the next member's key is the next value's context, not this one's: an invoice's number is no negative word here
    const text = '{"паспорт": "45 03 284304", "invoiceNumber": "810954241425"}';
    assert.deepEqual(detect([{ text, source: "text", locator: locator() }], { ner: false }).map((f) => f.type), ["RU_PASSPORT"]);
  });
  it("reads a JSON member's number of six digits or more under its key: a timestamp's key is no phone's context (Go's JSON test data)", () => {
    assert.deepEqual(pairs('{"id": 7, "phone": 4155550132, "min_t":1228525763,"ratio":0.0017318415877075515}'), [["phone", "4155550132"], ["min_t", "1228525763"]]);
    const text = '{"cl_weight":0.0011574074074074073,"touches":1,"min_t":1252097274,"max_t":1252097274,"mean_t":1252097274},{"name":"CallStackSidebarPane.js","kids":[]}';
    assert.deepEqual(detect([{ text, source: "text", locator: locator() }], { ner: false }).filter((f) => f.type === "PHONE_NUMBER"), []);
    assert.deepEqual(detect([{ text: '{"name":"Jo","phone":6502530000}', source: "text", locator: locator() }], { ner: false }).filter((f) => f.type === "PHONE_NUMBER").map((f) => f.context), [["phone"]]);
  });
  it("takes no HTML cell's tag for a key, and no unquoted line, long value or value across lines", () => {
    assert.deepEqual(pairs("<td>Name</td>"), []);
    assert.deepEqual(pairs("<b>Anna Smith</b> <span>Berlin</span>"), []);
    assert.deepEqual(pairs("Name=Foo Viewer\nName: Golden Hessel\n    name = 'Python Traceback'\n    name = \"Csound Score\""), []);
    assert.deepEqual(pairs(`{"note": "${"x".repeat(81)}"}`), []);
    assert.deepEqual(pairs('<name>Anna\nSmith</name> "name": "Anna\nSmith"'), []);
  });
  it("reads a JSON or YAML key that is also an HTML tag's name ('code', 'title'), and a value with an apostrophe in double quotes or between tags", () => {
    assert.deepEqual(pairs('{"code": "LU-LU", "title": "Dr", "name": "Pa\'o Karen"}'), [["code", "LU-LU"], ["title", "Dr"], ["name", "Pa'o Karen"]]);
    assert.deepEqual(pairs("<surname>O'Brien</surname>\n  label: \"Rock 'n' Roll\""), [["surname", "O'Brien"], ["label", "Rock 'n' Roll"]]);
    assert.deepEqual(pairs("<code>O'Brien</code>"), [], "an HTML element's tag is still no key");
  });
  it("reads a name/value pair's value under the pair's name: AWS's tags, a Kubernetes container's environment, Hadoop's configuration", () => {
    assert.deepEqual(pairs('[{"Key": "ssn", "Value": "536-22-1234"}, {"Value": "Maine", "Name": "custom:state"}]'), [["Key", "ssn"], ["ssn", "536-22-1234"], ["custom:state", "Maine"], ["Name", "custom:state"]]);
    assert.deepEqual(pairs('env:\n  - name: DB_PASSWORD\n    value: "Zq8!mR2v"\n  - name: DB_HOST\n    value: "db.internal"\n'), [["DB_PASSWORD", "Zq8!mR2v"], ["DB_HOST", "db.internal"]]);
    assert.deepEqual(pairs("<property><name>fs.s3a.secret.key</name><value>q8Vw2rT5</value></property>"), [["name", "fs.s3a.secret.key"], ["fs.s3a.secret.key", "q8Vw2rT5"]]);
    assert.deepEqual(pairs('[{"Name": "a"}, {"Value": "x1"}]'), [["Name", "a"], ["Value", "x1"]], "another object's name is no pair's");
  });
});
