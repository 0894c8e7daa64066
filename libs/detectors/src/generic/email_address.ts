import type { Detector } from "../core/types.ts";
import { re } from "../core/regex.ts";

/**
 * Mailboxes of a role or a mailing list, not of a person: an inbox everyone writes to
 * ("support@", "postmaster@"), a project's bug or help list ("bug-grep@gnu.org",
 * "help-make@gnu.org"), a list named after its project ("systemd-devel@…", "xz-devel@…",
 * "openssl-users@…"), or any address at a list server ("lists.…", Google Groups). They fill
 * manuals, READMEs and changelogs; an address of a person keeps its full score. Joined with a
 * hyphen only: "morgan.devel@…" and "geecko.dev@…" are people's.
 */
const ROLE = new Set(
  ("abuse admin administrator billing bug bugs careers contact devnull enquiries feedback ftpmaster help helpdesk hostmaster info " +
    "inquiries jobs legal listmaster lists mailer-daemon majordomo listserv marketing news newsletter no-reply nobody noc noreply " +
    "donotreply do-not-reply notifications office postmaster press privacy root sales security support sysadmin team webmaster").split(" "),
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
  return dash > 0 && (LIST_PREFIX.has(l.slice(0, dash)) || LIST_SUFFIX.has(l.slice(l.lastIndexOf("-") + 1)));
}

/** A role or list mailbox: reported, below what makes a file sensitive on its own (0.5). */
const ROLE_SCORE = 0.45;

/** RFC 5322 "dot-atom" addresses with a dotted domain and an alphabetic top-level label. */
export const emailAddress: Detector = {
  id: "email_address",
  type: "EMAIL_ADDRESS",
  area: "generic",
  category: "contact",
  description: "E-mail address (local@domain.tld); a role or mailing-list mailbox scores 0.45",
  patterns: [
    {
      name: "dot-atom",
      regex: re(String.raw`(?<![A-Za-z0-9._%+'-])[A-Za-z0-9!#$%&'*+/=?^_{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![A-Za-z0-9-]|\.[A-Za-z0-9])`),
      score: 0.5,
      anchor: { char: "@", before: String.raw`[A-Za-z0-9!#$%&'*+/=?^_{|}~.-]` },
    },
  ],
  context: ["email", "e-mail", "mail", "contact", "address"],
  prefilter: { anyChar: "@" },
  validate(value) {
    const [local = "", domain = ""] = value.split(/@(?=[^@]*$)/);
    if (local.length > 64 || domain.length > 253) return false;
    if (domain.split(".").some((l) => l.startsWith("-") || l.endsWith("-"))) return false;
    if (isRoleMailbox(local, domain)) return { validation: "role_mailbox", score: ROLE_SCORE, fixed: true };
    return { validation: "email_syntax", score: 1.0 };
  },
};
