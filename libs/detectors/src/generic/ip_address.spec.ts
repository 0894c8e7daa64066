import assert from "node:assert/strict";
import { ipAddress, v6Runs } from "./ip_address.ts";
import { run, spans } from "../testing.ts";

/** The addresses reported at the default minimum score (0.4). */
const reported = (text: string) => run(ipAddress, text).filter((f) => f.score >= 0.4).map((f) => text.slice(f.start, f.end));

describe("generic/ip_address", () => {
  it("finds IPv4 and IPv6 with zones and prefixes, without trailing punctuation", () => {
    assert.deepEqual(spans(ipAddress, "from 10.1.2.3, to 2001:db8::7."), [[5, 13], [18, 29]]);
    assert.deepEqual(spans(ipAddress, "net 172.16.0.0/12 and fe80::1%eth0/64"), [[4, 17], [22, 37]]);
    assert.deepEqual(spans(ipAddress, "mapped ::ffff:10.0.0.1"), [[7, 22]]);
  });
  it("rejects octets over 255, MAC addresses, times, C++ scopes and glued words", () => {
    assert.deepEqual(spans(ipAddress, "999.1.1.1"), []);
    assert.deepEqual(spans(ipAddress, "aa:bb:cc:dd:ee:ff"), []);
    assert.deepEqual(spans(ipAddress, "at 12:34:56"), []);
    assert.deepEqual(spans(ipAddress, "std::vector"), []);
    assert.deepEqual(spans(ipAddress, "v10.0.0.1"), []);
  });

  it("finds special-purpose addresses and heads of longer dotted numbers, but does not report them without context", () => {
    // loopback, this host, broadcast and netmasks, multicast, documentation, link-local (seen in /usr/share/doc)
    assert.deepEqual(reported("bind 127.0.0.1 or 0.0.0.0; mask 255.255.255.0; group 224.0.0.114; see 192.0.2.1, 2001:db8::1, fe80::1, ff02::1 and ::1"), []);
    // a version's head, and C++ scopes that are valid compressed IPv6
    assert.deepEqual(reported("binutils (2.14.90.0.7-1) and D::f, X::c"), []);
    assert.deepEqual(spans(ipAddress, "binutils 2.14.90.0.7"), [[9, 18]]);
    // hosts, public and private, are reported
    assert.deepEqual(reported("from 10.1.2.3 via 192.168.0.1 to 74.125.79.104, 2001:4860:4860::8888 and ::ffff:10.0.0.1"), ["10.1.2.3", "192.168.0.1", "74.125.79.104", "2001:4860:4860::8888", "::ffff:10.0.0.1"]);
    // context lifts a host's address, never a special one nor a version's head
    assert.equal(run(ipAddress, "Sync with 1.4.1.4.2").find((f) => f.start === 10)?.score, 0.1);
    assert.deepEqual(reported("my ip: ::1, server address 127.0.0.1, host 0.0.0.0, ip version 2.14.90.0.7"), []);
    assert.deepEqual(run(ipAddress, "server address 10.1.2.3").map((f) => f.score), [0.95]);
    // four one-digit numbers: a version unless an address word says otherwise
    assert.deepEqual(reported("Sync with wichert's 1.4.1.4. Prepare for 1.5.1.1; resolver 8.8.8.8"), []);
    assert.deepEqual(reported("connected to server 8.8.8.8"), ["8.8.8.8"]);
    // versions glued to a name, an anchor's section, Maven coordinates (Perl's CPAN.pm, HTTP::Tiny; a registry's dependency list)
    assert.deepEqual(reported("./Configure -Dprefix=/usr/local/perl-5.6.78.9; forms.html#h-17.13.4.1\nio.quarkus.arc:arc::jar:3.33.3.1"), []);
    // an OID in openssl asn1parse's output (a comment in pyca/cryptography)
    assert.deepEqual(reported("#    7:d=2  hl=2 l=   3 prim: OBJECT            :1.3.101.110"), []);
    assert.deepEqual(reported('artifact: "io.quarkus:quarkus-scheduler:3.33.3.1"\nname: "Scheduler"\ndeployment-artifact=io.quarkus\\:quarkus-scheduler-dev\\:\\:jar\\:3.33.3.1'), []);
    assert.deepEqual(reported("host-name 10.1.2.3, ip:10.1.2.4, jar 10.1.2.5"), ["10.1.2.3", "10.1.2.4", "10.1.2.5"]);
    // an IPv6 network with its prefix (/etc/gai.conf), a host in one
    assert.deepEqual(reported("#label 2001:0::/32   7\n#precedence 2002::/16    30\nhost 2001:4860::8888/32"), ["2001:4860::8888/32"]);
    // info files and dpkg's database: Texinfo headings, CVS revisions, versions in file names and Debian relations
    assert.deepEqual(reported("National Teams\n\n12.4.2.1 Sub-Cultures\n...............\n"), []);
    assert.deepEqual(reported("     retrieving revision 1.58.2.2\n/usr/share/doc/git/RelNotes/1.7.10.1.txt\nBreaks: mono-gac (<< 2.10.8.1-3), ebtables (<< 2.0.10.4+snapshot20181205-1~)"), []);
    assert.deepEqual(reported(" XIAllowEvents@Base 2:1.2.99.4\n XRRFreePanning@Base 2:1.2.99.2"), []);
    // changelogs' versions: a pre-release's or build's name after it, the words of a release (X.org's, dpkg's, Node's)
    assert.deepEqual(reported("update zlib to 1.2.13.1-motley-fef5869 (Node.js\n    Bump to 1.0.99.1\n\n    Require xineramaproto 1.1.99.1 to avoid a header conflict\n"), []);
    assert.deepEqual(reported("It hasn't been used since libxcb 1.1.90.1, released in 2008.\n  * Incorporate changes in NMU 1.4.0.32 made by me"), []);
    assert.deepEqual(reported("release the lock, then ssh to server 10.1.2.3"), ["10.1.2.3"], "an address word on its own line outweighs a release");
    assert.deepEqual(reported("10.1.2.3 gateway\n\n10.1.2.4 ssh\nrouter 10.1.2.5."), ["10.1.2.3", "10.1.2.4", "10.1.2.5"], "a host at a line's start, and at a sentence's end");
    // man pages: an RCS revision, a version after roff's hyphen
    assert.deepEqual(reported(".\\\" $FreeBSD: src/lib/libc/gen/err.3,v 1.11.2.5 2001/08/17 15:42:32 ru Exp $\n/usr/lib/jvm/java\\-1.8.0\\-openjdk\\-1.8.0.121\\-0.b13.el7_3.x86_64/jre/"), []);
    // object identifiers (Python's cryptography)
    assert.deepEqual(reported('SUBJECT_KEY_IDENTIFIER = ObjectIdentifier("2.5.29.14")\nKEY_USAGE = ObjectIdentifier("2.5.29.15")'), []);
    assert.deepEqual(reported('# server ip\nKEY_USAGE = ObjectIdentifier("2.5.29.15")'), [], "the OID's own line outweighs an ip on the line above");
    // a section (@noble/hashes: "RFC 9106 §3.4.1.2"), networks with their prefix (LangChain's list of private ranges)
    assert.deepEqual(reported("// RFC 9106 §3.4.1.2: each 1024-byte address block; WHATWG HTML § 13.2.5.14"), []);
    assert.deepEqual(reported('const PRIVATE_IP_RANGES = [\n\t"10.0.0.0/8",\n\t"172.16.0.0/12",\n\t"192.168.0.0/16"];\nip 10.0.0.0/8'), []);
    assert.deepEqual(reported("host 10.0.0.1/8, net 192.168.0.0/33, client 192.168.4.7/22"), ["10.0.0.1/8", "192.168.0.0", "192.168.4.7/22"]);
    // numbered sections of specifications (pdf.js, mocha)
    assert.deepEqual(reported("In section 8.9.5.3 of the PDF spec; the annotation rectangle (see 12.7.3.3); per ECMA-262, Section 13.3.3.7"), []);
    // the C++ standard's sections in libstdc++'s headers, IEEE's in Linux's, versions in changelogs (/usr/include, /usr/share/doc)
    const cpp = "      // 23.3.5.1 constructors:\n  /// 22.2.1.4  Class ctype_byname spec\n      // [23.2.4.3] modifiers\n  // Called by the range constructor to implement [23.3.4.2]/9\n      // C++14 20.8.2.3\n  // C++11 27.7.3.9 Rvalue stream insertion\n// ISO C++ 14882: 22.2.1.5 Template class codecvt\n      // arguments, per 17.4.4.4 para. 2 item 2.\n  // 21.3.7.8:\n  // outlined in 22.2.2.2 [lib.locale.num.put]\n   * Format strings (from ECMA-262 [15.5.4.11]):\n  // Clauses 21.1.3.1 and 21.1.3.2 describe streampos\n";
    assert.deepEqual(reported(cpp), []);
    assert.deepEqual(reported("\t/* 30.3.3.3 aMACControlFramesTransmitted */\n\t__u8 creation_date\t\t[ISODCL (814, 830)]; /* 8.4.26.1 */\n@param  __g  A UniformRandomNumberGenerator (26.5.1.3).\ndpkg (1.15.8.10) unstable; urgency=low\n  2009-05-19 (3.6.14.1)\n"), []);
    // a host whatever brackets or comments hold it: a mail header's, an address with a part above 99, 10/8, a host file's comment
    assert.deepEqual(reported("Received: from mx.mailhost.net (mx.mailhost.net [64.12.3.4])\n// [23.2.4.123] old gateway\n# 10.11.12.13 build box\nmail server (64.12.3.6)"), ["64.12.3.4", "23.2.4.123", "10.11.12.13", "64.12.3.6"]);
    // SheetJS's citations of ECMA-376 and Microsoft's open specifications
    assert.deepEqual(reported("/* [MS-XLSB] 2.5.97.2 */\n/* 22.4.2.32 (CT_Variant). Omit the base */\n/* [MS-XLSB] 2.1.7.45 Shared Strings */"), []);
    assert.deepEqual(reported("/* [MS-XLS] 2.5.198.105 ; [MS-XLSB] 2.5.97.89 */\n\t/* Part 4 19.4.2.3 Anchor (Anchor) */\n\t   - 20.5.2.35 wsDr CT_Drawing\n\t\t\tcase 'sender-city': // 7.3.6.13\n"), []);
    assert.deepEqual(reported("/* 22.4.2.32 (CT_Variant) */ connect(\"22.4.2.32\")"), ["22.4.2.32"]);
    // sections and versions cited in any words inside a comment of C's family (/usr/include: libstdc++, glibc, Linux, SQLite, Valgrind)
    const headers = "  // According to 27.8.1.4 p11 - 13, seekoff should\n  // 13.2.2.1, Function template randint\n/*\n * Wide-character case-mapping functions: 7.15.3.1.\n */\n/*\n** For all versions of SQLite up to and including 3.6.23.1, a call to\n*/\n// From 2.6.35.5/include/asm-mips/sigcontext.h\n\t/* Applicable for RC and UC only IBTA 11.2.5.3 QUERY QUEUE PAIR */\n";
    assert.deepEqual(reported(headers), []);
    // out of the comment, a host again; in it, a host with a part above 99 or an address word on its line; a URL's "//" opens no comment
    assert.deepEqual(reported("/* 22.4.2.32 */ int main() { connect(\"52.14.33.21\"); }\n// old gateway 52.140.33.21\n/* server 52.14.33.22 */\nurl = http://52.14.33.23/x 52.14.33.24"), ["52.14.33.21", "52.140.33.21", "52.14.33.22", "52.14.33.23", "52.14.33.24"]);
    assert.deepEqual(reported(" * @NL80211_ATTR_QOS_MAP: IP DSCP mapping for Interworking QoS mapping as\n *\tdefined in IEEE Std 802.11-2012, 8.4.2.97.\n */\n"), [], "a text cut from inside a comment");
    assert.deepEqual(reported("  * push refs/* to the mirror, and src/**/*.c too\n  * the build box moved to 52.14.33.25 today\n"), ["52.14.33.25"], "a glob's \"/*\" opens no comment");
    // a book's table of contents (Cargo's): numbered headings with their siblings; a host at a sentence's end stays one
    assert.deepEqual(reported("reference/registries.html 3.12. Registries\n credential-provider-protocol.html 3.12.1.1. Credential Provider Protocol\n registry-index.html 3.12.2.1. Registry Index\n"), []);
    assert.deepEqual(reported("The proxy listens on 3.12.1.1. Clients connect there."), ["3.12.1.1"]);
    assert.deepEqual(reported("showing the program point tree.\n10.3.2.1. Structure\nThe following\n10.3.2.2. The Root Node\nThe root"), [], "an outline's headings, whatever their first number (Valgrind's manual)");
    assert.deepEqual(reported("Major changes in 3.31.0.2\n====\nperformance regressions relative to 3.6.23.1 on joins\nupdate syscall lists to kernel 2.6.23.1\n"), [], "versions in change logs");
    // a weak quad takes its address word from its own line only (bench/detect's look-alikes: a line about an ip above a version)
    assert.deepEqual(reported("netmask 255.255.255.0; my ip: ::1\n      // 13.7.7.6 element access:\nSync with upstream 4.9.8.9.\ncapacitor (1.14.5.3) unstable; urgency=low\n\t* src"), []);
  });

  it("takes the ends of an address range for no host's, unless an address word says so (an IP-to-ASN table)", () => {
    assert.deepEqual(reported("1.0.4.0"), []);
    assert.deepEqual(reported("1.0.7.255"), []);
    assert.deepEqual(reported("2001:4:112::"), []);
    assert.deepEqual(reported("2001:4:112:ffff:ffff:ffff:ffff:ffff"), []);
    assert.equal(run(ipAddress, "1.0.4.0")[0]?.validation, "range_boundary");
    assert.deepEqual(reported("1.0.4.0 - 1.0.7.255; 2001:4:112:: to 2001:4:112:ffff:ffff:ffff:ffff:ffff"), []);
    // Java's sources: OIDs, Javadoc's citations of the language specification, bytes in hex, RFC 2373's examples
    assert.deepEqual(reported('    StreetAddress("2.5.4.9"),\n    KeyUsage("2.5.29.15"),\n // The OID for KeyUsage extension is 2.5.29.15.'), []);
    assert.deepEqual(reported('    SHA256withRSA("1.2.840.113549.1.1.11"),\n    DSA("1.2.840.10040.4.1"),\n    Foo("1.2.840.1")'), []);
    assert.deepEqual(reported("constructor (JLS {@jls\n     * 8.10.4.1}, {@jls 8.10.4.2}), it is\n     * @jvms 4.7.16.1 The element"), []);
    assert.deepEqual(reported("number of bursts exponent as in 802.11-2016 9.4.2.168 \"Fine Timing Measurement\"; in IEEE 802.1Q-2014, 12.32.2.1 Port"), []);
    assert.deepEqual(reported(" * [RFC 5280 4.2.1.10 Name Constraints]\n        // 800-90Ar1 10.1.1.2: Hash_DRBG Instantiate Process.\n    // 800-90Ar1 10.2.1.2. CTR_DRBG_Update"), []);
    assert.deepEqual(reported('// The formatted string is: "00:01:02:03:7C:7D:7E:7F"\n *   <li>{@code 1080::8:800:200C:417A}</li>\n *   <li>{@code ::FFFF:129.144.52.38}</li>'), []);
    assert.deepEqual(reported('the general IPv6 address\n *   "0:0:0:0:0:0:0:d".</li>\n *   <li>{@code ::FFFF:d}</li>\nhost ::ffff:c0a8:101'), ["::ffff:c0a8:101"], "an embedded IPv4 address is judged as that address (0.0.0.13; 192.168.1.1)");
    assert.deepEqual(reported("server 2.5.4.9 and server 1.2.3.40 and host 2001:db9:1:2:3:4:5:6"), ["1.2.3.40", "2001:db9:1:2:3:4:5:6"], "an X.500 arc stays an OID whatever the words; others are hosts");
    // a version since which something holds (dpkg's manuals)
    assert.deepEqual(reported("lange Dateinamen (seit Dpkg 1.4.1.17).\n.IP ip (since 1.15.5.4) host 10.1.1.1"), ["10.1.1.1"]);
    // Rust's Ipv4Addr docs: a benchmarking range over a line break
    assert.deepEqual(reported("IETF RFC 2544 as 198.18.0.0 through\n198.19.255.255 but"), []);
    assert.deepEqual(reported("client 10.2.3.0 - 81.2.3.255, host 2001:4:112::"), ["10.2.3.0", "81.2.3.255", "2001:4:112::"]);
    assert.deepEqual(reported("request from 112.28.6.0 took 878 ms"), ["112.28.6.0"]);
    assert.deepEqual(reported("1.0.4.0,1.0.7.255,38803,GTELECOM\n\t* src/passwd.c: fix"), [], "an address word on the next line says nothing of a range");
    assert.deepEqual(reported("81.0.4.1, 1.0.7.254, 2001:4:112::1, 2001:4:112:ffff:ffff:ffff:ffff:fffe"), ["81.0.4.1", "1.0.7.254", "2001:4:112::1", "2001:4:112:ffff:ffff:ffff:ffff:fffe"]);
    // ends of an aligned block, whatever their last octets (the same table's rows)
    assert.deepEqual(reported("4.4.61.192,4.4.61.255,203,\"Level 3\"\n4.14.40.160,4.14.40.191,203\n4.14.40.192,4.14.227.63,3356\n4.14.227.64 - 4.14.227.95\n"), []);
    assert.equal(run(ipAddress, "4.14.40.160,4.14.40.191")[1]?.validation, "range_boundary");
    // hosts side by side, and blocks not aligned
    assert.deepEqual(reported("10.0.0.12, 10.0.0.47\n4.14.40.161,4.14.40.191\n4.14.40.160,4.14.40.190\n4.14.40.191,4.14.40.160\n"), ["10.0.0.12", "10.0.0.47", "4.14.40.161", "4.14.40.191", "4.14.40.160", "4.14.40.190", "4.14.40.191", "4.14.40.160"]);
  });

  it("takes a quad after a product's name for its version (Tika's HSQL database, a Java runtime), unless a host's word says it is one", () => {
    assert.deepEqual(reported("Driver: HSQL Database Engine 1.8.0.10"), []);
    assert.deepEqual(reported("Java 1.8.0.251 is installed on every desktop"), []);
    // a host's or an address's own word before it, a quad that starts above 9, an address word on its line
    assert.deepEqual(reported("Server 5.189.10.200 and Gateway 9.120.4.1"), ["5.189.10.200", "9.120.4.1"]);
    assert.deepEqual(reported("Cluster 52.18.10.4 answers"), ["52.18.10.4"]);
    assert.deepEqual(reported("Tomcat 5.5.20.1 (host address)"), ["5.5.20.1"]);
    // a longer first part when the quad ends in 0, a network's and no host's (sav-reader's README: SPSS's product string)
    assert.deepEqual(reported("  product: '@(#) IBM SPSS STATISTICS 64-bit MS Windows 23.0.0.0',"), []);
    assert.deepEqual(reported("Cluster 52.18.10.4 answers\nGateway 52.18.10.0 and Windows 23.0.0.1"), ["52.18.10.4", "52.18.10.0", "23.0.0.1"]);
  });
  it("takes a quad after a package's name and '@' for its version when the text names packages so (npm's output in escape-html's README)", () => {
    assert.deepEqual(reported("  http_parser@1.0\n  node@0.10.33\n  v8@3.14.5.9\n  ares@1.9.0-DEV\n  uv@0.10.29\n"), []);
    assert.deepEqual(reported("deps: @types/node@20.1.3, @scope/v8@3.14.5.9"), []);
    // a user at a host: after a remote shell's command, a login's name, alone, a quad not shaped as a version
    assert.deepEqual(
      reported("node@0.10.33\nssh bob@5.10.20.3\nscp -P 2222 bob@5.10.20.4:/tmp .\nroot@5.10.20.5's password:\nmail@52.14.3.2 relay"),
      ["5.10.20.3", "5.10.20.4", "5.10.20.5", "52.14.3.2"],
    );
    assert.deepEqual(reported("v8@3.14.5.9 server"), ["3.14.5.9"]);
  });
  it("takes a section-shaped quad listed beside sections of two or three parts for one (Vim's syntax file for NSIS)", () => {
    assert.deepEqual(reported('"STRING REPLACEMENT (5.4, 4.9.15.2, 5.3.1)\nsyn region nsisPreCondit'), []);
    assert.deepEqual(reported("see 4.9.15.2, 5.3 and 4.9.15.3"), []);
    // a host's address in a list of versions, an address with a part above 99, an address word on its line
    assert.deepEqual(reported("5.4, 52.14.33.200, 5.3.1\nhosts 1.2, 10.1.2.3\nserver 5.4, 4.9.15.2"), ["52.14.33.200", "10.1.2.3", "4.9.15.2"]);
  });
  it("takes a jar manifest's JDK, Quarkus's build version, a diff header's revision and an RFC's section after a colon for no address (/usr/share/java, ~/.m2, /usr/share/info)", () => {
    assert.deepEqual(reported("Manifest-Version: 1.0\r\nCreated-By: Apache Maven 3.6.3\r\nBuild-Jdk: 11.0.14.1\r\nBuild-Jdk-Spec: 11\r\n"), []);
    assert.deepEqual(reported("     --- locate/locate.c\t22 Apr 2007 16:57:42 -0000\t1.58.2.2\n     +++ locate/locate.c\t28 Jun 2007 09:15:03 -0000\t1.58.2.3\n"), []);
    assert.deepEqual(reported("flagged as critical (rfc4880:5.2.3.16).  Set STRING as a Policy URL (rfc4880:5.2.3.20)."), []);
    // Quarkus's extension metadata (META-INF/quarkus-extension.yaml in each extension's jar)
    assert.deepEqual(reported('  built-with-quarkus-core: "3.33.3.1"'), []);
    assert.deepEqual(run(ipAddress, "3.33.3.1", "built-with-quarkus-core").filter((f) => f.score >= 0.4), [], "a YAML record's cell under its key");
    assert.deepEqual(run(ipAddress, "52.14.3.6", "built-on-host").map((f) => f.score), [0.95]);
    // hosts: after a diff's added line, a log's tab, a JDK's host
    assert.deepEqual(reported("+server\t52.14.3.2\n--- a/hosts\t2020-01-01\t52.14.3.3 host\njdk-host: 52.14.3.4\nrfc: 52.14.3.5\nbuilt on: 52.14.3.6"), ["52.14.3.2", "52.14.3.3", "52.14.3.4", "52.14.3.5", "52.14.3.6"]);
  });
  it("takes a quad as a reStructuredText reference for a section (oauthlib's docstrings)", () => {
    assert.deepEqual(reported("        http://openid.net/specs/openid-connect-core-1_0.html (sections `3.1.3.6`_, `3.2.2.10`_, `3.3.2.11`_)\n\n        .. _`3.1.3.6`: http://openid.net/"), []);
    // a host in a code span, one with a part above 99
    assert.deepEqual(reported("connect to `52.14.3.2`, or `52.14.3.200`_"), ["52.14.3.2", "52.14.3.200"]);
  });
  it("takes a quad as a Markdown link's text to a section for the section (esutils' README)", () => {
    assert.deepEqual(reported("[11.6.2.2](http://ecma-international.org/ecma-262/6.0/#sec-keywords) and"), []);
    // a link to the quad itself, a host's address with a part above 99
    assert.deepEqual(reported("open [52.14.3.2](http://52.14.3.2/) or [52.14.3.200](#hosts)"), ["52.14.3.2", "52.14.3.200"]);
  });
  it("takes a quad after a product's name with a capital inside for its version (X.Org's git logs in /usr/share/doc)", () => {
    // libx11-xcb1's, libxi6's and libice6's changelogs: a release commit's subject
    assert.deepEqual(reported("Date:   Fri Nov 11 14:56:36 2011 +1000\n\n    libX11 1.4.99.1\n    \n    Signed-off-by: Peter Hutterer"), []);
    assert.deepEqual(reported("    libXi 1.6.99.1\n"), []);
    assert.deepEqual(reported("    XFree86 4.3.99.16\n    Bring the tree up to date for the Cygwin folks"), []);
    // a host's name, an interface's, a name holding a host's word before it: an address
    assert.deepEqual(reported("web01 3.120.5.67\neth0 5.10.20.30 up\nserverIp 8.8.4.4"), ["3.120.5.67", "5.10.20.30", "8.8.4.4"]);
  });
  it("takes a quad shaped as a version after a package's name in lower case for its version (X.Org's release commits)", () => {
    // (was reported at 0.60: "inputproto 2.1.99.6" in libxi6's changelog)
    for (const t of ["    inputproto 2.1.99.6\n", "xproto 7.0.99.1", "Require libxcb 1.1.90.1 or later", "gtk+ 2.90.99.1", "xf86-input-evdev 2.7.99.1"]) assert.deepEqual(reported(t), [], t);
    // a host's or an address's word, a command's, an interface's or a host's name before it, a quad not shaped as a version: an address
    assert.deepEqual(reported("server 10.2.99.6\nhost 192.168.1.10\nAccepted publickey for root from 2.1.99.6 port 22 ssh2"), ["10.2.99.6", "192.168.1.10", "2.1.99.6"]);
    assert.deepEqual(reported("ssh 2.1.99.6\nping 3.1.20.7\nallow 2.1.99.7\nlisten 4.2.99.1\nneighbor 5.1.2.17 remote-as 65001"), ["2.1.99.6", "3.1.20.7", "2.1.99.7", "4.2.99.1", "5.1.2.17"]);
    assert.deepEqual(reported("eth0 5.10.20.30 up\nweb01 2.1.99.6\nfixed-address 2.1.99.8;\nrelayhost 2.1.99.9\ninputproto 2.1.199.6\ninputproto 12.1.99.6"), ["5.10.20.30", "2.1.99.6", "2.1.99.8", "2.1.99.9", "2.1.199.6", "12.1.99.6"]);
    // (and an address word on its line still makes it a host, as after a product's name)
    assert.deepEqual(reported("inputproto 2.1.99.6 host"), ["2.1.99.6"]);
  });
  it("takes a quad after a library's versioned symbol for the version that brought it (Debian's symbols files)", () => {
    // libasound2's symbols file in /var/lib/dpkg/info: sixteen quads at 0.60
    assert.deepEqual(reported(" snd_ctl_ascii_elem_id_get@ALSA_0.9 1.0.24.1\n snd_use_case_mgr_open@ALSA_0.9 1.0.24.1\n XIAllowEvents@Base 1.2.99.4\n memcpy@GLIBC_2.2.5 2.14.0.1"), []);
    // an address after a user at a host stays one
    assert.deepEqual(reported("login from bob@mail 10.1.2.3"), ["10.1.2.3"]);
  });
  it("takes an IPv6 address outside IANA's allocated blocks for no one's host (tests' made-up addresses: fast-uri, zod)", () => {
    // fast-uri's canonical forms and zod's tests, at 0.60 and (with "ipv6" near) 0.95
    assert.deepEqual(reported("['http://[1:0:0:0:2:0:0:3]/', 'http://[1::2:0:0:3]/']"), []);
    assert.deepEqual(reported('expect(ipv6.safeParse("1e5e:e6c8:daac:514b:114b:e360:d8c0:682c").success).toBe(true);\n  ipv6 9d4:c956:420f:5788:4339:9b3b:2418:75c3, c359:f57c:21e5:39eb:1187:e501:f936:b452/64'), []);
    assert.deepEqual(spans(ipAddress, "1::2:0:0:3"), [[0, 10]]);
    // global unicast, unique local, an IPv4 address embedded in IPv6: hosts
    assert.deepEqual(reported("ipv6 2a00:1450:4001:82a::200e, fd12:3456::1, 2001:4860:4860::8888, ::ffff:c0a8:101, 2600:1f18::5, 64:ff9b::5db8:d822"), ["2a00:1450:4001:82a::200e", "fd12:3456::1", "2001:4860:4860::8888", "::ffff:c0a8:101", "2600:1f18::5", "64:ff9b::5db8:d822"]);
    // IPv6's second documentation prefix (RFC 9637, 3fff::/20), as 2001:db8::/32
    assert.deepEqual(reported("ipv6 3fff:1::2 and 3fff:fff:ffff::1"), []);
  });
  it("takes IANA's anycast and benchmarking entries for no one's host (Python's ipaddress)", () => {
    assert.deepEqual(reported("    IPv6Network('2001:1::1/128'),\n    IPv6Network('2001:1::2/128'),\n relay 192.88.99.1, 2001:2::10, 2001:3::1, 192.52.193.1"), []);
    // addresses beside them stay hosts
    assert.deepEqual(reported("server 2001:4::1 and 192.88.100.1"), ["2001:4::1", "192.88.100.1"]);
  });
  it("takes the version in a Debian changelog's heading for one (libgnutls30's changelog.Debian)", () => {
    assert.deepEqual(reported("gnutls28 (3.6.11.1-2) unstable; urgency=low\n\n  * Upload to unstable."), []);
    assert.deepEqual(reported("at-spi2-core (2.39.90.1-1) experimental; urgency=medium"), []);
    assert.deepEqual(reported("PING acme.org (5.61.70.80) 56(84) bytes of data."), ["5.61.70.80"]);
  });

  it("takes a quad after a version's word, a product's token and slash or a server product's name for a version (release notes)", () => {
    for (const t of ["build 2.4.18.3", "Installed firmware: 1.0.12.4", "driver 27.20.100.8", "BIOS version 1.12.0.3", "Patch 3.1.0.2 fixes the Wi-Fi drop", "Apache/2.4.18.3 (Ubuntu)", "Server: Microsoft-IIS/10.0.17.1", "SQL Server 15.0.4.153", "Updated 7-Zip to 19.0.0.1", "upgrade the agent to 2.4.18.3"])
      assert.deepEqual(reported(t), [], t);
    // two of them under "Release notes" made a file sensitive
    assert.deepEqual(reported("Release notes\n\nInstalled firmware: 1.0.12.4\nThe update to build 2.4.18.3 fixes the Wi-Fi drop.\n"), []);
    // a version's own word right before it, not further off: a host's words and places stay hosts
    assert.deepEqual(
      reported("Server IP: 10.2.3.4\nAccepted password for root from 81.2.69.160 port 22 ssh2\n    inet 192.168.1.10/24 brd 192.168.1.255 scope global eth0\nconnecting to host 81.2.69.161\nclient 81.2.69.162 disconnected\nSQL Server: 10.2.3.5"),
      ["10.2.3.4", "81.2.69.160", "192.168.1.10/24", "192.168.1.255", "81.2.69.161", "81.2.69.162", "10.2.3.5"],
    );
    assert.deepEqual(reported("the build server moved to 52.14.33.25 today; the driver's host is 52.14.33.26"), ["52.14.33.25", "52.14.33.26"]);
    // an update from an address, or of a host's address, is no version
    assert.deepEqual(reported("Received update from 81.2.69.163\nupdated the gateway to 10.0.0.1"), ["81.2.69.163", "10.0.0.1"]);
    // a slash after a URL's host or path, an interface, a transport or a zone; a port or a path after the quad
    assert.deepEqual(reported("https://ipinfo.io/81.2.69.164 GET /hosts/10.2.3.6 HTTP/1.1\neth0/10.2.3.7 outside/81.2.69.165 tcp/18.30.0.212:7890 Apache/10.2.3.8/status"), ["81.2.69.164", "10.2.3.6", "10.2.3.7", "81.2.69.165", "18.30.0.212", "10.2.3.8"]);
    // Node's change logs ("deps: patch V8 to 10.2.154.26"), Debian's "patch (2.6.1.85-423d-1)" package
    assert.deepEqual(reported("* **deps**: patch V8 to 10.2.154.26 (Michaël Zasso)\n- bpo-27883: Update sqlite to 3.14.1.0 on Windows."), []);
  });

  it("finds the IPv6 runs from the colons that a scan of every position finds", () => {
    const V6_RUN = /(?<![A-Za-z0-9_:.])[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*/g;
    const parts = ["2001", ":", "::", "db8", ".", "1", "a", "G", "x", "_", " ", "fe80", "%eth0", "/64", "10.0.0.1", "é"];
    let s = 7;
    const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    let runs = 0;
    for (let t = 0; t < 20_000; t++) {
      let text = "";
      const n = Math.floor(rand() * 12);
      for (let i = 0; i < n; i++) text += parts[Math.floor(rand() * parts.length)];
      const expected = [...text.matchAll(V6_RUN)].map((m) => [m.index, m.index + m[0].length]);
      runs += expected.length;
      assert.deepEqual(v6Runs(text), expected, JSON.stringify(text));
    }
    assert.ok(runs > 5_000, `only ${runs} runs`);
  });
});
