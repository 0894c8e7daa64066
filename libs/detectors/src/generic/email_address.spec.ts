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
    // a file's name with its resolution (APT's configuration, a web page's images): no such top-level domain
    assert.deepEqual(spans(emailAddress, 'MetaKey "$(COMPONENT)/dep11/icons-64x64@2.tar";'), []);
    assert.deepEqual(spans(emailAddress, "background: url(logo@2x.png)"), []);
    // SSH's algorithm names (ssh_config); the project's people's addresses stay
    assert.deepEqual(spans(emailAddress, "#   MACs hmac-md5,hmac-sha1,umac-64@openssh.com,curve25519-sha256@libssh.org"), []);
    assert.deepEqual(spans(emailAddress, "djm@openssh.com"), [[0, 15]]);
  });
  it("takes a key's value or a path's last part for the address, not the key or the path (no '=' or '/' in a local part)", () => {
    assert.deepEqual(spans(emailAddress, "# sender=e2scrub@host.domain.name"), [[9, 33]]);
    assert.deepEqual(spans(emailAddress, "see /home/jane@acme.com"), [[10, 23]]);
    // a URL's user is no address (a change log's repository); nor is a translation's file
    assert.deepEqual(spans(emailAddress, "git clone ssh://anholt@git.freedesktop.org/git/mesa"), []);
    // nor is its password before the host (a connection string's: secrets/password.ts reads it)
    assert.deepEqual(spans(emailAddress, "DATABASE_URL=postgres://app_user:S3cr3tPassw0rd@db.internal:5432/prod"), []);
    assert.deepEqual(spans(emailAddress, "postgres://app_user:S3cr3tPassw0rd@db.internal:5432/prod, owner jane@acme.com"), [[64, 77]]);
    assert.deepEqual(spans(emailAddress, "* po/sr@latin.po, po/en@quot.header: new"), []);
    // a message's identifier in an archive's link (change logs); a QQ number's address stays
    for (const id of ["https://lore.kernel.org/r/20211013063656.3084555-4-chenhuacai@loongson.cn", "<99b0adb6-26ba-293c-3a8f-679f59e7cb4d@web.de>", "lore.kernel.org/git/7vbptlsuyv.fsf@gitster.siamese.dyndns.org"]) assert.deepEqual(spans(emailAddress, id), [], id);
    assert.deepEqual(spans(emailAddress, "12345678@qq.com"), [[0, 15]]);
    // a quoted address in code without its quote; an apostrophe inside a local part stays
    assert.deepEqual(spans(emailAddress, "x = 'dinsdale@example.com'"), [[5, 25]]);
    assert.deepEqual(spans(emailAddress, "parse('@python.org') and <o'brien@sub-domain.org>"), [[26, 48]]);
    assert.deepEqual(spans(emailAddress, "Message-ID: <002001c144a6$8752e060$56104586@oxy.edu>"), []);
    // domains IANA does not delegate stay when they are no file's extension (an enterprise's own), and so do TLDs that are extensions too
    for (const a of ["john.smith@corp.local", "jane@example.zip", "ana@empresa.py"]) assert.deepEqual(spans(emailAddress, a), [[0, a.length]], a);
  });

  it("scores a role or mailing-list mailbox below what makes a file sensitive, a person's address in full", () => {
    const found = (text: string) => run(emailAddress, `Contact: ${text}`).map((f) => [f.score, f.validation]);
    for (const role of ["support@acme.com", "Postmaster@acme.net", "bug-grep@gnu.org", "help-libtasn1@gnu.org", "systemd-devel@lists.freedesktop.org", "libphonenumber-discuss@googlegroups.com", "ncurses-request@gnu.org", "jane@lists.debian.org", "netfwsdk@microsoft.com", "sqldocs@contoso.com", "azurefeedback@contoso.com", "site-policy@w3.org", "gnu-webmaster@gnu.org", "policy@acme.com"])
      assert.deepEqual(found(role), [[0.45, "role_mailbox"]], role);
    for (const person of ["jane.doe@acme.com", "morgan.devel@gmail.com", "geecko.dev@free.fr", "info.jones@acme.com", "anna-lena@web.de", "kim-user1@acme.com", "sdk.morgan@acme.com", "docsmith@acme.com"])
      assert.deepEqual(found(person), [[1, "email_syntax"]], person);
  });
  it("finds an address at a domain reserved for examples (RFC 2606, 6761) but never reports it, whatever words are near", () => {
    const found = (text: string) => run(emailAddress, text).map((f) => [f.score, f.validation]);
    for (const a of ["diego@example.com", "Jane.Roe@corp.example.org", "admin@mail.example.net", "bob@shop.test", "x@host.example", "no@where.invalid", "me@box.localhost", "user@domain.tld", "username@site.domain", "e2scrub@host.domain.name"])
      assert.deepEqual(found(`E-mail: ${a}`), [[0.01, "reserved_domain"]], a);
    // a domain that only starts or ends like one is a real domain
    for (const a of ["ana@example.co.uk", "ana@myexample.com", "ana@example-logistics.com", "ana@examples.org", "ana@contest.de", "ana@mydomain.name", "ana@domain.com"])
      assert.deepEqual(found(`E-mail: ${a}`), [[1, "email_syntax"]], a);
  });
  it("reads a long word once after an \"@\" that was no address (ReDoS)", () => {
    // (each letter after a "'" started a local part that ran to the word's end: quadratic)
    const text = `see http://u:pw@host.example.org then ${"s'".repeat(150_000)} or jane.roe@example.org`;
    assert.deepEqual(spans(emailAddress, text).map(([s, e]) => text.slice(s, e)), ["jane.roe@example.org"]);
  });
});
