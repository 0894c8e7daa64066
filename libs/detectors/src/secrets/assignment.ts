/**
 * Shared finder for secrets written as assignments in configuration files and code:
 * `password = "..."`, `"api_key": "..."`, `Password=...;` in connection strings, YAML
 * `secret: ...`. The value (not the key) is the finding.
 */
import type { Candidate } from "../core/types.ts";

/**
 * Values that are placeholders, references or booleans rather than secrets; a format string's
 * field (`password: {auth_token}`, `{self._starting_token}`), a note to fill it in (`= TODO`), a
 * setter's argument (`self._master_user_password = value`), an environment variable's reference
 * (OpenSSL's `pass:env:MYPASS`), a change log's verdict (`GNUTLS_PKCS_NULL_PASSWORD: Added`); documentation's examples (`"password": "EXAMPLE-PASSWORD"`,
 * `PASSWORD="My@Example$Password3!"` in the AWS CLI's); the metasyntactic words run together
 * (`passphrase: 'foobarbaz'` in ssh2's README, "foobar") and Adventure's magic words (Tcl's http
 * package: `http://jschmoe:xyzzy@www.bogus.net:8000/foo/bar`); the reader's own, in any shape (`password: your@login`
 * in a Project Gutenberg file's FTP instructions, `your.email@address`).
 */
const PLACEHOLDER = /^(?:\$\{?[A-Za-z_][\w.]*\}?|%\(?\w+\)?s?|\{\{.*\}\}|<[^>]*>|@[\w.-]+@|\*+|x+|\.+|null|none|nil|undefined|incomplete|true|false|yes|no|required|optional|string|boolean|number|any|unknown|void|never|object|password|secret|top[ _-]?secret|super[ _-]?secret|changeme|your[\w.@-]*|example\w*|redacted|\[redacted\]|pass|passwd|pwd|env\(.*\)|process\.env\.\w+!?|os\.environ.*|-?anonymous@?|guest|(?:foo|bar|baz|qux|quux){1,4}|xyzzy|plugh|str|bytes|bytearray|int|float|bool|dict|list|tuple|passwort|kennwort|wachtwoord|m(?:ật|at)[ _-]?kh(?:ẩ|a)u|heslo|adgangskode|salasana|lösenord(?:et)?|parolă|passord|jelszó|şifre|contrasenya|密码|密碼|パスワード|비밀번호|mot_de_passe|motdepasse|contrase(?:ñ|n)a|senha|parola|palavra-passe|has(?:l|ł)o|пароль|fake\w*|dummy\w*|my[_-][\w-]*|compat|files|nis|nisplus|ldap|sss|systemd|winbind|hesiod|the|this|that|some|used|see|from|for|with|when|\{[\w.]+\}?|.*example.*|todo|tbd|fixme|val|value|env:\w+|my(?:pass|password|secret|pwd)\w*|some(?:pass|password|secret|pwd|key|token|value)\w*|added|removed|deprecated|changed|fixed)$/i;

/**
 * The separator of a key and its value, then the blanks before the value on the same line: not
 * `==` (a comparison), not `::` (a C++ scope, `pass_manager::run`), and never a value on the next
 * line (`inner secret:\n  function_name` is prose and a list).
 */
export const SEPARATOR = String.raw`(?::=|=>|=(?!=)|:(?!:))[ \t]*`;

/**
 * Before a key: not a letter or digit (the key is a word of its own), not a path (`src/passwd.c:`
 * in a ChangeLog) and not `a:b` (`'test:pass':`).
 */
export const KEY_START = String.raw`(?<![A-Za-z0-9/\\:])`;

/**
 * An unquoted value that is code, not a secret: a call (`callback(null`), an index
 * (`config['password']`), an object (`new Foo(...)`), a parenthesis (`(self.username`), an
 * attribute (`self.password`, `this._options.apiKey`, a C++ base class's access
 * (`struct PASS_NAME : public PassInfoMixin`), `constants.EVENT_TEST_PASS`: names of
 * letters alone; a random value has digits, a token's parts too), an operator (`await
 * getPassword()`), a variable's name (`password_ptr`, `index_info`: lower-case words joined by
 * `_`; three or more with digits too, a format's description: `hashedPassword = base64_encoded_64_byte_salt`
 * in the JDK's management agent's password file), a constant's name (`PASSWORD_REQUIRED`, `attributes.K8S_VOLUME_TYPE_VALUE_SECRET`); in
 * Perl, a package's function (`CPAN::anycwd()`), a quote operator (`qq{`), a dereference (`$self->{+PASS}`,
 * `$CPAN::Config->{password}`: the value stops at `>`) and the error variable (`$!`); a hexadecimal
 * literal (`STENCIL_PASS_DEPTH_PASS: 0x0B96`, WebGL's constants); in Vim
 * script, a scoped variable (`g:netrw_passwd`, `a:2`, `a:dict.istemp`); an arrow function's body
 * (`password => {`), a default (`password:U.password??null`), a list (`pass_fds=[wr]`,
 * `pass_enctest = [(b'…` in Python's tests).
 */
