import assert from "node:assert/strict";
import { addressByLabel } from "./address_by_label.ts";
import { run } from "../testing.ts";

// What counts at the default minimum score (0.4), in a text and under a column header.
const found = (text: string, header = "") => run(addressByLabel, text, header).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("ner/address_by_label", () => {
  it("takes a numbered street without a suffix right after an address label", () => {
    assert.deepEqual(found("Please note my address: 66859 The Rise. Thanks"), ["66859 The Rise"]);
    assert.deepEqual(found("Address: 25245 Brookside"), ["25245 Brookside"]);
    assert.deepEqual(found("home_address = 4633 Riverside"), ["4633 Riverside"]);
    // a direction's initial and its period inside the street's name (Django's tests), not a sentence's end
    assert.deepEqual(found('address="1234 W. Ash", address: 7 N.'), ["1234 W. Ash", "7 N"]);
    // above the 0.85 compromise gives a person it reads into the street's name
    assert.ok(run(addressByLabel, "Please note my address: 185 Colton Ramp. Thanks")[0]!.score > 0.85);
  });
  it("takes it alone in a cell under an address column", () => {
    assert.deepEqual(found("318 Sheri Rue", "address"), ["318 Sheri Rue"]);
    assert.deepEqual(found("536 The Sidings", "Street address"), ["536 The Sidings"]);
    // a record's key as column, run together or in camelCase
    assert.deepEqual(found("5056 The Willows", "homeaddress"), ["5056 The Willows"]);
    assert.deepEqual(found("5056 The Willows", "billingAddress"), ["5056 The Willows"]);
    assert.deepEqual(found("5056 The Willows", "homepage"), []);
  });
  it("needs the label right before it, or the column", () => {
    assert.deepEqual(found("318 Sheri Rue"), []);
    assert.deepEqual(found("We shipped 3 Blue Widgets"), []);
    assert.deepEqual(found("Address below. We sold 3 Blue Widgets"), []);
    assert.deepEqual(found("3 Blue Widgets", "product"), []);
    // a label after the number, an identifier's tail or a sentence's end on the line above (xz's NEWS, botocore, GLib's NEWS, valgrind's)
    assert.deepEqual(found("gives full 4 GiB address space to xz. The default limit is 100 IP address blocks."), []);
    assert.deepEqual(found(" unauthorized socket in DBUS_SESSION_BUS_ADDRESS\n 637561 Crash when using\n379838 not an addr!\n379703 PC ISA 3.0 fixes"), []);
    assert.deepEqual(found("Address:\n  66859 The Rise\nstreet = \"4633 Riverside\""), ["66859 The Rise", "4633 Riverside"], "a label on the line above, a quoted value");
  });
  it("does not take a number inside another token", () => {
    assert.deepEqual(found("address: v2.10 Release"), []);
    assert.deepEqual(found("address: user42 Admin"), []);
    // no house is numbered 0 (Rust's std::ptr::null: "this pointer has the address 0 Run code")
    assert.deepEqual(found("// this pointer has the address 0 Run code"), []);
  });
});
