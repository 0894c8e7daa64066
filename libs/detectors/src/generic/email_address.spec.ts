import assert from "node:assert/strict";
import { emailAddress } from "./email_address.ts";
import { run, spans } from "../testing.ts";

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

  it("scores a role or mailing-list mailbox below what makes a file sensitive, a person's address in full", () => {
    const found = (text: string) => run(emailAddress, `Contact: ${text}`).map((f) => [f.score, f.validation]);
    for (const role of ["support@acme.com", "Postmaster@example.net", "bug-grep@gnu.org", "help-libtasn1@gnu.org", "systemd-devel@lists.freedesktop.org", "libphonenumber-discuss@googlegroups.com", "ncurses-request@gnu.org", "jane@lists.debian.org", "netfwsdk@microsoft.com", "sqldocs@contoso.com", "azurefeedback@contoso.com"])
      assert.deepEqual(found(role), [[0.45, "role_mailbox"]], role);
    for (const person of ["jane.doe@acme.com", "morgan.devel@gmail.com", "geecko.dev@free.fr", "info.jones@acme.com", "anna-lena@web.de", "kim-user1@acme.com", "sdk.morgan@acme.com", "docsmith@acme.com"])
      assert.deepEqual(found(person), [[1, "email_syntax"]], person);
  });
});
