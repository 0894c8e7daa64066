import { createRequire } from "node:module";
import { domainToASCII, domainToUnicode } from "node:url";
import type { Candidate, Detector, Pattern, Verdict } from "../core/types.ts";
import { re } from "../core/regex.ts";
import { patternCandidates, tallyMatch } from "../core/engine.ts";

/**
 * Mailboxes of a role or a mailing list, not of a person: an inbox everyone writes to
 * ("support@", "postmaster@"), a project's bug or help list ("bug-grep@gnu.org",
 * "help-make@gnu.org"), a list named after its project ("systemd-devel@…", "xz-devel@…",
 * "openssl-users@…"), a role's inbox named after its site or team ("site-policy@w3.org"), or any address at a list server ("lists.…", Google Groups). They fill
 * manuals, READMEs and changelogs; an address of a person keeps its full score. Joined with a
 * hyphen only: "morgan.devel@…" and "geecko.dev@…" are people's.
 */
const ROLE = new Set(
  ("abuse admin administrator billing bug bugs careers contact devnull enquiries feedback ftpmaster help helpdesk hostmaster info " +
    "inquiries jobs legal listmaster lists mailer-daemon majordomo listserv marketing news newsletter no-reply nobody noc noreply " +
    "donotreply do-not-reply notifications office policy postmaster press privacy root sales security support sysadmin team webmaster " +
    // the Translation Project's and its teams' inboxes (gettext's manual, its teams' page): "coordinator@translationproject.org",
    // "traduc@traduc.org" (French), "vertaling@vrijschrift.org" (Dutch)
    "coordinator coordinators translation translations traduc traduction traductions traduzione traducciones vertaling").split(" "),
);
/** What starts a project's list: "bug-grep", "help-make", "info-gnus". */
const LIST_PREFIX = new Set(["bug", "bugs", "help", "info"]);
/** What ends a project's list: "systemd-devel", "libphonenumber-discuss", "ncurses-request". */
const LIST_SUFFIX = new Set(["announce", "bounces", "bugs", "commits", "devel", "dev", "discuss", "maintainers", "owner", "patches", "request", "security", "users",
  // a list server's commands, "announce-subscribe@maven.apache.org", "dev-unsubscribe@…", "pod-people-subscribe@perl.org"
  // (in every Apache POM's <mailingLists>), and lists named so: "issues-…", Python's special interest
  // groups ("email-sig@python.org"), Perl's porters ("perl5-porters@perl.org")
  "subscribe", "unsubscribe", "digest", "issues", "sig", "porters",
  // a translation team's or a locale's contact in glibc's locale files and X's keyboard maps
  // ("locales@geez.org", 24 locales; "l10n@cademiasiciliana.org"; "libc-locales@sourceware.org")
  "l10n", "i18n", "locales", "translators"]);
/**
 * What ends a project's list only after the project's name: glibc's development list, the contact
 * of many a locale ("libc-alpha@sourceware.org"); "alpha@" alone may be someone's nickname.
 */
const LIST_SUFFIX_AFTER_NAME = new Set(["alpha"]);
const LIST_DOMAIN = /^(?:lists?|mailman)\.|(?:^|\.)googlegroups\.com$/;

/**
 * What ends a product team's alias, glued to the product's name: the feedback address in every
 * page of a vendor's help file ("Send comments about this topic to netfwsdk@microsoft.com", in
 * Tika's CHM test files), "sqldocs@", "azurefeedback@". No one's name ends so.
 */
const TEAM_SUFFIX = /(?:sdk|docs|docfb|feedback|support|helpdesk)$/;

export function isRoleMailbox(local: string, domain: string): boolean {
  const l = local.toLowerCase();
  // (a list's name alone is its address too: Apache's "dev@", "users@", "commits@", "issues@maven.apache.org")
  if (ROLE.has(l) || LIST_SUFFIX.has(l) || LIST_DOMAIN.test(domain.toLowerCase()) || TEAM_SUFFIX.test(l)) return true;
  const dash = l.indexOf("-");
  // (a role's word last, after the site's or the team's name: "site-policy@w3.org" in the DOM licence, "gnu-webmaster@")
  const last = l.slice(l.lastIndexOf("-") + 1);
  return dash > 0 && (LIST_PREFIX.has(l.slice(0, dash)) || LIST_SUFFIX.has(last) || LIST_SUFFIX_AFTER_NAME.has(last) || ROLE.has(last));
}

