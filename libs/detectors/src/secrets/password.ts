import type { Candidate, Detector } from "../core/types.ts";
import { findAssignments, isPlaceholder, KEY_START, SEPARATOR } from "./assignment.ts";
import { reservedDomain } from "../generic/email_address.ts";

/** `password = value`, `"passwd": "value"`, `Pwd=value;` (key names in several languages). */
// A suffix after a dot that ends at a colon is a file name's extension (`passwd.c:`, `passwd.5:`).
/** A password's key names, in the languages of the national identifiers (and "pass", not a column's label: a test's Pass/Fail). */
export const PASSWORD_KEYS = ["password", "passwd", "passphrase", "pwd", "passwort", "kennwort", "mot_de_passe", "contraseña", "contrasena", "senha", "wachtwoord"];
const NAME_END = String.raw`(?:[_-][A-Za-z0-9]+|\.(?![A-Za-z0-9]{1,4}["']?[ \t]*:(?![:=]))[A-Za-z0-9]+)?["']?[ \t]*${SEPARATOR}`;
/** The key names as a key or a label writes them ("mot_de_passe", "Mot de passe"). */
const KEY_NAMES = PASSWORD_KEYS.map((k) => k.replace(/_/g, "[_ ]"));
const NAMES = String.raw`(?:${[...KEY_NAMES, "pass"].join("|")})${NAME_END}`;
/**
 * A key: the name alone or after a word and a separator (`db_password`, `jdbc.password`), or a
 * full name (not "pass": "BandPass", "ByPass") after a word in camelCase or PascalCase
 * (`dbPassword`, `ConnectionPassword` of Hive's `javax.jdo.option.ConnectionPassword`,
 * `adminPwd`): a capital right after a lower-case letter.
 */
const KEYS = new RegExp(String.raw`${KEY_START}(?:(?:[A-Za-z0-9]+[_.-])?${NAMES}|(?-i:[A-Za-z][A-Za-z0-9]*[a-z0-9](?=[A-Z]))(?:${PASSWORD_KEYS.join("|")})${NAME_END})`, "gi");
/**
 * `PASS: name` as a test log writes it, and `"PASS" : "FAIL"` as a test reports it (a password
 * key is seldom upper-case "PASS" with a colon).
 */
