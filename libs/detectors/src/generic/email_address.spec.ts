import assert from "node:assert/strict";
import { locator } from "@filescan/contracts";
import { emailAddress } from "./email_address.ts";
import { detect } from "../index.ts";
import { candidates } from "../core/engine.ts";
import { rng, run, spans, values } from "../testing.ts";

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
    for (const role of ["support@acme.com", "Postmaster@acme.net", "bug-grep@gnu.org", "help-libtasn1@gnu.org", "systemd-devel@lists.freedesktop.org", "libphonenumber-discuss@googlegroups.com", "ncurses-request@gnu.org", "jane@lists.debian.org", "netfwsdk@microsoft.com", "sqldocs@contoso.com", "azurefeedback@contoso.com", "site-policy@w3.org", "gnu-webmaster@gnu.org", "policy@acme.com",
      // Apache's lists in every POM's <mailingLists>, their list server's commands, Python's SIGs, Perl's porters (~/.m2, /usr/lib/python3, /usr/share/perl)
      "dev@maven.apache.org", "users@maven.apache.org", "commits@maven.apache.org", "issues@maven.apache.org", "announce@apache.org", "announce-subscribe@maven.apache.org", "notifications-unsubscribe@maven.apache.org", "pod-people-subscribe@perl.org", "email-sig@python.org", "perl5-porters@perl.org",
      // glibc's locale files' contacts: a translation team's and glibc's lists (/usr/share/i18n/locales); X's keyboard maps
      "locales@geez.org", "libc-alpha@sourceware.org", "libc-locales@sourceware.org", "l10n@cademiasiciliana.org", "gnome-i18n@gnome.org", "debian-l10n-translators@acme.org",
      // the Translation Project's coordinator and teams (gettext's manual, /usr/share/doc's teams.html)
      "coordinator@translationproject.org", "traduc@traduc.org", "vertaling@vrijschrift.org"])
      assert.deepEqual(found(role), [[0.45, "role_mailbox"]], role);
    for (const person of ["jane.doe@acme.com", "morgan.devel@gmail.com", "geecko.dev@free.fr", "info.jones@acme.com", "anna-lena@web.de", "kim-user1@acme.com", "sdk.morgan@acme.com", "docsmith@acme.com", "sig.hansen@acme.com", "devon@acme.com", "issues.jones@acme.com", "alpha@acme.com", "alpha.jones@acme.com"])
      assert.deepEqual(found(person), [[1, "email_syntax"]], person);
  });
  it("scores a Google Cloud service account and a placeholder's mailbox like a role's (the Cloud SDK's help and tests)", () => {
    const found = (text: string) => run(emailAddress, `Contact: ${text}`).map((f) => [f.score, f.validation]);
    // a workload's identity, no one's mailbox: "--member=serviceAccount:my-iam-account@my-project.iam.gserviceaccount.com"
    for (const a of ["my-project-id@appspot.gserviceaccount.com", "my-iam-account@my-project.iam.gserviceaccount.com", "1234567-compute@developer.gserviceaccount.com", "service-1234@gcp-sa-pubsub.iam.gserviceaccount.com"])
      assert.deepEqual(found(a), [[0.45, "service_account"]], a);
    // the Cloud SDK's examples ("user:test-user@gmail.com", 521 times), PHP's MessageTest.php ("test@test.com"), boto's "foo@bar.com"
    for (const a of ["test-user@gmail.com", "testuser@gmail.com", "test@test.com", "foo@bar.com", "username@gmail.com", "my-user@gmail.com", "person1@company.com", "foo.bar@acme.com", "my-iam-account@somedomain.com", "ana.lopez@yourcompany.com", "jo@mail.mydomain.org", "joe@foo.bar"])
      assert.deepEqual(found(a), [[0.45, "placeholder_mailbox"]], a);
    // a person's name beside such a word, a name that starts like one, a domain that ends like one
    for (const a of ["kim-test@acme.com", "testa@gmail.com", "tessa.user@acme.com", "users.jones@acme.com", "ana@gserviceaccount.com.br", "ana@notgserviceaccount.com", "ana@domain.com", "ana@awesomedomain.com", "joe@foo.bar.com", "joe@bar.foo.bar.io"])
      assert.deepEqual(found(a), [[1, "email_syntax"]], a);
  });
  it("scores an address its text calls a mailing list like a role's (Perl's manuals, the JDK's legal notices)", () => {
    const found = (text: string) => run(emailAddress, text).map((f) => [text.slice(f.start, f.end), f.score]);
    // ExtUtils::MakeMaker's and Pod::Usage's manuals, FreeType's notice in the JDK's legal/: at 1.0
    assert.deepEqual(found("complain loudly to the makemaker@perl.org mailing list."), [["makemaker@perl.org", 0.45]]);
    assert.deepEqual(found("discussion about POD should be sent to the\nC<pod-people@perl.org> mail list."), [["pod-people@perl.org", 0.45]]);
    assert.deepEqual(found("There are two mailing lists related to FreeType:\n\n    o freetype@nongnu.org\n\n    o freetype-devel@nongnu.org"), [["freetype@nongnu.org", 0.45], ["freetype-devel@nongnu.org", 0.45]]);
    // a list whose list server's command the text gives
    assert.deepEqual(found("Send patches to C<pod-people@perl.org>. Send an empty email to C<pod-people-subscribe@perl.org>"), [["pod-people@perl.org", 0.45], ["pod-people-subscribe@perl.org", 0.45]]);
    // people's addresses near a list stay theirs: a question, one list's label, another list's command
    assert.deepEqual(found("Questions about the mailing list? Ask jane@acme.com or the list: bob@acme.com"), [["jane@acme.com", 1], ["bob@acme.com", 1]]);
    assert.deepEqual(found("Add to mailing list: jane@acme.com\nmail: kim@acme.com\nlist owner kim@acme.org, dev-subscribe@acme.org"), [["jane@acme.com", 1], ["kim@acme.com", 1], ["kim@acme.org", 1], ["dev-subscribe@acme.org", 0.45]]);
    // an address in another script takes the same reading
    assert.deepEqual(found("the jörg@perl.org mailing list"), [["jörg@perl.org", 0.45]]);
  });
  it("takes a template's braces around an '@' for no address (Handlebars in conventional-changelog's templates)", () => {
    // url-join's bin/changelog: "root.owner}}{{@root.owner" and "if}}{{@root.repository" were reported at 1.0
    assert.deepEqual(spans(emailAddress, "({{#if @root.host}}{{@root.host}}/{{/if}}{{#if @root.owner}}{{@root.owner}}/{{/if}}{{@root.repository}}/{{@root.commit}}/{{hash}})"), []);
    assert.deepEqual(spans(emailAddress, "{{ user }}: jane@acme.com"), [[12, 25]]);
    // RFC 5322 allows a brace in a local part: one alone stays
    assert.deepEqual(spans(emailAddress, "jane{1}@acme.com"), [[0, 16]]);
  });
  it("takes an SSH remote in scp's syntax for a URL's user and host, not a mailbox (Maven's POMs, npm's packages)", () => {
    // "<connection>scm:git:git@github.com:…" in 127 POMs of ~/.m2, at 1.0; "ssh://git@github.com/…" was already none
    assert.deepEqual(spans(emailAddress, "<connection>scm:git:git@github.com:codehaus-plexus/plexus-utils.git</connection>"), []);
    assert.deepEqual(spans(emailAddress, '"repository": "git@gitlab.com:group/sub/project.git"'), []);
    assert.deepEqual(spans(emailAddress, "scp jdoe@build.corp.com:~/logs/app.log ."), []);
    // an address followed by a colon and words, a port or nothing stays one
    assert.deepEqual(spans(emailAddress, "mail jane@corp.com: hello"), [[5, 18]]);
    assert.deepEqual(spans(emailAddress, "From: jane@corp.com:"), [[6, 19]]);
  });
  it("takes a systemd unit's instance and a journal catalogue's name for no address (/var/lib/dpkg/info)", () => {
    // systemd's maintainer scripts ("getty@tty1.service" at 1.0), its file list ("systemd.be@latin.catalog")
    for (const t of ["Wants=getty@tty1.service", "systemctl stop user@1000.service", "serial-getty@ttyS0.service", "user-runtime-dir@1000.slice", "/usr/lib/systemd/catalog/systemd.be@latin.catalog", "dirmngr@etc.socket", "openvpn@server.timer"])
      assert.deepEqual(spans(emailAddress, t), [], t);
    // ".target" is a top-level domain: it stays an address's
    assert.deepEqual(spans(emailAddress, "jane@shop.target"), [[0, 16]]);
  });
  it("leaves POD's escaped bracket out of the address (Perl's manuals: \"E<lt>…E<gt>\")", () => {
    assert.deepEqual(values(emailAddress, "Chad Granum E<lt>exodist@cpan.orgE<gt>"), ["exodist@cpan.org"]);
    assert.deepEqual(values(emailAddress, "E<lt>JOHN@FOO.SEE<gt>, E<lt>jane@acme.deE<gt>"), ["JOHN@FOO.SE", "jane@acme.de"]);
    // an "E" that is the label's own, with no "<gt>" after it, stays
    assert.deepEqual(values(emailAddress, "<jane@acme.DE>"), ["jane@acme.DE"]);
  });
  it("scores an address at a translation's example domain as a placeholder's (ssl-cert's debconf templates)", () => {
    const found = (text: string) => run(emailAddress, `Contact: ${text}`).map((f) => [f.score, f.validation]);
    for (const a of ["me@exemple.com", "yo@ejemplo.com", "eu@exemplo.com", "mig@eksempel.com", "max@beispiel.de", "jan@voorbeeld.nl", "io@esempio.it"])
      assert.deepEqual(found(a), [[0.45, "placeholder_mailbox"]], a);
    // a domain that only holds such a word stays
    for (const a of ["ana@beispielhaft.de", "jo@exemplo-tech.com.br"]) assert.deepEqual(found(a), [[1, "email_syntax"]], a);
  });
  it("finds an address at a domain reserved for examples (RFC 2606, 6761) but never reports it, whatever words are near", () => {
    const found = (text: string) => run(emailAddress, text).map((f) => [f.score, f.validation]);
    for (const a of ["diego@example.com", "Jane.Roe@corp.example.org", "admin@mail.example.net", "bob@shop.test", "x@host.example", "no@where.invalid", "me@box.localhost", "user@domain.tld", "username@site.domain", "e2scrub@host.domain.name"])
      assert.deepEqual(found(`E-mail: ${a}`), [[0.01, "reserved_domain"]], a);
    // a domain that only starts or ends like one is a real domain
    for (const a of ["ana@example.co.uk", "ana@myexample.com", "ana@example-logistics.com", "ana@examples.org", "ana@contest.de", "ana@mydomain.name", "ana@domain.com"])
      assert.deepEqual(found(`E-mail: ${a}`), [[1, "email_syntax"]], a);
  });
  it("finds internationalised addresses (RFC 6531): letters, marks and digits of any script, a top-level label IANA delegates", () => {
    // (all missed: no letter beyond ASCII was allowed in a local part or a domain)
    assert.deepEqual(spans(emailAddress, "contact: user@bücher.de"), [[9, 23]]);
    for (const a of ["jörg.müller@münchen.de", "zoë@gmail.com", "иван@почта.рф", "jürgen.groß@web.de", "δοκιμή@παράδειγμα.ελ", "用户@例子.中国", "user@почта.xn--p1ai", "𠮷田@例え.jp"])
      assert.deepEqual(run(emailAddress, `E-Mail: ${a}`).map((f) => [f.end - f.start, f.score, f.validation]), [[a.length, 1, "email_syntax"]], a);
    // a decomposed mark (NFD: "u" and U+0308) is part of the word
    assert.deepEqual(values(emailAddress, "an: mu\u0308ller@gmail.com"), ["mu\u0308ller@gmail.com"]);
    // a match never starts inside a word: these were found as "ller@gmail.com" and "a@empresa.es"
    assert.deepEqual(values(emailAddress, "email: müller@gmail.com"), ["müller@gmail.com"]);
    assert.deepEqual(values(emailAddress, "email: josé.garcía@empresa.es"), ["josé.garcía@empresa.es"]);
    assert.deepEqual(values(emailAddress, "user@mail.boücher.de"), ["user@mail.boücher.de"], "not user@mail.bo");
    // no address: a top-level label IANA does not delegate, an ASCII one glued to a letter, an asset's file name
    for (const t of ["ana@empresa.ñandú", "jane@acme.coö", "icône@2x.png", "fond-d’écran@3x.jpg", "café@home"]) assert.deepEqual(spans(emailAddress, t), [], t);
    // a role mailbox and a reserved domain stay so in any script
    assert.deepEqual(run(emailAddress, "info@café.fr").map((f) => f.validation), ["role_mailbox"]);
    assert.deepEqual(run(emailAddress, "jörg@example.com").map((f) => f.validation), ["reserved_domain"]);
  });
  it("reads an address run into a sentence of a script written without blanks, from its own first letter", () => {
    assert.deepEqual(values(emailAddress, "メールはtaro@example.co.jpまで"), ["taro@example.co.jp"]);
    assert.deepEqual(values(emailAddress, "メールはtaro@例え.jp"), ["taro@例え.jp"]);
    assert.deepEqual(values(emailAddress, "hong@gmail.com으로 보내주세요"), ["hong@gmail.com"]);
    assert.deepEqual(values(emailAddress, "ติดต่อsomchai@gmail.comครับ"), ["somchai@gmail.com"]);
    assert.deepEqual(values(emailAddress, "Gmailはtaro@gmail.com、taro@gmail.comはgmail.comのアドレス"), ["taro@gmail.com", "taro@gmail.com"]);
    assert.deepEqual(values(emailAddress, "邮箱是123456@qq.com，张伟@例子.中国"), ["123456@qq.com", "张伟@例子.中国"]);
    // (and what follows the sentence is still what DOT_ATOM says: a message's identifier is none)
    assert.deepEqual(spans(emailAddress, "ログ20211013063656.3084555-4-chen@loongson.cn"), []);
  });
  it("finds in a text beyond ASCII the addresses in ASCII it finds in ASCII (one pass from each \"@\", not two)", () => {
    const ascii = { ...emailAddress, patterns: [emailAddress.patterns[0]!], find: undefined };
    const parts = ["a", "b.c", "x-y", "@", "example.org", ".com", " ", "\n", "_", "+tag", "..", "1", "-", "'", "mail.acme.co.uk", "user.name", "は", "で", "中国", "으로", ".de", "png", "://", ":", "/", "="];
    const rand = rng(5);
    let found = 0;
    for (let t = 0; t < 40_000; t++) {
      let text = "中";
      for (let i = Math.floor(rand() * 14); i > 0; i--) text += parts[Math.floor(rand() * parts.length)];
      if ((text.match(/@/g) ?? []).length !== 1) continue; // (in "a@b.c@d.de" which is the address is a guess)
      const theirs = candidates(ascii, text).map((c) => [c.start, c.end, c.validation]);
      found += theirs.length;
      const mine = emailAddress.find!(text).filter((c) => !/[\u0080-\uffff]/.test(text.slice(c.start, c.end))).map((c) => [c.start, c.end, c.validation]);
      assert.deepEqual(mine, theirs, JSON.stringify(text));
    }
    assert.ok(found > 150, `only ${found}`);
  });
  it("finds an address after a JSON string's escaped line break (detect() folds \\n to blanks)", () => {
    const text = String.raw`{"body": "Contact:\njohn.doe@gmail.com\nthanks"}`;
    const found = detect([{ text, source: "text", locator: locator({}) }], { ner: false, entities: ["EMAIL_ADDRESS"] });
    assert.deepEqual(found.map((f) => [text.slice(f.start, f.end), f.masked, f.score]), [["john.doe@gmail.com", "j***@gmail.com", 1]]);
  });
  it("reads a long word once after an \"@\" that was no address (ReDoS)", () => {
    // (each letter after a "'" started a local part that ran to the word's end: quadratic)
    const text = `see http://u:pw@host.example.org then ${"s'".repeat(150_000)} or jane.roe@example.org`;
    assert.deepEqual(spans(emailAddress, text).map(([s, e]) => text.slice(s, e)), ["jane.roe@example.org"]);
  });
  it("reads a long domain of another script once (ReDoS: recheck's attack on the internationalised pattern, 720,000 characters)", () => {
    const text = `'²@ʼ๐AxnAxªnAʼ.A@ʼ${".AxnAxnªn".repeat(80_000)}A0 jörg@münchen.de`;
    assert.deepEqual(values(emailAddress, text), ["jörg@münchen.de"]);
  });
});