/** The top-level domains IANA delegates (the `tlds` package), lower case. */
const TLDS: ReadonlySet<string> = new Set(createRequire(import.meta.url)("tlds") as string[]);
/**
 * File name extensions that are no top-level domain: "icons-64x64@2.tar" in APT's configuration,
 * "logo@2x.png" in a web page's sources, a translation's "sr@latin.po" and "en@quot.header". (Those that are one stay addresses: ".zip", ".mov",
 * ".py" of Paraguay, ".sh" of Saint Helena.) Other domains IANA does not know stay too: an
 * enterprise's own ("corp.local", "intranet.lan") hold its people's addresses.
 */
const FILE_EXTENSIONS: ReadonlySet<string> = new Set(
  ("tar gz tgz bz2 xz zst 7z rar png jpg jpeg gif svg webp bmp ico tif tiff heic psd pdf txt md rst json yaml yml toml xml html htm css scss " +
    "less js mjs cjs jsx ts tsx map wasm java class jar war kt py pyc rb php pl go rs c h cc cpp hpp o a so dll exe bin iso img dmg deb rpm " +
    "apk msi log conf cfg ini lock bak tmp swp csv tsv xls xlsx doc docx ppt pptx odt ods odp mp3 mp4 wav ogg flac avi mkv webm woff woff2 ttf otf eot " +
    "po pot mo gmo header " +
    // systemd's units and their instances, "getty@tty1.service", "user@1000.slice", "systemd-fsck@dev-sda1.service"
    // (".target" is a brand's top-level domain, and stays), and its journal's catalogues, "systemd.be@latin.catalog"
    "service socket timer mount automount swap path slice scope device busname catalog")
    .split(" ")
    .filter((x) => !TLDS.has(x)),
);

/**
 * Domains of SSH's own algorithm names, "name@domain" (RFC 4251, 6): "umac-64@openssh.com",
 * "chacha20-poly1305@openssh.com", "curve25519-sha256@libssh.org" in ssh_config and sshd_config.
 * Those names hold a hyphen or a digit; the projects' people's addresses ("djm@openssh.com") do not.
 */
const SSH_NAME_DOMAIN = /^(?:openssh\.com|libssh\.org)$/i;

/**
 * A message's identifier, not a mailbox, in a mail archive's link or a patch's "Link:" trailer:
 * a time stamp first ("20211013063656.3084555-4-chenhuacai@loongson.cn",
 * "20160419091055.GF2345@dinwoodie.org"), a UUID ("99b0adb6-26ba-293c-3a8f-679f59e7cb4d@web.de"),
 * Gnus's ".fsf" ("7vbptlsuyv.fsf@gitster…"), Outlook's "$" ("002001c144a6$8752e060$56104586@oxy.edu").
 * (A QQ number's address is digits alone: "12345678@qq.com".)
 */
const MESSAGE_ID = /^\d{12,}\.|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$|\.fsf$|\$/i;

/**
 * Domains reserved for documentation and tests (RFC 2606, RFC 6761): example.com, example.net,
 * example.org and their subdomains, and the top-level domains "test", "example", "invalid" and
 * "localhost". No mailbox exists there, so an address there names no one: the AWS CLI's examples
 * ("diego@example.com", 306 addresses in 147 files), every library's documentation and test data.
 * So are the placeholders "tld" and "domain", which no registry delegates ("user@domain.tld" in
 * botocore's API models, "username@site.domain" in wgetrc), and a domain's name spelt out,
 * "host.domain.name" (e2scrub.conf's "e2scrub@host.domain.name"). Still found, never reported,
 * whatever words are near: as the documentation ranges of IP addresses and NANP's 555-01xx numbers.
 */
const RESERVED_DOMAIN = /(?:^|\.)example\.(?:com|net|org)$|\.(?:test|example|invalid|localhost|tld|domain)$|(?:^|\.)domain\.name$/i;
const RESERVED = { validation: "reserved_domain", score: 0.01, fixed: true } as const;
/** Whether a host's domain is reserved for examples (RFC 2606, 6761; see above): no one's mailbox or server. */
export const reservedDomain = (domain: string): boolean => RESERVED_DOMAIN.test(domain);

/** A role or list mailbox: reported, below what makes a file sensitive on its own (0.5). */
const ROLE_SCORE = 0.45;