const TEST_RESULT = /^PASS["']?[ \t]*:/;
/** "pass" after an ordinal or an article: a pass of an algorithm (`// First pass: process all schemas`, `one forward pass: text`). */
const PASS_OF = /\b(?:first|second|third|fourth|fifth|last|final|next|previous|each|every|one|two|three|single|double|forward|backward|reverse|another|this|that|the|a|an|same|initial|extra|additional|main|\d+(?:st|nd|rd|th))[ \t]+$/i;
/** A pass's kind joined to it: a compiler's or a renderer's pass (LLVM's `-debug-pass=Executions`, `shadow_pass: true`). */
const PASS_KIND = /^(?:debug|print|dump|first|second|third|last|final|single|double|multi|forward|backward|render|shadow|depth|compile|opt)[_-]pass["']?[ \t]*(?::=|=>|=|:)/i;
/**
 * Keys that name a setting about passwords, not one (`password_encryption = scram-sha-256` in
 * postgresql.conf, `jmxremote.password.file=filepath`, `password.toHashes = true|false`,
 * svnserve.conf's `password-db = userfile`), or none (`File is password-protected: ECMA-376`, a stylesheet's `--mocha-test-pass-color: #007f6a`).
 */
const ABOUT_PASSWORDS = /(?:-(?:db|database)|[_.-](?:file|path|dir|directory|encryption|tohashes|length|minlength|maxlength|policy|prompt|expiry|expires|age|complexity|history|command|cmd|program|helper|store|storage|manager|field|column|label|hint|reset|change|required|rules|strength|method|format|protected|protection|color|colour))["']?[ \t]*(?::=|=>|=|:)/i;
/**
 * A documentation field naming a parameter (`:param password: The user's password.`, `:type
 * passphrase:`, `@param password`, kernel-doc's `@pwd: the key file password.` and
 * `@NL80211_ATTR_SAE_PASSWORD: attribute for …`).
 */
const DOC_FIELD = /(?:(?::param|:type|:arg|:ivar|:cvar|@param|@arg)[ \t]+|@\w*)$/;
/**
 * "pwd" as the shell and code name the working directory (`$PWD`, `s.pwd = dir`, `pwd: cwd`,
 * `"PWD: want %s"` next to `os.Getwd()` in Go's tests): the key alone, with a directory word
 * near. A connection string's `Pwd=…;` has none.
 */
const PWD_KEY = /^(?:[\w.]*\.)?(?:old)?pwd["']?[ \t]*(?::=|=>|=|:)/i;
const DIRECTORY_NEAR = /\b(?:cwd|chdir|getwd|getcwd|dir|dirs|directory|folder|oldpwd)\b|\bworking[ \t]+dir|\bGetwd\b/i;

/** The part of every KEYS match from the key name on: a quick test that the text assigns a password at all. */
const TAIL = new RegExp(NAMES, "i");
/**
 * A password told in prose: "my password is …", "your temporary password is: …", "the Wi-Fi
 * password was changed to …" (a ticket, a chat, an onboarding mail), and a label and its value
 * apart by tabs on a line of their own (a text table: "Password<TAB>…"). What follows must look
 * like a password (`toldPassword`), not a word ("the password is incorrect"). And the value alone
 * on the line under a label alone on its own.
 */
/** One word saying whose or what for, before the password's name: "DB password", "VPN Password", "Wi-Fi password". */
const QUALIFIER = String.raw`(?:\p{L}[\p{L}\p{N}-]{0,15}[ \t]+)?`;
const TOLD = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:my|the|your|our|his|her|their|new|temporary|temp|default|initial|one-time|wi-?fi|admin|root)[ \t]+${QUALIFIER}(?:${KEY_NAMES.join("|")})[ \t]+(?:(?:has been |was |is )?(?:changed|reset|set) to|will be|is nu|is|was|ist|est|es|é)[ \t]*:?[ \t]+["'“‘]?(?<v>[^\s"'”’]{4,64})`, "giu");
const TABBED = new RegExp(String.raw`^[ \t]*${QUALIFIER}(?:${KEY_NAMES.join("|")})[ \t]*\t[ \t]*(?<v>[^\s]{4,64})[ \t]*$`, "gimu");
/** A label on a line of its own and the value alone on the next (a form's text, a note): "Password:\n…". */
const BELOW = new RegExp(String.raw`^[ \t]*${QUALIFIER}(?:${KEY_NAMES.join("|")})[ \t]*:?[ \t]*\r?\n[ \t]*(?<v>[^\s]{4,64})[ \t]*$`, "gimu");

/**
 * The value right after the name, as a ticket or a chat writes it ("login with user admin and the
 * password Summer2024!", "the Wi-Fi password dK8#pq2w for guests") or a parenthesis ("(password
 * Xk7pQ2wq9)"): after an article, a possessive or a preposition, or the parenthesis. No verb says
 * it is one, so the value must look like nothing else (`strongPassword`).
 */
const ADJACENT = new RegExp(String.raw`(?:(?<=\()${QUALIFIER}|(?<![\p{L}\p{N}])(?:my|the|your|our|his|her|their|new|temporary|temp|default|initial|one-time|wi-?fi|admin|root|with|and|use|using|plus)[ \t]+${QUALIFIER})(?:${KEY_NAMES.join("|")})[ \t]+(?<v>[^\s"'()<>[\]{}\x60]{6,64})(?=[.,;:!?]?(?:[ \t)]|\r?\n|$))`, "giu");
/** A line of comma-, semicolon- or bar-separated values that starts with the name: a key-value export's row ("Password,Xk7pQ2wq9,active"). */
const ROW = new RegExp(String.raw`^[ \t]*${QUALIFIER}(?:${KEY_NAMES.join("|")})[ \t]*([,;|])[ \t]*(?<v>[^\s,;|"']{4,64})(?=[ \t]*(?:\1|\r?$))`, "gimu");
/** Algorithms and tools a password's name is followed by in prose ("the password SHA256 hash", "password md5sum"). */
const NOT_A_VALUE = /^(?:md[45]\w*|sha-?\d*\w*|bcrypt\w*|scrypt\w*|argon2\w*|pbkdf2?\w*|aes-?\d*\w*|rsa-?\d*\w*|ntlm\w*|des3?\w*|crypt\d*|hmac\w*|utf-?8|base64\w*|[0-9a-f]{32,}|\d+(?:st|nd|rd|th|x)?)$/i;

/**
 * Whether a value with no verb or label before it looks like a password: a small letter, and a
 * digit, a sign (not an identifier's "_", "-" or ".") or a capital inside it; no algorithm, no
 * identifier in camelCase ("passwordHash") or with the password's name, no placeholder.
 */
function strongPassword(value: string): boolean {
  // (signs at its ends say nothing: a sentence's, a pattern's, "cache\.$"; nor does an escape, "separated\nby" in a JSON string, "to%0Aprotect" in GnuPG's prompts)
  const core = value.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  return /\p{Ll}/u.test(core) && !/\\[nrt]|%0[9AD]/i.test(core) && /\d|[^\p{L}\p{N}_.-]|\p{Ll}\p{Lu}/u.test(core) && !NOT_A_VALUE.test(value) && !CAMEL_WORDS.test(value) && !TOLD_WORD.test(value) && toldPassword(value);
}
/** Words joined in camelCase, each capitalised part a word's shape ("hashValue", "userInputField"). */
const CAMEL_WORDS = /^[a-z]{2,}(?:[A-Z][a-z]{2,})+$/;

/** What TOLD, TABBED, BELOW, ADJACENT and ROW all need (tested first: most texts the pre-filter lets through say "pass" of something else, "passenger", "compass"). */
const TOLD_WORD = new RegExp(KEY_NAMES.join("|"), "iu");
/** A command's option, a path, a heading's underline or a list's bullet: what a manual writes under a "Password" heading. */
const OPTION_OR_PATH = /^(?:-|\/|~\/|\.\.?\/|[=*#•]+$)|^[A-Za-z]:\\/;
/** A template's slot, not a value: "{####}", "<password>", "${PASS}", "%s", "[password]"; a help file's tag, "*netrw-passwd*" (Vim's). */
const TEMPLATE = /^(?:\{.*\}|<.*>|\$\{?\w*\}?|%[sd]|\[.*\]|\(.*\)|\*[^*\s]+\*)$/;

/** A constant's name in capitals and underscores: "RADIUS_CHAP_PASSWORD" under a "Password" heading (PHP's manual). */
const CONSTANT_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/**
 * Words and a colon under a label are another label: "Password:\nPasswort:" in a message
 * catalogue, in any script ("新密碼：", "पासवर्ड:", "Palavra-passe:"); and words ending in an ideographic
 * full stop are a sentence ("当前目录的完整路径名。").
 */
const ANOTHER_LABEL = /^[\p{L}\p{M}'’ ་-]+[:：]$|[\p{L}\p{M}][。．]$/u;

/**
 * A compound adjective saying how a password is kept, not the password: "clears its password if
 * the password is MD5-encrypted" (PostgreSQL's ALTER ROLE manual page, at 1.0), "SHA256-hashed",
 * "TPM-protected", "server-generated".
 */
const DESCRIBED = /^[\p{L}\p{N}]+-(?:encrypted|hashed|salted|encoded|protected|based|generated|derived|stored|enabled|disabled)$/iu;

/** Whether what prose or a text table gives as a password looks like one: a digit, a sign or a capital inside it, and no word or placeholder. */
function toldPassword(value: string): boolean {
  return !DESCRIBED.test(value) && /\d|[^\p{L}\p{N}]|\p{Ll}\p{Lu}/u.test(value) && !CONSTANT_NAME.test(value) && !ANOTHER_LABEL.test(value) && !isPlaceholder(value) && !TEMPLATE.test(value) && !/^\d{1,3}$/.test(value) && !/^(?:https?|ftp|file):/i.test(value) && !OPTION_OR_PATH.test(value);
}

/** The fields of a passwd(5) entry, struct passwd's members without their "pw_". */
const PASSWD_FIELD = /^(?:name|passwd|uid|gid|gecos|dir|shell|class|change|expire)$/;

/** Roff's escapes ending a word, and a sentence's punctuation after them: "\\&.", "\\fR", "\\f(CW", "\\c". */
const ROFF_AFTER = /(?:\\[&c]|\\f(?:[A-Z0-9]|\(..|\[[^\]]*\]))+[.,;:!?)\]]*$/;

/** A roff font escape opening a word: "\\fB", "\\f(CW", "\\f[B]". */
const ROFF_BEFORE = /^\\f(?:[A-Z0-9]|\(..|\[[^\]]*\])/;

/** A regular expression's escapes: a quantified class or group ("\\k\\+", "\\w*", "\\)"), in a pattern that matches URLs. */
const REGEX_ESCAPE = /\\[kwdsSWD.]\\?[+*?=]|\\[()|{}]/;

/**
 * Credentials inside URLs: scheme://user:password@host. A scheme is sought from the start of its
 * word only: from every letter of a long word, the scheme ran to the word's end each time
 * (quadratic: 32,000 letters took 1.5 s).
 */
const URL_CREDS = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:([^\s:/@]{3,})@([^\s/?#'"]+)/gi;

export const password: Detector = {
  id: "password",
  type: "PASSWORD",
  area: "secrets",
  category: "credential",
  description: "Password in a configuration assignment or a URL",
  patterns: [],
  context: ["password", "credentials", "login", "database", "db", "user", "username"],
  readsKey: true,
  prefilter: { keywords: ["pass", "pwd", "kennwort", "mot_de_passe", "contrase", "senha", "wachtwoord", "://"] },
  find(text) {
    // "PASS: name" is a test result (DejaGnu, Automake, TAP-like logs), not a password; a URL
    // is a reference (credentials inside one are read below).
    const out: Candidate[] = findAssignments(text, KEYS, 3, 0.7, TAIL, (key, at) => TEST_RESULT.test(key) || PASS_KIND.test(key) || (/^pass\b/i.test(key) && PASS_OF.test(text.slice(Math.max(0, at - 16), at))) || ABOUT_PASSWORDS.test(key) || DOC_FIELD.test(text.slice(Math.max(0, at - 24), at)) || (PWD_KEY.test(key) && DIRECTORY_NEAR.test(text.slice(Math.max(0, at - 120), at + key.length + 120)))).filter((c) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(text.slice(c.start, c.end)));
    for (const [rx, validation] of TOLD_WORD.test(text) ? ([[TOLD, "told"], [TABBED, "label_tab"], [BELOW, "label_above"], [ADJACENT, "named_before"], [ROW, "label_cell"]] as const) : []) {
      rx.lastIndex = 0;
      for (const m of text.matchAll(rx)) {
        // (a sentence's end is no part of it, "My password is Xk7pQ2wq9.", unless it is quoted)
        const quoted = /["'“‘]$/.test(m[0].slice(0, m[0].length - m.groups!.v!.length));
        // (nor markup after it: "the password is lost.</p>" in an API's documentation, a manual
        // page's roff escapes "the password is locked\&.", "\fBsecret\fR")
        const font = quoted ? "" : (ROFF_BEFORE.exec(m.groups!.v!)?.[0] ?? "");
        // (a value alone in its cell or on its line keeps its last sign: "Password<TAB>Xk7pQ2wq9!")
        const prose = validation === "told" || validation === "named_before";
        const bare = quoted ? m.groups!.v! : m.groups!.v!.slice(font.length).replace(/<.*$/, "").replace(ROFF_AFTER, "");
        const value = prose && !quoted ? bare.replace(/[.,;:!?)\]]+$/, "") : bare;
        // (the value ends the match but for blanks after it: TABBED's and BELOW's "[ \t]*$")
        const start = m.index + m[0].lastIndexOf(m.groups!.v!) + font.length;
        const looks = validation === "named_before" ? strongPassword(value) : toldPassword(value);
        if (value.length >= 4 && looks && !TEMPLATE.test(m.groups!.v!) && !out.some((c) => c.start === start)) out.push({ start, end: start + value.length, score: 0.7, validation });
      }
    }
    // (a field of struct passwd after its name and a colon: Guile's builtins "passwd:dir",
    // "passwd:gid", "passwd:shell" among the strings of Pygments' compiled Scheme lexer)
    if (out.length && /passwd:[a-z]/i.test(text)) {
      const fields = out.filter((c) => !(PASSWD_FIELD.test(text.slice(c.start, c.end)) && /\bpasswd:$/i.test(text.slice(Math.max(0, c.start - 8), c.start))));
      out.length = 0;
      out.push(...fields);
    }
    // Every URL_CREDS match holds "://" and "@".
    if (!text.includes("://") || !text.includes("@")) return out;
    URL_CREDS.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = URL_CREDS.exec(text)) !== null) {
      // (http://user:pass@host, as documentation writes it; a host reserved for examples, "https://abc:xyz@example.com" in Node's URL docs)
      // (nor a pattern's pieces: "ftp://\(\k\+:\k\+@\)" in Vim's syntax files)
      if (isPlaceholder(m[1]!) || reservedDomain(m[2]!.replace(/:\d+$/, "")) || REGEX_ESCAPE.test(m[1]!)) continue;
      const start = m.index + m[0].indexOf(`:${m[1]}@`) + 1;
      out.push({ start, end: start + m[1]!.length, score: 0.8, validation: "url_userinfo" });
    }
    return out;
  },
};
