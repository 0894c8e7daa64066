import assert from "node:assert/strict";
import { abaChecksum, abaRoutingNumber } from "./aba_routing_number.ts";
import { scoreOf, spans } from "../testing.ts";

describe("us/aba_routing_number", () => {
  it("accepts valid routing numbers, reported with routing context", () => {
    assert.ok(abaChecksum("011000015"));
    assert.deepEqual(spans(abaRoutingNumber, "routing 011000015"), [[8, 17]]);
    assert.ok(scoreOf(abaRoutingNumber, "ABA routing number 011000015") >= 0.6);
    assert.ok(scoreOf(abaRoutingNumber, "011000015") < 0.4);
  });
  it("rejects a wrong check digit and prefixes the Fed never assigns", () => {
    assert.deepEqual(spans(abaRoutingNumber, "011000016"), []);
    assert.ok(abaChecksum("400000008") && spans(abaRoutingNumber, "400000008").length === 0);
  });
  it("reads a label run together or in camelCase (<ABARouting>, \"routingNumber\")", () => {
    const bare = scoreOf(abaRoutingNumber, "ref 021000021");
    for (const t of ["<ABARouting>021000021</ABARouting>", '"routingNumber": "021000021"']) assert.ok(scoreOf(abaRoutingNumber, t) > bare, t);
  });
});