/**
 * Google Cloud's service accounts ("my-iam-account@my-project.iam.gserviceaccount.com",
 * "my-project-id@appspot.gserviceaccount.com", "…-compute@developer.gserviceaccount.com"): a
 * workload's identity, no one's mailbox. The Cloud SDK's help and tests hold hundreds; reported as a
 * role's mailbox is.
 */
const SERVICE_ACCOUNT_DOMAIN = /(?:^|\.)gserviceaccount\.com$/i;

/**
 * The words a made-up mailbox is written with, in documentation and tests ("test-user@gmail.com"
 * in the Cloud SDK's help, 521 times; "test@test.com" in App Engine's MessageTest.php; boto's
 * "foo@bar.com"; "person1@company.com"): no one's name.
 */
const PLACEHOLDER_WORDS: ReadonlySet<string> = new Set(
  "test tests testing tester user users username someone somebody anyone foo bar baz qux foobar sample dummy fake my your name person me you demo".split(" "),
);
/**
 * Domains a help text makes up ("my-iam-account@somedomain.com" in the Cloud SDK's manual pages,
 * "you@yourcompany.com", "Joe Tester <joe@foo.bar>" in GnuPG's manual): "foo.bar" and some or
 * your domain or company (domain.com itself is a registrar's, with mailboxes); and example.com
 * as translations write it, "example" in their language ("me@exemple.com", "yo@ejemplo.com",
 * "mig@eksempel.com" in ssl-cert's debconf templates, "max@beispiel.de"): not reserved (RFC
 * 2606), so scored as a placeholder's, not dropped.
 */
const PLACEHOLDER_DOMAIN = /(?:^|\.)(?:some|your|my|any|other)(?:domain|company)\.(?:com|net|org)$|^foo\.bar$|(?:^|\.)(?:exemple|ejemplo|exemplo|esempio|beispiel|voorbeeld|eksempel|exempel|esimerkki|przyklad|priklad|primer|pelda|ornek)\.(?:com|net|org|[a-z]{2})$/i;
/** Words a mailbox of its own may be named: a placeholder beside another piece or a number only. */
const WEAK_ALONE: ReadonlySet<string> = new Set("user users name my your me you person demo sample".split(" "));
/**
 * Whether every piece of a local part (between dots, hyphens, underscores and plus signs, a
 * number after it aside: "user1") is such a word, or two run together ("testuser", "myuser").
 * A person's name beside one is a person's ("kim-test", "tessa.user").
 */
function placeholderLocal(local: string): boolean {
  const pieces = local.toLowerCase().split(/[._+-]+/);
  // (one such word alone that may be a mailbox's real name stays: "user@почта.рф", "me@", "demo@")
  if (pieces.length === 1 && WEAK_ALONE.has(pieces[0]!)) return false;
  return pieces.every((p) => {
    const w = p.replace(/\d+$/, "");
    if (PLACEHOLDER_WORDS.has(w)) return true;
    for (let k = 2; k <= w.length - 2; k++) if (PLACEHOLDER_WORDS.has(w.slice(0, k)) && PLACEHOLDER_WORDS.has(w.slice(k))) return true;
    return false;
  });
}

/**
 * Letters of scripts written without blanks between words (Chinese, Japanese, Thai; Korean glues
 * its particles: "hong@gmail.com으로"): an address runs into the sentence there, "メールはtaro@example.co.jpまで",
 * so one of them may stand right before or after an address.
 */
const SPACELESS = String.raw`\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}`;
/**
 * What may not stand right before an address: a letter, a mark or a digit of any other script (a
 * match never starts inside a word: "müller@gmail.com" was found as "ller@gmail.com", "josé.garcía@…"
 * as "a@…"), a local part's own punctuation, nor a URL's "://" (its user, "ssh://anholt@git.freedesktop.org/git/mesa")
 * or its user and ":" (its password, "postgres://app:S3cret@db.internal": secrets/password.ts reads it).
 * No "/" nor "=" in a local part, which RFC 5322 allows and no one uses: a path's or a key's address
 * starts after them, "sender=e2scrub@host" in a configuration file.
 */
