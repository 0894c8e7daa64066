import assert from "node:assert/strict";
import { password } from "./password.ts";
import { run } from "../testing.ts";

const values = (text: string) => run(password, text).map((f) => text.slice(f.start, f.end));

describe("secrets/password", () => {
  it("finds values of password assignments in common config syntaxes", () => {
    assert.deepEqual(values("DB_PASSWORD=s3cr3t!x\nuser=bob"), ["s3cr3t!x"]);
    assert.deepEqual(values('{"password": "hunter22", "user": "a"}'), ["hunter22"]);
    assert.deepEqual(values("Server=db;User Id=sa;Password=Pa55w0rd;"), ["Pa55w0rd"]);
    assert.deepEqual(values("url: postgres://app:Wq9zT7@db.internal:5432/app"), ["Wq9zT7"]);
  });
  it("reads a label with a word before the password's name (\"DB password\", \"VPN Password\") told, tabbed or above its value", () => {
    assert.deepEqual(values("DB password\tGm2BORAZUPIET\nVPN Password\nGvS9fxgonY5O\nMy DB password is hxPtL1qXNbGqyxz."), ["Gm2BORAZUPIET", "GvS9fxgonY5O", "hxPtL1qXNbGqyxz"]);
    assert.deepEqual(values("Reset password\nClick here\nForgot password\n(link)\nNo password\nN/A\n"), []);
  });
  it("ends an unquoted value at \"&\" after \"=\" (a URL query's next parameter), not after a label's colon", () => {
    assert.deepEqual(values("Password: Tr0ub4dor&3x\nIncomingPassword: hunter2-Winter!"), ["Tr0ub4dor&3x", "hunter2-Winter!"]);
    assert.deepEqual(values("password=S3cr3tPass&user=x"), ["S3cr3tPass"]);
  });
  it("reads a password told in prose, a label's value apart by a tab, and a French label with blanks", () => {
    assert.deepEqual(values("My Password is y2H1RghkXqsOFxQq.\nYour temporary password is: Tr0ub4dor&3\nmy password was changed to \"Winter2024!\""), ["y2H1RghkXqsOFxQq", "Tr0ub4dor&3", "Winter2024!"]);
    assert.deepEqual(values("Password\tBm3X2Hq4sSsswuhA\nMot de passe: dTxtolCgpAg"), ["Bm3X2Hq4sSsswuhA", "dTxtolCgpAg"]);
    assert.deepEqual(values("Username:\njroe\nPassword:\nFAxDBpCefo8\n"), ["FAxDBpCefo8"]);
    assert.deepEqual(values("PASSWORD\n       -p, --password\nPassword\n========\nPassword\nThe user's password.\nPassword\n/etc/passwd"), [], "a manual's headings");
    assert.deepEqual(values("The password is incorrect. Your password is required. The password is changeme.\nPassword\tThe user's password"), []);
    assert.deepEqual(values('"<p>The password is invalid.</p>", "Your username is {username} and temporary password is {####}. "'), [], "markup and a template's slot");
  });
  it("reads a value right after the password's name in prose or a parenthesis, and a key-value row, when it looks like nothing else", () => {
    assert.deepEqual(values("Our records show the Password p2xxfMln9U9p for this person.\nAgnes Grimes (DB password eqn6gUG4COl) joined.\nlogin with user admin and the password Summer2024! please\nthe Wi-Fi password dK8#pq2w for guests"), ["p2xxfMln9U9p", "eqn6gUG4COl", "Summer2024", "dK8#pq2w"]);
    assert.deepEqual(values("Password,H9gxHmgFV599Q5p,active\nDB password;Xk7pQ2wq9\n"), ["H9gxHmgFV599Q5p", "Xk7pQ2wq9"]);
    // words, algorithms, identifiers, escapes, patterns and brackets after the name (Node's and pip's documentation, util-linux's release notes, logcheck's rules)
    assert.deepEqual(values("the password SHA256 hash, use password authentication, the password md5sum, the password field, (password protected), the password 12345678 is weak"), []);
    assert.deepEqual(values("the password Salt_Length and the password passwordHash, the password hashValue"), []);
    assert.deepEqual(values('"desc": "the username and password separated\\nby <code>:</code>"\nusing the password `qwerty`:\nbuffer with password  [Karel Zak]\nagent and passphrase cache\\.$'), []);
    assert.deepEqual(values("Password,Reset,active\npassword;username;email\n"), [], "a header row, a word as the value");
  });
  it("reads a key in camelCase or PascalCase (Java's, .NET's, Hive's), and no UI string named for a password", () => {
    assert.deepEqual(values("javax.jdo.option.ConnectionPassword: hiveSecret2024"), ["hiveSecret2024"]);
    assert.deepEqual(values('dbPassword = "Xk7pQ2wq9"\n"adminPwd": "Tr0ub4dor"'), ["Xk7pQ2wq9", "Tr0ub4dor"]);
    assert.deepEqual(values('"ForgotPassword": "Forgot your password?",\n"ChangePasswordTitle": "Change password"'), []);
    assert.deepEqual(values('"compassword": "x1y2z3", "SUPERPASSWORD": "abcdef"'), [], "no capital after a lower-case letter: one word");
    assert.deepEqual(values("kBandPass: ActivationMode.ValueType  # 6\nbyPass = true"), [], "a word ending in 'Pass' is no password's key");
  });
  it("takes the working directory's \"pwd\" for no password key where a directory word is near (Go's tests and tools)", () => {
    assert.deepEqual(values('\t\tcase "chdir":\n\t\t\tpwd = name // always absolute'), []);
    assert.deepEqual(values("\ts.pwd = dir\n\ts.Setenv(\"PWD\", dir)"), []);
    assert.deepEqual(values('{name: "original PWD", dir: link, pwd: cwd},'), []);
    assert.deepEqual(values("Server=db;Uid=sa;Pwd=Xk29pQ7z;Database=crm"), ["Xk29pQ7z"]);
    assert.deepEqual(values("password = hunter22 # in the config dir"), ["hunter22"], "only the pwd key");
  });
  it("ignores placeholders, references and prose", () => {
    assert.deepEqual(values("password=${DB_PASSWORD}\npassword: <your password>\npassword = ''\npwd=****"), []);
    assert.deepEqual(values("Please reset your password at the portal."), []);
    // a manual page's roff escapes after a word (shadow's gshadow(5)), and after a password
    assert.deepEqual(values("means that the password is locked\\&. The remaining characters\nthe password is \\fBTr0ub4dor\\fR."), ["Tr0ub4dor"]);
    // a constant's name under a "Password" heading (PHP's manual); a value alone on its line keeps its last sign
    assert.deepEqual(values(" Password\n RADIUS_CHAP_PASSWORD \n ( language.types.string)"), []);
    assert.deepEqual(values("Password\n Xk7pQ2wq9!  \nWi-Fi password\tdK8#pq2w?"), ["Xk7pQ2wq9!", "dK8#pq2w?"]);
    // Vim's help: a tag under a "PASSWORD" heading; a syntax file's pattern for URLs
    assert.deepEqual(values("PASSWORD\t\t\t\t\t\t*netrw-passwd*"), []);
    assert.deepEqual(values('syn match\trebolURL\t"ftp://\\(\\k\\+:\\k\\+@\\)\\=\\k\\+"'), []);
    // a label under a label: a message catalogue's original and its translation
    assert.deepEqual(values("Password: \nPasswort: \n\nPermission denied"), []);
    assert.deepEqual(values("Password:\n新密碼：\n\nPassword:\nPalavra-passe:\n\nPassword:\nपासवर्ड:"), []);
    // shadow's and wget's catalogues: a format string, the word "password" in Vietnamese; GnuPG's prompt with an encoded line break
    assert.deepEqual(values("Bad password: %s.  \nChybné heslo: %s. \n--ftp-password=MẬT-KHẨU     dùng mật khẩu này\nPlease enter the passphrase to%0Aprotect your new key"), []);
    // Node's crypto docs
    assert.deepEqual(values("  cipher: 'aes-256-cbc',\n  passphrase: 'top secret',\n  password: supersecret"), []);
  });
  it("ignores test results, file names, scopes, comparisons, code and links (seen in /usr/share/doc)", () => {
    // a compiler's pass (LLVM's headers), while a database's password key stays one
    assert.deepEqual(values("/// Return true if -debug-pass=Executions\n/// or higher is specified\nmysql --pass=Tr0ub4dor"), ["Tr0ub4dor"]);
    // DejaGnu / Automake logs, ChangeLogs, GCC's pass classes, nsswitch docs, Node's API docs
    assert.deepEqual(values("PASS: gdb.base/parse_number.exp: arch=i386\nPASS: x86-64 32 symbol"), []);
    assert.deepEqual(values("\t* src/passwd.c: Avoid multi-statements lines.\n\t* passwd.c: Fix a const issue.\n\t* man/pl/passwd.1: cleanups"), []);
    assert.deepEqual(values("\t(pass_waccess::check_block): New function."), []);
    assert.deepEqual(values("if (password == expected) return;\ncase 'test:pass': callback(null, x)"), []);
    assert.deepEqual(values("const pass = new PassThrough();\nconst password = new Password('x');"), []);
    assert.deepEqual(values("passphrase: https://developer.mozilla.org/en-US/docs/Web/JavaScript\nthe inner secret:\n  permute_inner"), []);
    assert.deepEqual(values("authentication using ``http://user:pass@host`` URLs"), []);
    // Python's distutils and ftplib: indexes, attributes, parentheses, chained assignments
    // gdb's log, paths, a man page's markup
    assert.deepEqual(values("PASS: gdb.base/gdb-sigterm.exp: pass=12: continue\npassword_file: /etc/secret\npwd = ~/.pgpass\nthe \\fIpassword\\fR argument, password=\\fR\\fIword\\fR"), []);
    // pdf.js and officeparser: an operator, an enumeration, a constant's name
    assert.deepEqual(values('const password = await getPassword(e);\nPASSWORD_INCORRECT = "PASSWORD_INCORRECT",\nC.PASSWORD_REQUIRED="PASSWORD_REQUIRED";\nx = {password: PDF_PASSWORD_MISSING}'), []);
    assert.deepEqual(values("password=newyork77\npwd: awaited1"), ["newyork77", "awaited1"]);
    // bash completion's list of a Maven plugin's options: each value is the next option's name
    assert.deepEqual(values('__mvncomp "username= message= passphrase= password= scmVersion= $(__mvnlist_prefix'), []);
    assert.deepEqual(values("password=c2VjcmV0MTI=\npasswd = Tr0ub4dor="), ["c2VjcmV0MTI=", "Tr0ub4dor="]);
    // Subversion's book: the file of passwords (svnserve.conf), an example's value
    assert.deepEqual(values("[general]\npassword-db = userfile\nrealm = example realm\nssl-client-cert-password = somepassword\ndb_password = Xk7#pq2v"), ["Xk7#pq2v"]);
    // an API reference's element names in a sentence (odfpy's api-for-odfpy.odt); a password ending a sentence stays one
    assert.deepEqual(values("These elements contain form.Password: form.Form.\nThe password: newyork77."), ["newyork77."]);
    // TypeScript types and constants in JavaScript bundles
    assert.deepEqual(values("interface ExpectationResult {\n  pass: boolean;\n}\nvar EVENT_TEST_PASS = constants.EVENT_TEST_PASS;\nexports.MAX_PASSWORD_ATTEMPTS = void 0;"), []);
    assert.deepEqual(values("self.password = config['password']\npassword = self.distribution.password\nuser_pass = (self.username + ':' + x)\nuserid = passwd = acct = ''"), []);
    // Perl's own modules (CPAN, Net::FTP, Test2, App::Prove): a package's function, a quote
    // operator, dereferences, the error variable, a timestamp, anonymous FTP, a test's verdict
    assert.deepEqual(values("my $pwd  = CPAN::anycwd();\nproxy_pass => qq{\nYour password\n},\n$PASSWORD = $CPAN::Config->{password} || \"\";\npass     => $self->{+PASS},"), []);
    assert.deepEqual(values("die \"$0: error changing to directory $pwd: $!\\n\";\nlast_pass_time => '1219328376.07815',\n$pass = '-anonymous@'\nmy $out = $as->{pass} ? \"PASS\" : \"FAIL\";"), []);
    // JavaScript packages: a comparison, an object literal's properties (also in a source map), a
    // type's arguments and a member's type, a metric's name that holds the key's word
    assert.deepEqual(values("return {\n\t\tpass: actual === expected,\n\t\tmessage: m\n\t};\n    pass: contentPass,\n"), []);
    assert.deepEqual(values('"sourcesContent": ["return {\\n        pass: fieldsPass,\\n        message: () => x"]'), []);
    assert.deepEqual(values("export declare const argon2d: (password: TArg<KDFInput>, salt: TArg<KDFInput>) => Uint8Array;\n        password: URLPatternComponentResult;\n"), []);
    assert.deepEqual(values('export const METRIC_CHECK_PASSWORD_ATTEMPTS = "aspnetcore.identity.user.check_password_attempts";'), []);
    // Python packages (pyOpenSSL, oauthlib, pip, cryptography): docstring fields, type annotations,
    // placeholders, variables, an enumeration's member named by its value
    assert.deepEqual(values(":param passphrase: The passphrase used to encrypt\n:type passphrase: :py:data:`bytes`\n:param password: Unicode password.\n@param password the user's"), []);
    assert.deepEqual(values("def __init__(self, password: bytes):\n    username: str\n    password: str\nprepare_request_body(username='foo', password='bar')"), []);
    assert.deepEqual(values('userdata.password = password_ptr\nusername, password = url_user_password\nAttributeOID.CHALLENGE_PASSWORD: "challengePassword",'), []);
    // a format's description in a commented example (the JDK's jmxremote.password.template); a password of two parts stays one
    assert.deepEqual(values("# hashedPassword = base64_encoded_64_byte_salt W base64_encoded_hash W hash_algorithm\npassword = summer_2024\n"), ["summer_2024"]);
    // man pages: the word "password" in other languages as a URL's placeholder, a URL template,
    // roff escapes, a metavariable, made-up and "my-" values
    assert.deepEqual(values("\\fIhttp://gebruiker:wachtwoord@server:poort/\\fR\nftp://[[utente][:password]@]host[:porta]/"), []);
    assert.deepEqual(values("\\-\\-post\\-data \\*(Aquser=foo&password=bar\\*(Aq \\e\n.BR \\-P ,\\  \\-\\-passwd=PLIK\n"), []);
    assert.deepEqual(values("  \\-\\-oracle\\-password=fakepassword \\-\\-oracle\\-username=fake\n    \\-\\-pvk\\-password=my\\-pvk\\-password\n"), []);
    // ... in roff fonts, in other languages, as a list of fields
    assert.deepEqual(values("\\fIscheme\\fR://[[\\fIuser\\fR][:\\fIPasswort\\fR]@]\\fIhost\\fR\n\\fB\\-\\-passwd=DATEI\\fP\n\\fB\\-\\-passwd=ФАЙЛ\\fP\npw_name:pw_passwd:pw_uid:pw_gid:pw_gecos:pw_dir:pw_shell"), []);
    // Python's tests: lists passed to a parameter named pass_…, a tuple's unpacking into attributes
    assert.deepEqual(values("proc = self.subprocess(code, str(wr), pass_fds=[wr])\n    pass_enctest = [(b'\\xa4\\xd4', '\\u3164')]\n    self.user, self.passwd = user, passwd\n"), []);
    assert.deepEqual(values('USER_PASSWD = "%s:%s" % (USER, PASSWD)\n'), []);
    // a variable the same text uses as one (httplib2: `password = ident`, with `ident.split(…)` above);
    // a configuration's word stays a password
    assert.deepEqual(values("        if ident:\n            username, password = ident.split(':', 1)\n        else:\n            password = ident\n"), []);
    assert.deepEqual(values("def connect(host, secret):\n    password = secret\n    return open_db(host, password)\n"), []);
    assert.deepEqual(values("[db]\nuser = app\npassword = letmein\n"), ["letmein"]);
    assert.deepEqual(values("user = letmein\npassword = letmein\n"), ["letmein"]);
    // the value in the key's place of a tuple's unpacking, not the first
    assert.deepEqual(values('user, password = "wile", "coyote"\n        user, realm, password = \'wile\', "acme", \'coyote2\'\n'), ["coyote", "coyote2"]);
    // Samba's smb.conf: the chat script that answers passwd, a glob of words
    assert.deepEqual(values(";   passwd chat = *Enter\\snew\\s*\\spassword:* %n\\n *Retype\\snew\\s*\\spassword:* %n\\n *passwd:*all*authentication*tokens*updated*successfully*\n"), []);
    // /etc on every machine: nsswitch.conf, postgresql.conf, the JDK's management.properties
    assert.deepEqual(values("passwd:         files systemd\n#password_encryption = scram-sha-256\t# scram-sha-256 or md5\n# com.sun.management.jmxremote.password.file=filepath\n com.sun.management.jmxremote.password.toHashes = true|false"), []);
    // C headers: kernel-doc fields, a parameter's description, a base class's access
    assert.deepEqual(values(" * @NL80211_ATTR_SAE_PASSWORD: attribute for passing SAE password\n * @pwd:                the key file password.\n\t *   password: The user's supplied password\n  struct PASS_NAME : public PassInfoMixin<PASS_NAME>"), []);
    // Vim's runtime files: scoped variables, a comment's prose
    assert.deepEqual(values("  let s:netrw_hup[host].passwd = s:netrw_passwd\n  let s:netrw_passwd = a:2\n\tlet pwd = a:dict.istemp ? a:dict.tmpdir : ''\n  \" Pass: From the indentation point"), []);
    // typeshed's stubs (jedi): annotations of parameters and members, a class named for the key, a key inside a prompt's string
    assert.deepEqual(values("def scrypt(\n    password: ReadableBuffer, *, salt: ReadableBuffer, n: int\n) -> bytes: ...\ndef pbkdf2_hmac(hash_name: str, password: ReadableBuffer, salt: ReadableBuffer"), []);
    assert.deepEqual(values("    key_password: _PasswordType | None = None,\n    passwd: HTTPPasswordMgr\n    password_grant: ResourceOwnerPasswordCredentialsGrant\n    password: Incomplete\n"), []);
    assert.deepEqual(values('    def getpass(prompt: str = "Password: ", stream: TextIO | None = None) -> str: ...\n    BACKWARD_PASS_ONLY: TPUEmbeddingConfiguration._Mode.ValueType  # 3'), []);
    // a key inside a code span, whose closing backtick is no value's quote (gcloud's release notes)
    assert.deepEqual(values("Changed the prompt of `gcloud sql users set-password` from `Instance Password:` to `New Password:`, since `set-password` changed"), []);
    assert.deepEqual(values('user: admin, password: Welcome, host: db\npassword: Sunshine\n{"password": "Incomplete2"}\nprompt = "Password: hunter22"'), ["Welcome", "Sunshine", "Incomplete2", "hunter22"], "a log's pairs, YAML, JSON and a string keep their values");
    // @types/node's and LangChain's TypeScript: an optional parameter after, a comparison
    assert.deepEqual(values("function createCipher(algorithm: string, password: BinaryLike, options?: stream.TransformOptions): Cipher;\n    const pass = relativeDistance <= threshold;\n    const pass = similarity >= 1 - threshold;"), []);
    // WebGL's constants, a description of the password in Node's crypto docs (@types/node)
    assert.deepEqual(values("    readonly STENCIL_PASS_DEPTH_PASS: 0x0B96;\n     * const password = 'Password used to generate key';"), []);
    assert.deepEqual(values("const password = 'correct horse battery staple';\npassword: 0x0B96z"), ["correct horse battery staple", "0x0B96z"], "a passphrase of words stays");
    // ChangeLogs and NEWS (GnuTLS, PAM, GnuPG, systemd), coreutils' AUTHORS, gdb's and libjpeg's prose: a sentence after the key
    assert.deepEqual(values("    gnutls_utf8_password_normalize: avoid use of strlen()\n\tgpg: The option --passphrase= can be empty.\npwd: Jim Meyering\nJPOOL_PASS = one processing pass, was\n* pam_unix_passwd: don't accept null"), []);
    // a command after "pass:" with its options (Rust's unstable book); a command line's own option stays
    assert.deepEqual(values("have PATH=a in your environment and pass: rustc --env-set PATH=env Then"), []);
    assert.deepEqual(values("mysql -u root --password=hunter --host=db"), ["hunter"]);
    // zod, officeparser, pdf.js, libcst: an algorithm's pass, a conditional's branch, a statement, an arrow
    assert.deepEqual(values("    // First pass: process all schemas\n * one forward pass: text outside entries\n3. multi-pass: First pass now uses\ni.type=this.data.password?\"password\":\"text\",\n    password = supplied;\n  - pass: BatchedProviderA -> 1"), []);
    // the AWS CLI's examples, a format string's field
    assert.deepEqual(values('"password": "EXAMPLE-PASSWORD",\nPASSWORD="My@Example$Password3!",SECRET_HASH=x\nusername: aws\npassword: {auth_token}\n'), []);
    // SheetJS, mocha's stylesheet, pdf.js's bundles and source maps, undici
    assert.deepEqual(values('throw new Error("File is password-protected: ECMA-376 Extensible");\n  --mocha-test-pass-color: #007f6a;\nMULTILINE:4096,PASSWORD:8192,NOTOGGLETOOFF:16384'), []);
    assert.deepEqual(values("handler:v,password:U.password??null,evaluatorOptions:x\nconst updatePassword = password => {\\n\nconst password = passwordEx ? await getPassword(p)\n// requestCurrentURL(request).password = TODO\n"), []);
    assert.deepEqual(values("PIN:4096,PASSWORD:8192\npassword: 8192, user: bob\n"), ["8192", "8192"], "a number at a line's end or before a lower-case key stays");
    // moto, pip, setuptools, pygments, more-itertools, agetty(8), base-passwd's and GnuTLS's logs
    assert.deepEqual(values('    FORCE_CHANGE_PASSWORD = "FORCE_CHANGE_PASSWORD"\n        self._master_user_password = value\n    Pass = ASLLexer.PASS\n                username, password = split\n'), []);
    assert.deepEqual(values('    Pass :meth:`peek` a default value\n    "passwd:dir",\n    "passwd:gecos",\nHTTPBasicAuthHandler(password_mgr=auth)\ngiving you a password: prompt):\n'), []);
    assert.deepEqual(values("  * passwd.master: Add _apt user\nGNUTLS_PKCS_NULL_PASSWORD: Added\n-pkeyopt_passin pass:env:MYPASS \\\noutput_password        = mypass\n"), []);
    assert.deepEqual(values("user, password = 'bob', 'Zx81kq'\npassword = Zx81kq)\n"), ["Zx81kq", "Zx81kq"], "a tuple's literal, a value with a digit before a parenthesis stay");
    assert.deepEqual(values("password=hunter user=bob\npassword: Sunshine Bakery\npassword = Tr0ub4dor;\nServer=db;Password=hunter;\n"), ["hunter", "Tr0ub4dor", "hunter"], "a log's pairs, a statement's value with a digit, a connection string stay");
    // ... while the real thing in the same syntaxes is still found
    assert.deepEqual(values("pass: Wq9zT7x\nPass = hunter22\ndb.pass=Zx81kq\npassword_hash: 9f8e7d6c"), ["Wq9zT7x", "hunter22", "Zx81kq", "9f8e7d6c"]);
    assert.deepEqual(values("password_hash = 9f8e7d6c\n--password=Hunter22\npassword.db = Zx81kq"), ["9f8e7d6c", "Hunter22", "Zx81kq"]);
    assert.deepEqual(values("pass: hunter22\npassword: Wq9zT7x, the new one\nconst password = 'password123';\nServer=db;Password=Pa55w0rd;\n"), ["hunter22", "Wq9zT7x", "password123", "Pa55w0rd"]);
    assert.deepEqual(values("my $pass = 'Wq9zT7x!';\nproxy_pass => 'hunter22',\npass => Zx81kq{"), ["Wq9zT7x!", "hunter22"]);
    assert.deepEqual(values('const password = "r0sebud(1)";\nurl: https://bob:Wq9zT7@git.acme.org/'), ["r0sebud(1)", "Wq9zT7"]);
    // a host reserved for examples names no one's server (Node's URL docs)
    assert.deepEqual(values("const options = new URL('https://abc:xyz@example.com');\n// Prints https://123:xyz@sub.example.org:8080/"), []);
  });
  it("ignores a field's description in generated API docs, and a placeholder in the reader's words (seen in the Google Cloud SDK)", () => {
    // the Cloud SDK's generated messages (metastore_v1_messages.py, vmwareengine_v1_messages.py):
    // "field: Required. Input only. …" is a docstring's field and its description
    assert.deepEqual(values("  Fields:\n    password: Required. Input only. The password for the Hive Metastore user.\n    domainPassword: Optional. Input only. Password of the user."), []);
    assert.deepEqual(values("    password: Deprecated. Use credentials instead."), []);
    // a Project Gutenberg file's FTP instructions (chardet's test data): the reader's own login
    assert.deepEqual(values("login: anonymous\npassword: your@login\npassword: your.email@address"), []);
    // ... while a password and a sentence after it stay
    assert.deepEqual(values("password: Hunter22. Change it soon.\npassword: Sunshine1. Thanks"), ["Hunter22.", "Sunshine1."]);
  });
  it("ignores a regular expression's class after a password's key (systemd's maintainer scripts)", () => {
    // libnss-systemd's postinst and postrm edit nsswitch.conf with sed: PASSWORD 0.70, "\\s[^#"
    assert.deepEqual(values(`sed -i "\${DPKG_ROOT}/etc/nsswitch.conf" -e '/^passwd:\\s[^#]*$/ s/$/ systemd/'`), []);
    assert.deepEqual(values("grep -E '^passwd:\\s+files'"), []);
    // a password that starts with a backslash and a letter stays one
    assert.deepEqual(values("password: \\d3adb33f"), ["\\d3adb33f"]);
  });
  it("ends an unquoted value at a typographic quote, and takes a choice of on and off for none (wget's Texinfo manual)", () => {
    // "STRING’." at 1.0, twice; "on/off" at 1.0
    assert.deepEqual(values("Set HTTP password, equivalent to ‘--http-password=STRING’.\n\nask_password = on/off\n     Prompt for a password"), []);
    assert.deepEqual(values("Use ‘password=Xk7pQ2wq9’ and password = on/off7"), ["Xk7pQ2wq9", "on/off7"]);
  });
  it("takes a field of struct passwd after its name for no password (Guile's builtins in Pygments' compiled Scheme lexer)", () => {
    // the strings of _scheme_builtins.cpython-311.pyc, one to a line: six at 0.70
    assert.deepEqual(values("partition!\n\npasswd:dir\n\npasswd:gid\n\npasswd:uid\n\nnetent:name\n\npasswd:name\n\npasswd:gecos\n\npasswd:shell\n"), []);
    // a password after a colon stays one, whatever its name
    assert.deepEqual(values("passwd:Xk7pQ2wq9\npassword: shell"), ["Xk7pQ2wq9", "shell"]);
  });
  it("takes the metasyntactic words run together and Adventure's magic words for a placeholder (ssh2's README, Tcl's http package)", () => {
    assert.deepEqual(values("  { bits: 2048, passphrase: 'foobarbaz', cipher: 'aes256-cbc' }\npassword = foobar\npassword: quuxbaz"), []);
    assert.deepEqual(values("    #     http://jschmoe:xyzzy@www.bogus.net:8000/foo/bar?q=z#frag\npassword: plugh"), []);
    // a word that starts so stays
    assert.deepEqual(values("password: foobaz7\npassword: barbarella"), ["foobaz7", "barbarella"]);
  });
  it("takes a compound adjective after 'the password is' for how it is kept, not the password (PostgreSQL's manual pages)", () => {
    // ALTER_ROLE.7: "MD5-encrypted" at 1.0
    assert.deepEqual(values("Renaming a role clears its password if the password is MD5-encrypted.\nThe password is SHA256-hashed and TPM-protected"), []);
    // a password with a hyphen told so stays
    assert.deepEqual(values("the password is Tr0ub4dor-3x.\nthe password is blue-encrypted7"), ["Tr0ub4dor-3x", "blue-encrypted7"]);
  });
  it("takes a conditional's branch that ends with the key's word for no key (hash-wasm's README)", () => {
    // "Invalid password" was a password at 1.0, twice
    assert.deepEqual(values('  console.log(isValid ? "Valid password" : "Invalid password");'), []);
    assert.deepEqual(values("const label = ok ? 'Your new password' : 'Wrong password';"), []);
    // a JSON key of several words, and a password after a conditional elsewhere on the line, stay
    assert.deepEqual(values('{"DB password": "Hunter22x"}'), ["Hunter22x"]);
    assert.deepEqual(values('x = ok ? "a" : "b"; password: "Hunter22x"'), ["Hunter22x"]);
  });
  it("reads a long word once in search of a URL's scheme (ReDoS)", () => {
    assert.deepEqual(values(`${"A".repeat(300_000)} url: postgres://app:Wq9zT7@db.internal:5432/app`), ["Wq9zT7"]);
  });
});
