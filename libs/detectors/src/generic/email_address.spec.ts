import assert from "node:assert/strict";
import { emailAddress } from "./email_address.ts";
import { spans } from "../testing.ts";

describe("generic/email_address", () => {
  it("finds addresses with their exact span", () => {
    assert.deepEqual(spans(emailAddress, "mail jane.doe+tag@mail.example.co.uk now"), [[5, 36]]);
    assert.deepEqual(spans(emailAddress, "<o'brien@sub-domain.org>"), [[1, 23]]);
  });
  it("rejects what is not an address", () => {
    assert.deepEqual(spans(emailAddress, "info@presidio."), []);
    assert.deepEqual(spans(emailAddress, "user@localhost"), []);
    assert.deepEqual(spans(emailAddress, "a@-bad-.com"), []);
    assert.deepEqual(spans(emailAddress, "@twitterhandle"), []);
  });
});