const NOT_AFTER = String.raw`(?:(?<=[${SPACELESS}])|(?<![\p{L}\p{M}\p{N}._%+-]|:\/\/|:\/\/[^\s:/?#@]{1,128}:))`;
/**
 * What ends a domain: no letter, mark, digit or hyphen of another script, nor a dot and another
 * label ("a@b.co" of "a@b.cöm"). Perl's POD escapes the address's brackets, "E<lt>exodist@cpan.orgE<gt>":
 * the "E" of "E<gt>" is no part of the top-level label ("cpan.orgE" was reported). An SSH remote in
 * scp's syntax, "git@github.com:apache/maven.git" (a POM's `<connection>`, a package's repository), is
 * a URL's user and host as "ssh://git@github.com/…" is (NOT_AFTER), not a mailbox: a host and a
 * colon glued to a path ("jane@corp.com: hello" and "From: jane@corp.com:" stay addresses).
 */
const DOMAIN_END = String.raw`(?!(?!E<gt>)[\p{L}\p{M}\p{N}-](?<![${SPACELESS}])|\.[\p{L}\p{N}]|(?<=E)<gt>|:[\w~.-]*\/)`;
/** A top-level label in its ASCII form: letters, or IDNA's punycode ("xn--p1ai", .рф). */
const ASCII_TLD = String.raw`(?:[A-Za-z]{2,24}|xn--[A-Za-z0-9-]{1,59})`;

/**
 * Addresses written in ASCII (RFC 5322's "dot-atom"): a letter, a digit or "_" first, so a quoted
 * address's quote stays out, "'dinsdale@example.com'" in code; at most 64 characters, as RFC 5321
 * says, so a start after a "'" inside a long word reads 64 of its characters, not all of them: from
 * each of the 32,000 of "s's's'…", 1.2 s in all. Searched from the "@" (`anchor`), in a text of
 * ASCII alone (beyond it, INTERNATIONAL finds these addresses too, in one pass).
 */
const DOT_ATOM: Pattern = {
  name: "dot-atom",
  regex: re(String.raw`${NOT_AFTER}[A-Za-z0-9_](?:\.?[A-Za-z0-9!#$%&'*+?^_{|}~-]){0,63}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+${ASCII_TLD}${DOMAIN_END}`, "u"),
  score: 0.5,
  anchor: { char: "@", before: String.raw`[A-Za-z0-9!#$%&'*+?^_{|}~.-]` },
};

/**
 * Internationalised addresses (RFC 6531, IDNA): letters, marks and digits of any script in the
 * local part and the domain's labels ("jörg.müller@münchen.de", "user@bücher.de", "иван@почта.рф",
 * "zoë@gmail.com" were all missed), the same shape as DOT_ATOM otherwise, whose addresses it finds
 * too. A top-level label of ASCII letters first (then a sentence in a script without blanks may
 * follow it), else one in another script, which must be one IANA delegates (`validate`). The
 * engine's anchor walks back from the "@" over ASCII only: in a text with a character beyond
 * ASCII, `find` reads this pattern from each "@" itself (`fromAt`), in place of DOT_ATOM.
 */
const INTERNATIONAL: Pattern = {
  name: "internationalised",
  regex: re(
    String.raw`${NOT_AFTER}[\p{L}\p{N}_](?:\.?[\p{L}\p{M}\p{N}!#$%&'*+?^_{|}~-]){0,63}@(?:[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?\.)+(?:${ASCII_TLD}|\p{L}[\p{L}\p{M}]{1,62})${DOMAIN_END}`,
    "u",
  ),
  score: 0.5,
};
const NON_ASCII = /[\u0080-\uffff]/;
const SPACELESS_CHAR = new RegExp(`[${SPACELESS}]`, "u");
const SPACELESS_ALL = new RegExp(`[${SPACELESS}]`, "gu");
/** Where a local part may start (INTERNATIONAL's first character where NOT_AFTER allows it). */
const LOCAL_START = new RegExp(String.raw`${NOT_AFTER}[\p{L}\p{N}_]`, "gu");
/** DOT_ATOM at one place: the ASCII address a sentence in a script without blanks runs into. */
const asciiAt = new RegExp(DOT_ATOM.regex.source, "uy");

/**
 * An INTERNATIONAL match without the sentence in a script without blanks (SPACELESS) that runs
 * into it: before a local part in another script, "メールは" of "メールはtaro@例え.jp" and "Gmailは"
 * of "Gmailはtaro@gmail.com" (the address starts where it could start after that sentence's last
 * letter); after an ASCII address, "はgmail.com" of "taro@gmail.comはgmail.comのアドレス" (DOT_ATOM
 * ends it). A local part of Han and then ASCII digits loses its Han so ("张伟123@…"), rarer than a
 * QQ number after its sentence ("邮箱是123456@qq.com"). [start, end) of the address.
 */
