import { createRequire } from "node:module";
import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";

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
    "donotreply do-not-reply notifications office policy postmaster press privacy root sales security support sysadmin team webmaster").split(" "),
);
/** What starts a project's list: "bug-grep", "help-make", "info-gnus". */
const LIST_PREFIX = new Set(["bug", "bugs", "help", "info"]);
/** What ends a project's list: "systemd-devel", "libphonenumber-discuss", "ncurses-request". */
const LIST_SUFFIX = new Set(["announce", "bounces", "bugs", "commits", "devel", "dev", "discuss", "maintainers", "owner", "patches", "request", "security", "users"]);
const LIST_DOMAIN = /^(?:lists?|mailman)\.|(?:^|\.)googlegroups\.com$/;

/**
 * What ends a product team's alias, glued to the product's name: the feedback address in every
 * page of a vendor's help file ("Send comments about this topic to netfwsdk@microsoft.com", in
 * Tika's CHM test files), "sqldocs@", "azurefeedback@". No one's name ends so.
 */
const TEAM_SUFFIX = /(?:sdk|docs|docfb|feedback|support|helpdesk)$/;

export function isRoleMailbox(local: string, domain: string): boolean {
  const l = local.toLowerCase();
  if (ROLE.has(l) || LIST_DOMAIN.test(domain.toLowerCase()) || TEAM_SUFFIX.test(l)) return true;
  const dash = l.indexOf("-");
  // (a role's word last, after the site's or the team's name: "site-policy@w3.org" in the DOM licence, "gnu-webmaster@")
  const last = l.slice(l.lastIndexOf("-") + 1);
  return dash > 0 && (LIST_PREFIX.has(l.slice(0, dash)) || LIST_SUFFIX.has(last) || ROLE.has(last));
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
    "po pot mo gmo header")
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

/** RFC 5322 "dot-atom" addresses with a dotted domain and an alphabetic top-level label that is no file's extension. */
export const emailAddress: Detector = {
  id: "email_address",
  type: "EMAIL_ADDRESS",
  area: "generic",
  category: "contact",
  description: "E-mail address (local@domain.tld); a role or mailing-list mailbox scores 0.45, one at a domain reserved for examples (RFC 2606) 0.01",
  patterns: [
    {
      name: "dot-atom",
      // (no "/" nor "=" in the local part, which RFC 5322 allows and no one uses: a path's or a key's
      // address starts after them, "sender=e2scrub@host" in a configuration file; none right after
      // "://", a URL's user, "ssh://anholt@git.freedesktop.org/git/mesa", nor after a URL's user and
      // ":", its password, "postgres://app:S3cret@db.internal" (secrets/password.ts reads it); a
      // letter, a digit or "_" first, so a quoted address's quote stays out, "'dinsdale@example.com'" in code;
      // at most 64 characters, as RFC 5321 says, so a start after a "'" inside a long word reads 64
      // of its characters, not all of them: from each of the 32,000 of "s's's'…", 1.2 s in all)
      regex: re(String.raw`(?<![A-Za-z0-9._%+-]|:\/\/|:\/\/[^\s:/?#@]{1,128}:)[A-Za-z0-9_](?:\.?[A-Za-z0-9!#$%&'*+?^_{|}~-]){0,63}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![A-Za-z0-9-]|\.[A-Za-z0-9])`),
      score: 0.5,
      anchor: { char: "@", before: String.raw`[A-Za-z0-9!#$%&'*+?^_{|}~.-]` },
    },
  ],
  context: ["email", "e-mail", "mail", "contact", "address"],
  prefilter: { anyChar: "@" },
  validate(value) {
    const [local = "", domain = ""] = value.split(/@(?=[^@]*$)/);
    if (local.length > 64 || domain.length > 253) return false;
    if (domain.split(".").some((l) => l.startsWith("-") || l.endsWith("-"))) return false;
    if (FILE_EXTENSIONS.has(domain.slice(domain.lastIndexOf(".") + 1).toLowerCase())) return false;
    if (SSH_NAME_DOMAIN.test(domain) && /[-\d]/.test(local)) return false;
    if (MESSAGE_ID.test(local)) return false;
    if (RESERVED_DOMAIN.test(domain)) return RESERVED;
    if (isRoleMailbox(local, domain)) return { validation: "role_mailbox", score: ROLE_SCORE, fixed: true };
    return { validation: "email_syntax", score: 1.0 };
  },
};
