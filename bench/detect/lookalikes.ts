/**
 * Lines of real files that hold no personal data but look like it: the shapes
 * `node bench/detect/real.ts` found in /usr/share/doc, the man pages, Python's standard library
 * and Debian's Python packages, JavaScript bundles, Perl's library, glibc's locales, C headers,
 * info files, dpkg's database and /etc (libs/detectors/README.md, "False positives from real
 * files"),
 * written from templates with fresh values, so the labelled corpus checks that none of them
 * comes back. Values that have to pass a checksum to be tempting (a Luhn-valid 16-digit fuzzer
 * id) are computed here from the scheme's definition, apart from the detectors.
 */
import type { Faker } from "@faker-js/faker";
import { luhnDigit } from "./values.ts";

/** A Luhn-valid number of `len` digits starting with `prefix`. */
function luhnValid(faker: Faker, prefix: string, len: number): string {
  let body = prefix;
  while (body.length < len - 1) body += String(faker.number.int(9));
  return body + String(luhnDigit(body));
}

/** SHA-256's initial values (FIPS 180-4, 5.3.3), as bundles spell them. */
const SHA256_IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

export function lookAlikeLines(faker: Faker): Array<() => string> {
  const n = (max: number) => faker.number.int(max);
  const hex = (len: number) => faker.string.hexadecimal({ length: len, casing: "lower", prefix: "" });
  const tz = () => `${faker.helpers.arrayElement(["+", "-"])}${String(n(12)).padStart(2, "0")}00`;
  const time = () => `${String(n(23)).padStart(2, "0")}:${String(n(59)).padStart(2, "0")}:${String(n(59)).padStart(2, "0")}`;
  return [
    // test logs (DejaGnu, Automake)
    () => `PASS: gdb.base/${faker.hacker.noun()}.exp: ${faker.hacker.verb()} ${n(99999)}`,
    // changelogs: git headers, ChangeLog entries, commits
    () => `Date:   ${faker.date.weekday({ abbreviated: true })} ${faker.date.month({ abbreviated: true })} ${n(28) + 1} ${time()} ${2000 + n(25)} ${tz()}`,
    () => `\t* src/passwd.c: ${faker.hacker.verb()} ${faker.hacker.noun()}.`,
    () => `\t(pass_${faker.hacker.abbreviation().toLowerCase()}::check_${faker.hacker.noun().replace(/\W/g, "")}): New function.`,
    () => `${hex(7)}${faker.helpers.arrayElement(["a", "b", "c", "d", "e", "f"])} ${faker.hacker.verb()} the ${faker.hacker.noun()}`,
    () => `Merge: ${hex(9)} ${hex(9)}`,
    () => `  * Snapshot, taken from the branch (${2000 + n(25)}${String(n(11) + 1).padStart(2, "0")}${String(n(27) + 1).padStart(2, "0")}).`,
    () => `Fixes https://oss-fuzz.com/testcase-detail/${luhnValid(faker, "5", 16)}`,
    () => `  ${n(9000) + 1000}  ${n(9)}.${n(9)}.${String(n(9999)).padStart(4, "0")}  ${faker.hacker.phrase()}`,
    () => `binutils (${n(2) + 2}.${n(40)}.${n(99)}.${n(9)}.${n(9)}-1) unstable`,
    () => `Sync with upstream ${n(8) + 1}.${n(9)}.${n(9)}.${n(9)}.`,
    () => `  * d/copyright: License: X11; Closes: #${n(900000) + 100000}`,
    // documents and specifications
    () => `See Section ${n(12) + 1}.${n(9)}.${n(9)}.${n(9) + 1} of the PDF specification.`,
    () => `bind to 127.0.0.${n(250) + 1} or 0.0.0.0; netmask 255.255.255.0; my ip: ::1`,
    () => `Common types (such as MS Word documents) and ${faker.hacker.noun()} files.`,
    () => `You should have received a copy of the GNU General Public License; MA 02110-1301 USA.`,
    // code: Python, JavaScript bundles, SVG
    () => `        Decimal('0.${String(n(999999999)).padStart(9, "0")}')`,
    () => `    >>> geohash(${n(89)}.${String(n(999999)).padStart(6, "0")}, -${n(179)}.${String(n(999999)).padStart(6, "0")})`,
    () => `self.password = config['password']\nuserid = passwd = acct = ''`,
    () => `const password = await getPassword(e);\nconst apiKey = this._options.apiKey;`,
    () => `PASSWORD_INCORRECT = "PASSWORD_INCORRECT",`,
    () => `(this||rs)._a=${SHA256_IV[0]},(this||rs)._b=${SHA256_IV[1]},(this||rs)._dl=${SHA256_IV[faker.number.int(7)]}`,
    () => `new tr(${n(2 ** 31)},${n(2 ** 31)}),new tr(${n(2 ** 31)},${n(2 ** 31)})`,
    () => `<svg viewBox="0 0 ${n(90) + 10} ${n(90) + 10}"><rect width="${n(64)}" height="${n(64)}"/></svg>`,
    () => `"(999) 999-9999" : "999-99-9999"`,
    // /etc
    () => `${n(255)} ${n(255)} ${n(255)}\t\t${faker.color.human()}`,
    // Unicode tables (Perl's unicore and Unicode::Collate): code points in rows, decompositions,
    // collation weights. (A table whose numbers pass check digits by chance, glibc's stroke
    // counts, needs a file's worth of them: index.spec.ts has one.)
    () => {
      const start = 0x4e00 + n(0x4000);
      return Array.from({ length: 10 }, (_, k) => (start + k).toString(16).toUpperCase()).join(" ");
    },
    () => `${(0x1e0 + n(0x100)).toString(16).toUpperCase()}\t\t0${n(899) + 100} 0${n(899) + 100}`,
    () => `${(0x3200 + n(0xff)).toString(16).toUpperCase()}  ; [*0${n(899) + 100}.0020.000${n(9)}] # PARENTHESIZED IDEOGRAPH`,
    // Perl modules, JavaScript and Python packages
    () => `    my $pwd  = CPAN::anycwd();\n    $PASSWORD = $CPAN::Config->{password} || "";\n    last_pass_time => '${1e9 + n(4e8)}.${n(99999)}',`,
    () => `\treturn {\n\t\tpass: actual === expected,\n\t\tmessage: () => msg\n\t};\n        password: URLPatternComponentResult;`,
    () => `    :param password: The ${faker.hacker.noun()} password.\n    def __init__(self, password: bytes):`,
    // AWS's documentation and SDK models (awscli's examples, botocore, moto): example account ids and keys, ARNs, epoch times
    () => `aws iam get-user --account-id ${faker.helpers.arrayElement(["123456789012", "111122223333", "444455556666", "987654321012"])}\n    "AccessKeyId": "AKIAIOSFODNN7EXAMPLE",\n    "Arn": "arn:aws:iam::${100000000000 + n(899999999999)}:user/${faker.internet.username()}",\n    "lastUpdatedTime": ${1500000000 + n(200000000)}.${n(999)},`,
    () => `"PrivateKey": "-----BEGIN RSA PRIVATE KEY-----\\nkey omitted for security reasons\\n-----END RSA PRIVATE KEY-----\\n"`,
    // rows of a database catalogue (PostgreSQL's postgres.bki)
    () => {
      const g = () => String(100 + n(899));
      const a = g();
      return `insert ( ${10000 + n(999)} ${4000 + n(999)} ${a} ${a} ${10 + n(9)} ${4000 + n(999)} )\ninsert ( ${600 + n(99)} '~' 11 10 b f f 19 25 16 0 ${g()} ${10 + n(89)} ${1000 + n(8999)} ${1000 + n(8999)} )`;
    },
    // the C++ standard's sections in libstdc++'s headers, versions in a changelog
    () => `      // ${11 + n(20)}.${1 + n(8)}.${1 + n(8)}.${1 + n(12)} ${faker.helpers.arrayElement(["constructors", "modifiers", "capacity", "element access"])}:\n      // [${11 + n(20)}.${1 + n(8)}.${1 + n(8)}.${1 + n(12)}] ${faker.hacker.noun()}\n  // C++${faker.helpers.arrayElement(["11", "14", "17"])} ${11 + n(20)}.${1 + n(8)}.${1 + n(8)}.${1 + n(9)}`,
    () => `${faker.hacker.noun()} (1.${n(20)}.${n(9)}.${1 + n(20)}) unstable; urgency=low`,
    () => `    KEY_USAGE = ObjectIdentifier("2.5.29.${n(40)}")\n    TLS_FEATURE = ObjectIdentifier("1.3.6.1.5.5.7.1.${n(30)}")`,
    () => `const PRIVATE_IP_RANGES = ["10.0.0.0/8", "172.16.0.0/12", "192.168.${n(255)}.0/24"];`,
    () => `// Prints: <Buffer ${Array.from({ length: 4 + n(1) }, () => String(n(89) + 10)).join(" ")}>`,
    () => `    "@types/node": "${n(20) + 10}.${n(20)}.${n(200)}",\n  * deps: update V8 to ${n(8) + 1}.${n(9)}.${n(240) + 256}.${n(50)}`,
    () => `./Configure -Dprefix=/usr/local/perl-5.${n(40)}.${n(90)}.${n(9)}\nio.quarkus:quarkus-core::jar:${n(2) + 2}.${n(40)}.${n(9)}.${n(9)}`,
    // man pages and /etc
    () => `passwd:         files systemd\n#password_encryption = scram-sha-256\t# scram-sha-256 or md5`,
    () => `\\fB\\-\\-passwd=DATEI\\fP\n\\fIscheme\\fR://[[\\fIuser\\fR][:\\fIpass\\fR]@]\\fIhost\\fR`,
    () => `    \\-\\-secret=projects/my\\-project/secrets/my\\-secret/versions/${n(9) + 1}`,
    // C headers: Doxygen, LLVM's DL, kernel-doc, a ZIP+4 with a typo, bit ranges
    () => `  /// @name ${faker.helpers.arrayElement(["Alias Queries", "Section Management", "Value Generators", "Feature Predicates"])}\n  /// @{`,
    () => `  SDValue getVectorShuffle(EVT VT, const SDLoc &dl, SDValue N${n(2)}, SDValue N${n(2) + 1});`,
    () => ` * @pwd:                the key file password.\n * @NL80211_ATTR_SAE_PASSWORD: attribute for passing SAE password`,
    () => ` * Boston, MA 021110-1307, USA.\n\t\t\t\t     15)))); // 0-7 16-23 8-15 24-31 -> xzyw`,
    // info files and dpkg's database
    () => `Up: National Teams\n\n${n(15) + 1}.${n(9) + 1}.${n(9) + 1}.${n(9) + 1} ${faker.hacker.noun()}s\n..................\n`,
    () => `Breaks: alsa-utils (<< 1.0.${n(30)}.${n(9)}-5), ebtables (<< 2.0.${n(30)}.${n(9)}+snapshot20181205-1~)\n XIAllowEvents@Base 2:1.${n(9)}.99.${n(9)}`,
    () => `Node: ${faker.hacker.noun()} index\x7f${n(900000) + 100000}\nNode: GNU Free Documentation License\x7f${n(900000) + 100000}`,
    // an IP-to-ASN table's range ends, SheetJS's citations of Microsoft's open specifications
    () => {
      const [a, b, c] = [1 + n(222), n(255), n(250)];
      return `${a}.${b}.${c}.0,${a}.${b}.${c + 1 + n(4)}.255,${n(60000)},${faker.string.alpha({ length: 6, casing: "upper" })} NET`;
    },
    () => `/* [MS-XLS] 2.5.198.${n(120)} ; [MS-XLSB] 2.5.97.${n(99)} */\n\t\t\tcase 'sender-company': // 7.3.6.${n(20) + 1}`,
    // change logs: a tracker's numbers beside "license", patch dates; ranges and a citation's pages
    () => `  * adjusted pmap pidlist storage Debian #${100000 + n(899999)}\n  * font licences. Fixes rh#${100000 + n(899999)}\n\n${2000 + n(25)}${String(n(11) + 1).padStart(2, "0")}${String(n(27) + 1).padStart(2, "0")}\n\t+ improve leak-checking`,
    () => `    "AllowedValues":"0-2147483647",\n ports <code>${((p) => `${p}-${p + 1 + n(60)}`)(8000 + n(100))}</code>\n in proc. ${n(30)}(${n(4) + 1}): ${100 + n(50)}-${150 + n(50)}. ${1990 + n(30)}.`,
    // documentation's example passwords and keys, prose after a key, a CI workflow's steps, a weekday before a date
    () => `"password": "EXAMPLE-PASSWORD",\n"SecretAccessKey": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",\n"token": "abcd1234defg5678",`,
    () => `    gnutls_${faker.hacker.noun().replace(/\W/g, "")}_password: ${faker.hacker.verb()} the ${faker.hacker.noun()}\n    // First pass: process all ${faker.hacker.noun()}s`,
    () => `      - name: Use Node.js \${{ matrix.node-version }}\n      - name: Test Browsers`,
    () => `Mon, ${n(27) + 1} ${faker.date.month()} ${2000 + n(25)}`,
  ];
}