function withoutSentence(text: string, m: RegExpExecArray): [number, number] {
  let start = m.index;
  let end = m.index + m[0].length;
  if (!SPACELESS_CHAR.test(m[0])) return [start, end];
  const at = m.index + m[0].indexOf("@");
  let cut = -1;
  for (const g of text.slice(start, at).matchAll(SPACELESS_ALL)) cut = start + g.index + g[0].length;
  if (cut > start && cut < at) {
    LOCAL_START.lastIndex = cut;
    const from = LOCAL_START.exec(text);
    if (from !== null && from.index < at) start = from.index;
  }
  if (SPACELESS_CHAR.test(text.slice(at, end)) && !NON_ASCII.test(text.slice(start, at))) {
    asciiAt.lastIndex = start;
    const ascii = asciiAt.exec(text);
    if (ascii !== null) end = start + ascii[0].length;
  }
  return [start, end];
}
/** A character a local part may hold (INTERNATIONAL's), one code point. */
const LOCAL_CHAR = /^[\p{L}\p{M}\p{N}!#$%&'*+?^_{|}~.-]$/u;

/**
 * INTERNATIONAL's matches as a global scan finds them, found from each "@" (as the engine's anchor
 * does, over the characters of any script): no match can start before the run of local-part
 * characters that ends at the next "@".
 */
function* fromAt(text: string): Generator<RegExpExecArray> {
  const rx = new RegExp(INTERNATIONAL.regex.source, INTERNATIONAL.regex.flags);
  let pos = 0;
  for (;;) {
    const at = text.indexOf("@", pos);
    if (at < 0) return;
    let s = at;
    while (s > pos) {
      // (a letter beyond the BMP is a surrogate pair: read it whole)
      const low = text.charCodeAt(s - 1);
      const high = s - 2 >= pos ? text.charCodeAt(s - 2) : 0;
      const width = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? 2 : 1;
      if (!LOCAL_CHAR.test(text.slice(s - width, s))) break;
      s -= width;
    }
    rx.lastIndex = s;
    const m = rx.exec(text);
    if (m === null) return;
    yield m;
    pos = m.index + Math.max(1, m[0].length);
  }
}

/**
 * Whether a domain's top-level label may be one: letters of ASCII that are no file's extension, or
 * a label in another script (or its punycode, "xn--p1ai") that IANA delegates ("рф", "中国",
 * "ελ"): "user@bücher.de" and "иван@почта.рф" are addresses, and "a@b.ñandú" is none.
 */
function tldAllowed(tld: string): boolean {
  const t = tld.normalize("NFC").toLowerCase();
  if (t.startsWith("xn--")) return TLDS.has(domainToUnicode(t));
  if (NON_ASCII.test(t)) return TLDS.has(t);
  return t.length <= 24 && !FILE_EXTENSIONS.has(t);
}

function validate(value: string): Verdict {
  const [local = "", domain = ""] = value.split(/@(?=[^@]*$)/);
  if (local.length > 64 || domain.length > 253) return false;
  if (domain.split(".").some((l) => l.startsWith("-") || l.endsWith("-"))) return false;
  if (!tldAllowed(domain.slice(domain.lastIndexOf(".") + 1))) return false;
  // (a domain in another script must have its IDNA form: its labels' punycode at most 63 characters, no forbidden character)
  if (NON_ASCII.test(domain) && domainToASCII(domain) === "") return false;
  if (SSH_NAME_DOMAIN.test(domain) && /[-\d]/.test(local)) return false;
  if (MESSAGE_ID.test(local)) return false;
  // (a template's braces around the "@": Handlebars' "{{@root.host}}" and "{{#if @root.owner}}" in
  // conventional-changelog's templates read "root.owner}}{{@root.owner" as an address, at 1.0)
  if (local.includes("{{") || local.includes("}}")) return false;
  if (RESERVED_DOMAIN.test(domain)) return RESERVED;
  if (isRoleMailbox(local, domain)) return { validation: "role_mailbox", score: ROLE_SCORE, fixed: true };
  if (SERVICE_ACCOUNT_DOMAIN.test(domain)) return { validation: "service_account", score: ROLE_SCORE, fixed: true };
  if (placeholderLocal(local) || PLACEHOLDER_DOMAIN.test(domain)) return { validation: "placeholder_mailbox", score: ROLE_SCORE, fixed: true };
  return { validation: "email_syntax", score: 1.0 };
}

/**
 * A list's address told so by its text: "the makemaker@perl.org mailing list" (ExtUtils::MakeMaker's
 * manual), "C<pod-people@perl.org> mail list" (Pod::Usage's), the addresses a sentence ending
 * in "mailing lists …:" introduces ("There are two mailing lists related to FreeType:\n\n    o
 * freetype@nongnu.org" in the JDK's legal notices), and a list whose list server's command the
 * text gives too ("pod-people-subscribe@perl.org" beside "pod-people@perl.org").
 */
const LIST_AFTER = /^[>)'"`\]]*[ \t]+(?:mailing|mail)[ \t]+list\b/i;
/** (In the plural only: "Add to mailing list: jane@acme.com" is a person's address put on one.) */
const LIST_INTRO_BEFORE = /\bmailing[ \t]+lists\b[^.;!?@\n]{0,60}:[ \t]*(?:\r?\n[ \t]*){0,3}(?:[o*•-][ \t]+)?[<(]?$/i;
const LIST_COMMAND = /(?<![\w.%+-])([\w.+-]+)-(?:subscribe|unsubscribe|request|owner)@([\w.-]+\.[A-Za-z]{2,})/gi;
function toldAList(text: string, c: Candidate, lists: ReadonlySet<string>): boolean {
  if (LIST_AFTER.test(text.slice(c.end, c.end + 24)) || LIST_INTRO_BEFORE.test(text.slice(Math.max(0, c.start - 96), c.start))) return true;
  return lists.size > 0 && lists.has(text.slice(c.start, c.end).toLowerCase());
}
/** The lists whose list server's commands the text gives ("pod-people@perl.org" of "pod-people-subscribe@perl.org"), read once per text. */
function commandedLists(text: string): ReadonlySet<string> {
  const lists = new Set<string>();
  if (/-(?:subscribe|unsubscribe|request|owner)@/i.test(text)) for (const m of text.matchAll(LIST_COMMAND)) lists.add(`${m[1]}@${m[2]}`.toLowerCase());
  return lists;
}
/** A person's address that the text says is a list's scores as a role's (`toldAList`). */
function asLists(text: string, found: Candidate[]): Candidate[] {
  if (!found.some((c) => c.validation === "email_syntax")) return found;
  const lists = commandedLists(text);
  return found.map((c) => (c.validation === "email_syntax" && toldAList(text, c, lists) ? { ...c, score: ROLE_SCORE, validation: "role_mailbox", fixed: true } : c));
}

/** RFC 5322 "dot-atom" addresses and RFC 6531's internationalised ones, with a dotted domain and a top-level label that is no file's extension. */
export const emailAddress: Detector = {
  id: "email_address",
  type: "EMAIL_ADDRESS",
  area: "generic",
  category: "contact",
  description: "E-mail address (local@domain.tld); a role or mailing-list mailbox, a Google Cloud service account or a placeholder's (test-user@, foo@) scores 0.45, one at a domain reserved for examples (RFC 2606) 0.01",
  patterns: [DOT_ATOM, INTERNATIONAL],
  context: ["email", "e-mail", "mail", "contact", "address"],
  prefilter: { anyChar: "@" },
  validate,
  find(text, _cues, tally) {
    if (!NON_ASCII.test(text)) return asLists(text, patternCandidates(ASCII_ONLY, text, tally));
    const out: Candidate[] = [];
    for (const m of fromAt(text)) {
      const [start, end] = withoutSentence(text, m);
      const verdict = validate(text.slice(start, end));
      if (tally) tallyMatch(tally, text.slice(start, end), verdict !== false);
      if (verdict !== false) out.push({ start, end, score: verdict.score ?? INTERNATIONAL.score, validation: verdict.validation, fixed: verdict.fixed === true });
    }
    return asLists(text, out);
  },
};
/** The detector with its ASCII pattern alone, for the engine's anchored search. */
const ASCII_ONLY: Detector = { ...emailAddress, patterns: [DOT_ATOM], find: undefined };