const CODE_VALUE = /^(?:(?:new|await|typeof|void|public|private|protected|static|const)$|\{|\[|[\w$.]+(?:\?\?|\|\||&&)|0x[0-9A-Fa-f]+$|[sgablwtv]:[\w#.]+$|[a-z]+(?:_[a-z]+)+$|[a-z][a-z0-9]*(?:_[a-z0-9]+){2,}$|\(|[A-Za-z_$][\w$.:]*[([{]|\$[A-Za-z_][\w:]*-$|\$!|[a-z_$][A-Za-z_$]*(?:\.[A-Za-z_$]{2,})+$|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|[A-Za-z_$][\w$]*\.[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$)/;

/**
 * After an unquoted value: another assignment, an operator, an arrow, a conditional
 * (`password = passwordEx ? await …`), a type's arguments, an object literal's comma at the line's
 * end, a flags object's next member (`MULTILINE:4096,PASSWORD:8192,NOTOGGLETOOFF:16384`).
 */
/**
 * What ends an unquoted value: after a label's colon, and after "=" (also "&", a URL query's next
 * parameter). A typographic closing quote too: Texinfo quotes code so ("‘--http-password=STRING’."
 * in wget's manual: "STRING’." was a password at 1.0, the metavariable's rule below not seeing it).
 */
const UNQUOTED_END = /[\s;,"'<>)}\]’”]/;
const UNQUOTED_END_IN_QUERY = /[\s;,"'<>&)}\]’”]/;
const CODE_AFTER = /^(?:[ \t]*(?:=(?!=)|===?|!==?|&&|\|\||\?\?)|<|[ \t]+(?:[<>]=?|->|\?)[ \t]|,[ \t]*(?:\r?\n|\\n|$)|,[ \t]*[A-Z][A-Z0-9_]*[ \t]*:[ \t]*\d)/;

/**
 * After an unquoted word: more words of a sentence, not the next key (`gnutls_utf8_password_normalize:
 * avoid use of strlen()` in a ChangeLog, `--passphrase= can be empty`, `pwd: Jim Meyering` in
 * coreutils' AUTHORS, `JPOOL_PASS = one processing pass`, `pam_unix_passwd: don't accept`), where a log's pairs go on with a key
 * (`password=hunter user=bob`).
 */
const PROSE_AFTER = /^(?:'[a-z]{1,2})? [A-Za-z_][a-z]*(?![\w'-]*[ \t]*[=:])/;
/**
 * After one word and a period under a label's colon: the next sentence of a docstring's field
 * description, not a password (the Cloud SDK's generated API messages: "password: Required. Input
 * only. The password for the Hive Metastore user.", "domainPassword: Optional. …").
 */
const SENTENCE_AFTER = /^ [A-Z][a-z]*[ .,:]/;
/** An identifier assigned with a statement's `;` at the line's end: code (`password = supplied;`), where a connection string writes `Password=Pa55w0rd;`. */
const STATEMENT_END = /^;[ \t]*(?:\r?\n|$)/;

/** A type's name after `key: ` and before `;` (a TypeScript member, `password: URLPatternComponentResult;`). */
const TYPE_NAME = /^(?=[A-Z][a-z]*[A-Z])[A-Z][A-Za-z]*[a-z][A-Za-z]*$/;

/**
 * A Python or TypeScript annotation's type: names of letters (digits only at a name's end), a
 * class (`ReadableBuffer`), a private alias (`_PasswordType`), a dotted name
 * (`google.protobuf.duration_pb2.Duration`).
 */
const ANNOTATION = /^(?:_?[A-Z][A-Za-z]*(?:\.[A-Za-z_]+\d*)*|[a-z_][A-Za-z_]*\d*(?:\.[a-z_][A-Za-z_]*\d*)*\.[A-Z][A-Za-z_]*(?:\.[A-Za-z_]+\d*)*)$/;
/** After an annotation's type: a union (`| None`), or the next parameter or the signature's end (`, salt: …`, `) -> bytes`). */
const ANNOTATION_AFTER = /^(?:[ \t]+\|[ \t]+(?:None|null|undefined|[A-Z_])|,[ \t]*(?:\*,[ \t]*)?\*{0,2}[A-Za-z_]\w*\??[ \t]*:|[ \t]*\)[ \t]*(?:->|:))/;
/** Before a parameter's name: its list's opening parenthesis or the comma after the one before. */
const PARAMETER_BEFORE = /[(,][ \t]*(?:\r?\n[ \t]*)?$/;

/** Whether `at` is inside parentheses opened within the 300 characters before it (a parameter list). */
function inParentheses(text: string, at: number): boolean {
  let depth = 0;
  for (let k = at - 1; k >= Math.max(0, at - 300); k--) {
    const ch = text[k];
    if (ch === ")") depth++;
    else if (ch === "(" && depth-- === 0) return true;
  }
  return false;
}
/** A class's name made of the key's word and others ("HTTPPasswordMgr", "ResourceOwnerPasswordCredentialsGrant"). */
const NAMED_FOR_KEY = /^_?[A-Z]*[a-z]*(?:[A-Z][a-z]*)*(?:Password|Passwd|Passphrase|Pass|Secret|Token|Key)(?:[A-Z][a-z]*)*$/;

/** A file's path: absolute, from home, relative, or a Windows drive's (`/etc/secret`, `~/.pgpass`, `C:\keys`). */
export const PATH_START = /^(?:\/|~\/|\.\.?\/|[A-Za-z]:\\)/;

/**
 * Values that say what they are not: a label (`pass=12: continue` in a test log), a file's path
 * (`password_file: /etc/secret`, `~/.pgpass`, `C:\keys`), roff markup (`\fIpassword\fR` in a
 * man page, its string escapes: `password=bar\*(Aq`), a decimal number (`last_pass_time =>
 * '1219328376.07815'`), a list of fields (`pw_passwd:pw_uid:pw_gid:pw_gecos`) or of choices
 * (`true|false`, wget's `ask_password = on/off`), a reStructuredText role (`Pass :meth:\`peek\``), a glob of words (Samba's
 * `passwd chat = … *passwd:*all*authentication*tokens*updated*successfully*`), format fields
 * (`USER_PASSWD = "%s:%s" % (USER, PASSWD)`), a regular expression's class and what quantifies it
 * (`-e '/^passwd:\s[^#]*$/ s/$/ systemd/'`, a maintainer script's sed that edits nsswitch.conf).
 */
const NOT_A_SECRET = new RegExp(String.raw`:$|^:?[a-z]+:\`|${PATH_START.source}|^\\f|\\\*\(|^\d+\.\d+$|^\w+(?::\w+){2,}$|^\w+(?:\|\w+)+$|^(?:on|off|yes|no|true|false)(?:\/(?:on|off|yes|no|true|false))+$|^\*?(?:[A-Za-z]+\*){3,}|^(?:%[sd]|\{\d*\})(?:[:@/ ]?(?:%[sd]|\{\d*\}))+$|^\\[sSdDwW](?:[*+?[]|$)`);

/**
 * A value that is the next key of a list of empty assignments ("username= message= passphrase=
 * password= scmVersion=", the options bash completion offers for Maven's release plugin): the
 * key glued to its "=" with blanks after (`key=` given nothing), and a name and "=" after them.
 * Not `passwd = Tr0ub4dor=` (blanks around the "="), nor `password=c2VjcmV0MTI=` (base64).
 */
function emptyKey(key: string, value: string): boolean {
  return /[A-Za-z0-9_]=[ \t]+$/.test(key) && /^[A-Za-z_][\w.-]*=$/.test(value);
}

/** A value as roff shows it: `\-` a hyphen, `\fI…\fR` a change of font. */
const unroff = (v: string) => v.replace(/\\-/g, "-").replace(/\\f(?:[A-Z]|\(..)/g, "");

/**
 * Is this value a placeholder, a reference or a boolean rather than a secret? (Read as a man page
 * writes it too: roff's `\-` is a hyphen, and a URL template brackets optional parts,
 * `ftp://[[user][:password]@]host`.)
 */
export function isPlaceholder(value: string): boolean {
  // (a sentence's mark after a format string: "Bad password: %s.")
  return PLACEHOLDER.test(unroff(value).replace(/^\[|\]$/g, "").replace(/(%\w)[.,;:!?]+$/, "$1")) || counting(value) || RFC_EXAMPLES.has(value);
}

/**
 * The credentials the OAuth RFCs print in their examples, which libraries' documentation and
 * tests copy (oauthlib's docstrings): RFC 6749's access, refresh and authorization code, client
 * id and secret, RFC 6750's bearer token, RFC 5849's (OAuth 1.0) tokens and secrets (also the
 * consumer key and token of its Authorization header, section 3.5.1), RFC 7009's revoked token.
 */
const RFC_EXAMPLES: ReadonlySet<string> = new Set([
  "2YotnFZFEjr1zCsicMWpAA", "tGzv3JOkF0XG5Qx2TlKWIA", "SplxlOBeZQQYbYS6WxSbIA", "s6BhdRkqt3", "gX1fBat3bV", "7Fjfp0ZBr1KtDRbnfVdmIw", "mF_9.B5f-4.1JqM",
  "dpf43f3p2l4k3l03", "kd94hf93k423kf44", "hh5s93j4hdidpola", "hdk48Djdsa", "nnch734d00sl2jdk", "pfkkdhi9sl3r4s00", "9djdj82h48djs9d2", "kllo9940pd9333jh",
  "0685bd9184jfhq22", "ad180jjd733klru7", "45ghiukldjahdnhzdauz",
]);

/**
 * Whether letters and digits count up through most of the value, alone or interleaved: a made-up
 * value (`abcd1234defg5678`, `a1b2c3d4567890ab`, `1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d` in the AWS
 * CLI's examples and moto's fixtures). A random value of 16 characters has a step up by one in
 * about one place in twelve.
 */
function counting(value: string): boolean {
  const v = value.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (v.length < 8) return false;
  let up = 0;
  for (let i = 0; i + 1 < v.length; i++) if (v.charCodeAt(i + 1) === v.charCodeAt(i) + 1 || v.charCodeAt(i + 2) === v.charCodeAt(i) + 1) up++;
  return up >= 0.7 * (v.length - 1);
}

const alnum = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
/** The rest of the key's name before where the key pattern starts (`FORCE_` of `FORCE_CHANGE_PASSWORD`). */
const identifierBefore = (text: string, at: number) => /[\w.-]*$/.exec(text.slice(Math.max(0, at - 64), at))?.[0] ?? "";
/** Names and commas from the line's start: the left side of a tuple's unpacking (`username, `, `self.user, self.`). */
const TUPLE_BEFORE = /(?:^|\n)[ \t]*[A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*)*[ \t]*,[ \t]*(?:[A-Za-z_]\w*\.)*$/;

/** The key's place in a tuple's unpacking (1 for `user, password = …`), or -1 when it is not in one. */
function tuplePlace(before: string): number {
  const m = TUPLE_BEFORE.exec(before);
  return m ? (m[0].match(/,/g) ?? []).length : -1;
}

/** The key's words of four letters or more, lower-cased ("password", "attempts" of `CHECK_PASSWORD_ATTEMPTS = `; "forgot" of `ForgotPassword`). */
const keyWords = (key: string): string[] => key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().match(/[a-z]{4,}/g) ?? [];

/**
 * Whether a value of three words or more names the key's word: a description of the secret, not
 * the secret (`const password = 'Password used to generate key'` in Node's crypto docs).
 */
function describesKey(value: string, key: string): boolean {
  const ws = value.toLowerCase().split(/\s+/).filter(Boolean);
  return ws.length >= 3 && keyWords(key).some((k) => ws.some((w) => w.replace(/[^a-z]/g, "") === k));
}

/**
 * Whether a dotted or dashed lower-case name holds a word of four letters or more of the key
 * ("password" of `CHECK_PASSWORD_ATTEMPTS = `, "token" of `--activation-token=channel-activation-token`).
 */
function namesKey(value: string, key: string): boolean {
  const v = unroff(value);
  return /^[a-z0-9_]+(?:[.-][a-z0-9_]+)+$/.test(v) && keyWords(key).some((w) => v.includes(w));
}

/** How many `quote` characters the line holds before `at`. */
function quotesBefore(text: string, at: number, quote: string): number {
  let n = 0;
  for (let k = at - 1; k >= 0 && text[k] !== "\n"; k--) if (text[k] === quote) n++;
  return n;
}

/**
 * Values assigned to a key `keys` matches (global; its match ends where the value starts).
 * `tail` (not global) must match a piece of every `keys` match, from the key name on: when it
 * matches nowhere, the text holds no assignment and `keys` is not run (prose says "bypass"
 * and "key" often, "key =" seldom).
 */
/**
 * Whether the text uses `word` as a name of its code elsewhere: an attribute or call on it
 * (`ident.split(`), an index, an assignment to it, a parameter or a loop's variable. Then an
 * unquoted value of that name is the variable (httplib2's `password = ident`), not a password: a
 * configuration's password ("password = letmein") is no name its file calls or assigns.
 */
function usedAsName(text: string, word: string): boolean {
  return new RegExp(String.raw`(?<![\w$.])${word}(?:\.[A-Za-z_]|[ \t]*[([]|[ \t]*=(?!=))|\b(?:def|function|for|lambda)\b[^\n]{0,80}?(?<![\w$.])${word}(?![\w$])`).test(text);
}

/**
 * Whether the key at `at` (its match `key`) ends a quoted string that a conditional's "?" opens:
 * the string's opening quote on the key's line, right after the "?" (`ok ? "Valid password" :
 * "Invalid password"`). A JSON key of several words (`"DB password": "…"`) follows no "?".
 */
function conditionalsBranch(text: string, at: number, key: string): boolean {
  const q = /["'`]/.exec(key)?.[0];
  if (q === undefined) return false;
  const open = text.lastIndexOf(q, at - 1);
  if (open < 0 || open < at - 80 || text.slice(open + 1, at).includes("\n")) return false;
  return /\?[ \t]*$/.test(text.slice(Math.max(0, open - 8), open));
}

export function findAssignments(text: string, keys: RegExp, minLength: number, score: number, tail?: RegExp, skipKey?: (key: string, at: number) => boolean): Candidate[] {
  const out: Candidate[] = [];
  if (tail && !tail.test(text)) return out;
  keys.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = keys.exec(text)) !== null) {
    let i = m.index + m[0].length;
    const quote = text[i] === '"' || text[i] === "'" || text[i] === "`" ? text[i]! : null;
    // `getpass(prompt: str = "Password: ", stream: …)`, "from `Instance Password:` to `New
    // Password:`" (a release note's code spans): the key is inside a string or a code span, and
    // the quote after it closes that (an odd number of them on the line up to the value's)
    if (quote && (text[m.index - 1] === quote || quotesBefore(text, m.index, quote) % 2 === 1) && !m[0].includes(quote)) continue;
    // `this.data.password ? "password" : "text"`: a conditional's branch, not a key
    if (/\?[ \t]*["'`]?$/.test(text.slice(Math.max(0, m.index - 4), m.index))) continue;
    // (and the key as the last word of such a branch's string: `isValid ? "Valid password" :
    // "Invalid password"` in hash-wasm's README was a password at 1.0)
    if (conditionalsBranch(text, m.index, m[0])) continue;
    // `username, password = split`: a tuple's unpacking; of strings (`user, password = "wile",
    // "coyote"`), the one in the key's place is the value
    const tuple = /= $|=$/.test(m[0]) ? tuplePlace(text.slice(Math.max(0, m.index - 64), m.index)) : -1;
    if (tuple >= 0 && !quote) continue;
    if (tuple > 0) {
      const nth = new RegExp(String.raw`^(?:(["'\`])(?:(?!\1)[^\n])*\1[ \t]*,[ \t]*){${tuple}}(["'\`])`).exec(text.slice(i, i + 600));
      if (!nth) continue;
      i += nth[0].length - 1;
    }
    if (quote) i++;
    const start = i;
    // (an unquoted value ends at a blank or punctuation; at "&" only after "=", a URL query's
    // next parameter: a label's colon takes it, "Password: Tr0ub4dor&3x" of a property list)
    const stop = /:[ \t]*$/.test(m[0]) ? UNQUOTED_END : UNQUOTED_END_IN_QUERY;
    while (i < text.length) {
      const ch = text[i]!;
      if (quote ? ch === quote || ch === "\n" : stop.test(ch)) break;
      i++;
    }
    const value = text.slice(start, i);
    if (value.length < minLength || value.length > 256 || isPlaceholder(value)) continue;
    // `--passwd=FILE`: a command-line option's metavariable, as usage texts and man pages write it
    if (/^\p{Lu}{3,}$/u.test(unroff(value)) && /(?:--|\\-\\-)$/.test(text.slice(Math.max(0, m.index - 4), m.index))) continue;
    // (a code name at a sentence's end keeps its period: "These elements contain form.Password: form.Form.")
    if (!quote && (CODE_VALUE.test(value) || (value.endsWith(".") && CODE_VALUE.test(value.slice(0, -1))))) continue;
    if (NOT_A_SECRET.test(value) || (!quote && emptyKey(m[0], value))) continue;
    // `userid = passwd = acct = ''`: a chain of assignments, the value is the next variable; and
    // what follows an unquoted value may say it is code: an operator (`pass: actual === expected,`),
    // a type's arguments (`password: TArg<KDFInput>`), a property of an object literal at the
    // line's end (`pass: contentPass,`, also as a source map's `\n`: YAML and INI values end
    // without a comma, JSON's are quoted); and a TypeScript member's type
    if (!quote && CODE_AFTER.test(text.slice(i, i + 40))) continue;
    // a string that holds key and value (`"passwd:dir"`, a Scheme builtin's name), a call's
    // argument (`HTTPBasicAuthHandler(password_mgr=auth)`, `a password: prompt)`)
    if (!quote && /["'`]/.test(text[m.index - 1] ?? "") && text[i] === text[m.index - 1] && /[:=]$/.test(m[0]) && /^[a-z]+$/.test(value)) continue;
    if (!quote && /^[a-z_]\w*$/.test(value) && text[i] === ")") continue;
    if (!quote && /^[A-Za-z]+$/.test(value) && PROSE_AFTER.test(text.slice(i, i + 40))) continue;
    if (!quote && /^\p{L}+\.$/u.test(value) && /:[ \t]*$/.test(m[0]) && SENTENCE_AFTER.test(text.slice(i, i + 12))) continue;
    // a command after "pass:" in prose, with its options ("and pass: rustc --env-set PATH=env" in
    // Rust's unstable book; a command line's `--password=secret --host=db` assigns with "=")
    if (!quote && /^[a-z]+$/.test(value) && /:[ \t]+$/.test(m[0]) && /^ --?[a-z]/.test(text.slice(i, i + 4))) continue;
    if (!quote && /^[a-z_$][A-Za-z_$]*$/.test(value) && / = $/.test(m[0]) && STATEMENT_END.test(text.slice(i, i + 4))) continue;
    if (!quote && /^[A-Za-z_]\w*$/.test(value) && usedAsName(text, value)) continue;
    if (!quote && text[i] === ";" && /:[ \t]+$/.test(m[0]) && TYPE_NAME.test(value)) continue;
    // a Python or TypeScript parameter's annotation (`def scrypt(password: ReadableBuffer, *,
    // salt: …`, `key_password: _PasswordType | None = None`) and a class named for the key
    // (`password_mgr: HTTPPasswordMgr`): code, not a value
    if (!quote && /:[ \t]*$/.test(m[0]) && ANNOTATION.test(value)) {
      const after = text.slice(i, i + 40);
      if (/^[ \t]+\|[ \t]/.test(after) && ANNOTATION_AFTER.test(after)) continue;
      if (ANNOTATION_AFTER.test(after) && PARAMETER_BEFORE.test(text.slice(Math.max(0, m.index - 24), m.index)) && inParentheses(text, m.index)) continue;
      if (NAMED_FOR_KEY.test(value) && !/^[A-Z][a-z]+$/.test(value)) continue;
      // a path of names to a type (`TPUEmbeddingConfiguration._Mode.ValueType` in protobuf's stubs)
      if ((value.match(/\./g) ?? []).length >= 2) continue;
    }
    if (skipKey?.(m[0], m.index)) continue;
    // `PASSWORD_INCORRECT = "PASSWORD_INCORRECT"`, `CHALLENGE_PASSWORD: "challengePassword"`: an
    // enumeration's member is named by its value
    if (value.length >= 6 && alnum(identifierBefore(text, m.index) + m[0]).includes(alnum(value))) continue;
    // `CHECK_PASSWORD_ATTEMPTS = "aspnetcore.identity.user.check_password_attempts"`: and a
    // metric's or attribute's name holds the key's
    if (namesKey(value, m[0]) || describesKey(value, m[0])) continue;
    // Low-entropy words ("admin") still count as passwords; pure punctuation does not.
    if (!/[A-Za-z0-9]/.test(value)) continue;
    out.push({ start, end: i, score, validation: "assignment" });
  }
  return out;
}
