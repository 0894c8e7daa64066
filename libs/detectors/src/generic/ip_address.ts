import { BlockList, isIPv4, isIPv6 } from "node:net";
import type { Candidate, Detector } from "../core/types.ts";
import { prevFeed } from "../core/lines.ts";
import { perText } from "../core/per-text.ts";

/** Dotted quads not glued to words or to a preceding dot/digit, with an optional /prefix. */
const V4 = /(?<![A-Za-z0-9_.])(\d{1,3}(?:\.\d{1,3}){3})(?![0-9A-Za-z_])(\/\d{1,3}(?![0-9]))?/g;
/** Hex digits, colons and dots: the characters of an IPv6 address (possibly with an embedded IPv4 tail). */
const isRunChar = (c: number) => (c >= 48 && c <= 58) || c === 46 || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * Maximal runs of IPv6 characters that hold a colon and are not glued to a word before them,
 * found from the colons (what /(?<![A-Za-z0-9_:.])[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*\/g matches,
 * without trying every position of a text that has few colons).
 */
export function v6Runs(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let at = text.indexOf(":");
  while (at >= 0) {
    let s = at;
    while (s > 0 && isRunChar(text.charCodeAt(s - 1))) s--;
    let e = at + 1;
    while (e < text.length && isRunChar(text.charCodeAt(e))) e++;
    if (s === 0 || !isWordChar(text.charCodeAt(s - 1))) out.push([s, e]);
    at = text.indexOf(":", e);
  }
  return out;
}
/**
 * Special-purpose addresses (RFC 6890, IANA's registries) that name no one's host: this host,
 * loopback, link-local, documentation and benchmarking ranges, multicast, reserved and broadcast
 * (netmasks such as 255.255.255.0 fall there too), and the RFCs' own examples (below). Private
 * ranges (10/8, 172.16/12, 192.168/16, fc00::/7) are not here: they name hosts of the organisation.
 */
const SPECIAL = new BlockList();
for (const [net, bits] of [["0.0.0.0", 8], ["127.0.0.0", 8], ["169.254.0.0", 16], ["192.0.0.0", 24], ["192.0.2.0", 24], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4]] as const) SPECIAL.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [["::", 128], ["::1", 128], ["fe80::", 10], ["ff00::", 8], ["2001:db8::", 32], ["3fff::", 20], ["100::", 64], ["3ffe::", 16]] as const) SPECIAL.addSubnet(net, bits, "ipv6");
// The examples of RFC 1884 and 2373 (IPv6 addressing), which every network library's
// documentation repeats (Java's Inet6Address, Python's ipaddress): no host of the document's
// owner. (3ffe::/16 above was the 6bone's test network, returned in 2006; 3fff::/20 is IPv6's
// second documentation prefix, RFC 9637.)
for (const ip of ["1080::8:800:200c:417a", "fedc:ba98:7654:3210:fedc:ba98:7654:3210", "ff01::101"]) SPECIAL.addAddress(ip, "ipv6");
for (const ip of ["129.144.52.38", "13.1.68.3"]) SPECIAL.addAddress(ip, "ipv4");
// IANA's special-purpose entries for services, not hosts: anycast addresses that every operator
// of the service announces (PCP, TURN and DNS-SD SRP anycast 2001:1::1–3, AMT 2001:3::/32 and
// 192.52.193.0/24, 6to4's relays 192.88.99.0/24) and IPv6's benchmarking range 2001:2::/48 (as
// 198.18.0.0/15 above): Python's ipaddress lists them ("IPv6Network('2001:1::1/128')"), as network
// libraries' tests do. (AS112's prefixes stay: an IP-to-ASN table's rows hold them as any network's.)
for (const ip of ["2001:1::1", "2001:1::2", "2001:1::3"]) SPECIAL.addAddress(ip, "ipv6");
for (const [net, bits] of [["2001:2::", 48], ["2001:3::", 32]] as const) SPECIAL.addSubnet(net, bits, "ipv6");
for (const [net, bits] of [["192.52.193.0", 24], ["192.88.99.0", 24]] as const) SPECIAL.addSubnet(net, bits, "ipv4");

/**
 * Found but never reported, whatever words are near (`fixed`: "my ip: ::1" names no one): a
 * special-purpose address, and a quad that is the head of a longer dotted number ("binutils
 * 2.14.90.0.7", a version). Presidio's cases still find their spans.
 */
const WEAK = 0.1;

/**
 * A compressed IPv6 address of at most two groups that names no special range: "D::f" and
 * "X::c" in C++ text are scopes, not addresses, and a real host's address has a longer prefix.
 */
const SHORT_V6 = /^[0-9A-Fa-f]{0,4}::[0-9A-Fa-f]{0,4}$/;
const HEX_BYTES = /^[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){7}$/;

function specialV4(ip: string): boolean {
  return SPECIAL.check(ip, "ipv4");
}

const ZONE = /^%[A-Za-z0-9_.-]+/;
const PREFIX = /^\/(\d{1,3})(?![0-9])/;

function withPrefix(text: string, end: number, max: number): number {
  const p = PREFIX.exec(text.slice(end, end + 5));
  return p && Number(p[1]) <= max ? end + p[0].length : end;
}

/**
 * The ends of an address range rather than a host: a network's first address or a /24's broadcast
 * ("1.0.4.0,1.0.7.255,38803" in an IP-to-ASN table; "2001:4:112::,2001:4:112:ffff:ffff:ffff:ffff:ffff"),
 * alone in a cell or beside the range's other end. Weak, not fixed: "client 10.2.3.0" is still
 * reported, by an address word on its own line or its column's header; "request from 10.2.3.0
 * took 8 ms" is a host's.
 */
const V4_BOUNDARY = /\.(?:0|255)$/;
const V6_BOUNDARY = /[0-9a-f]::$|(?::ffff){4}$/i;
/** What joins a range's ends: "1.0.4.0,1.0.7.255", "10.0.0.0 - 10.255.255.255", "198.18.0.0 through\n198.19.255.255" (Rust's Ipv4Addr docs). */
const TO = String.raw`\s*(?:,|-|–|\.\.|to|through|thru)\s*`;
const RANGE_NEXT = new RegExp(String.raw`^${TO}[0-9A-Fa-f]{1,4}[.:]`);
const RANGE_BEFORE = new RegExp(String.raw`[0-9A-Fa-f][.:]{1,2}[0-9A-Fa-f]{0,4}${TO}$`);
/** Whether the address at [start, end) is a cell's whole text or one end of a range written out. */
function rangeEnd(text: string, start: number, end: number): boolean {
  return text.trim().length === end - start || RANGE_NEXT.test(text.slice(end, end + 12)) || RANGE_BEFORE.test(text.slice(Math.max(0, start - 12), start));
}

const V4_NEXT = new RegExp(String.raw`^${TO}(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\d.])`);
const V4_BEFORE = new RegExp(String.raw`(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})${TO}$`);
const v4Value = (ip: string) => ip.split(".").reduce((a, o) => a * 256 + Number(o), 0);
/** A block of 16 addresses or more, aligned: its first address's last four bits are 0, its last's 1. */
const alignedBlock = (lo: number, hi: number) => lo < hi && lo % 16 === 0 && (hi + 1) % 16 === 0;

/**
 * Whether an IPv4 address is one end of a range written out whose ends are an aligned block's
 * ("4.14.40.160,4.14.40.191" and "4.14.40.192,4.14.227.63" in an IP-to-ASN table): a network's
 * range, whatever its last octets. Two hosts' addresses side by side ("10.0.0.12, 10.0.0.47")
 * are aligned so by chance once in 256 pairs.
 */
function alignedRangeEnd(text: string, start: number, end: number, ip: string): boolean {
  const next = V4_NEXT.exec(text.slice(end, end + 24));
  if (next && isIPv4(next[1]!) && alignedBlock(v4Value(ip), v4Value(next[1]!))) return true;
  const before = V4_BEFORE.exec(text.slice(Math.max(0, start - 24), start));
  return before !== null && isIPv4(before[1]!) && alignedBlock(v4Value(before[1]!), v4Value(ip));
}

/**
 * Whether an IPv6 address lies outside every block IANA has allocated: global unicast 2000::/3,
 * unique local fc00::/7, link-local fe80::/10, multicast ff00::/8 (and ::/96 and ::ffff:0:0/96,
 * which embed an IPv4 address and are judged by it; NAT64's 64:ff9b::/96 and 64:ff9b:1::/48, which
 * translate one, stay as they were). The rest is reserved by the IETF: no host
 * has an address there. Tests and examples make addresses up so ("1::2:0:0:3" in fast-uri's
 * canonical forms, zod's "1e5e:e6c8:daac:514b:114b:e360:d8c0:682c", a random generator's groups).
 */
function unallocatedV6(ip: string): boolean {
  const head = Number(v6Value(ip) >> 112n);
  return (head & 0xe000) !== 0x2000 && (head & 0xfe00) !== 0xfc00 && (head & 0xffc0) !== 0xfe80 && (head & 0xff00) !== 0xff00 && head !== 0x64;
}

function findV6(text: string, out: Candidate[]): void {
  for (const [start, stop] of v6Runs(text)) {
    let run = text.slice(start, stop);
    if ((run.match(/:/g) ?? []).length < 2) continue;
    // Sentence punctuation after an address ("... is 2001:db8::1.") is not part of it.
    run = run.replace(/\.+$/, "");
    let end = start + run.length;
    if (/[A-Za-z0-9_]/.test(text[end] ?? "") && text[end] !== "%") continue; // glued to a word
    if (!isIPv6(run)) continue;
    const zone = ZONE.exec(text.slice(end, end + 32));
    if (zone) end += zone[0].length;
    end = withPrefix(text, end, 128);
    // An IPv4-mapped or -embedded form is judged by its IPv4 tail, as that tail alone would be
    // ("2001:db8::192.168.1.1" names the host 192.168.1.1).
    const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(run)?.[1];
    const embedded = tail ? null : embeddedV4(run);
    const special = tail ? specialV4(tail) : SPECIAL.check(run, "ipv6") || SHORT_V6.test(run) || (embedded !== null && specialV4(embedded));
    const unallocated = !special && !tail && embedded === null && unallocatedV6(run);
    if (unallocated) {
      out.push({ start, end, score: WEAK, validation: "unallocated", fixed: true });
      continue;
    }
    // Eight bytes in hex ("00:01:02:03:7C:7D:7E:7F" in Java's HexFormat docs, an EUI-64, a key's
    // fingerprint): an address's groups are not all two digits written out.
    if (HEX_BYTES.test(run)) {
      out.push({ start, end, score: WEAK, validation: "hex_bytes", fixed: true });
      continue;
    }
    // A network with its prefix ("2001:0::/32" in gai.conf), as for IPv4.
    const bits = end > start + run.length ? Number(/\/(\d+)$/.exec(text.slice(start, end))?.[1] ?? 128) : 128;
    const network = !special && !tail && bits < 128 && isNetworkV6(run, bits);
    const boundary = !special && !network && !tail && bits === 128 && V6_BOUNDARY.test(run) && rangeEnd(text, start, end);
    out.push({ start, end, score: special || network || boundary ? WEAK : 0.6, validation: special ? "special_purpose" : network ? "network" : boundary ? "range_boundary" : "inet_pton", fixed: special || network, ownLine: boundary });
  }
}

/**
 * What stands before a version or a section, not an address: a name and a dash (also roff's
 * `\-`: "openjdk\-1.8.0.121"), a Maven packaging and a colon, a section sign ("RFC 9106
 * §3.4.1.2"), an RCS file's ",v " ("err.3,v 1.11.2.5"), a Debian relation ("mono-gac (<<
 * 2.10.8.1-3)") or epoch ("XIAllowEvents@Base 2:1.2.99.4"), a Microsoft open specification's name
 * before its section, as SheetJS cites them ("[MS-XLS] 2.5.198.105"), "since" and a name ("seit
 * Dpkg 1.4.1.17" in dpkg's German manual).
 */
const VERSION_BEFORE = /\b(?:since|seit|depuis|desde)[ \t]+(?:[\w+.-]+[ \t]+)?$|\[MS-[A-Z0-9]+\] $|[A-Za-z]\\?-$|:(?:jar|pom|war|ear|aar|zip|bundle):$|§ ?$|,v $|(?:<<|>>|<=|>=) ?$|(?<![\d:.])\d:$/;
/**
 * A Maven coordinate's group (dotted) and artifact before a version: "io.quarkus:quarkus-scheduler:3.33.3.1",
 * a properties file's "io.quarkus\\:quarkus-scheduler-dev\\:\\:jar\\:3.33.3.1".
 */
const GAV_BEFORE = /(?<![\w.-])[A-Za-z][\w-]*(?:\.[\w-]+)+\\?:[A-Za-z][\w.-]*\\?:(?:[\w.-]*\\?:)*$/;
/**
 * A versioned symbol of a shared library before the version that brought it, as Debian's symbols
 * files list them (" snd_ctl_ascii_elem_id_get@ALSA_0.9 1.0.24.1" in libasound2's,
 * "XIAllowEvents@Base 1.2.99.4"): an ELF symbol version's node ("ALSA_0.9", "GLIBC_2.2.5") or "Base".
 */
const SYMBOL_VERSION_BEFORE = /[\w.]@{1,2}(?:Base|[A-Za-z][A-Za-z0-9]*_[\w.]+)[ \t]+$/;
/**
 * A package's name and "@" before its version, as npm writes a dependency ("node@0.10.33\n  v8@3.14.5.9\n
 * ares@1.9.0-DEV" in escape-html's benchmark output: v8's version was reported at 0.60), a scope
 * maybe ("@types/node@"), the quad shaped as a version (`VERSION_QUAD`). The text must name another
 * package at a version of three parts so (`npmVersionElsewhere`), and the name must be no login
 * after a command: "ssh root@52.14.3.2" and "scp deploy@5.10.20.30:" are a user at a host.
 */
const AT_VERSION_BEFORE = /(?<![\w.@/-])(?:@[\w.-]+\/)?([A-Za-z][\w.-]{0,40})@$/;
/** What stands before a user at a host: a remote shell's or copy's command. */
const LOGIN_COMMAND_BEFORE = /\b(?:ssh|scp|sftp|rsync|mosh|telnet|rlogin|rsh|ftp|login|su|sudo)(?:[ \t]+-\S+(?:[ \t]+\d+)?)*[ \t]+$/;
/** Users' names that log in at a host rather than packages: "root@5.10.20.30". */
const LOGIN_NAMES = new Set(["root", "admin", "administrator", "user", "ubuntu", "ec2-user", "centos", "debian", "fedora", "pi", "git", "guest", "oracle", "postgres", "deploy", "core", "vagrant"]);
function atVersion(text: string, at: number, quad: string): boolean {
  if (text[at - 1] !== "@" || !VERSION_QUAD.test(quad)) return false;
  const m = AT_VERSION_BEFORE.exec(text.slice(Math.max(0, at - 64), at));
  if (m === null || LOGIN_NAMES.has(m[1]!.toLowerCase())) return false;
  const nameStart = at - m[0].length;
  return !LOGIN_COMMAND_BEFORE.test(text.slice(Math.max(0, nameStart - 40), nameStart)) && npmVersionElsewhere(text);
}
/** A package at a version of three parts (not four): "node@0.10.33", "ares@1.9.0-DEV". */
const NPM_VERSION = /(?<![\w.@-])[A-Za-z][\w.-]{0,40}@\d{1,4}\.\d{1,4}\.\d{1,4}(?![\d]|\.\d)/;
const npmVersionElsewhere = perText((text): boolean => NPM_VERSION.test(text));

/**
 * A key naming what built the artifact, before that product's version: Quarkus's extension
 * metadata in every extension jar ("built-with-quarkus-core: \"3.33.3.1\"" in
 * META-INF/quarkus-extension.yaml: six at 0.60 in one application's archive under ~/.m2).
 */
const BUILT_WITH_BEFORE = /\bbuilt-with(?:-[\w.]+)*["']?[ \t]*[:=][ \t]*["']?$/i;

/**
 * A unified or context diff's file header with its date and then a tab: CVS's revision follows
 * ("--- locate/locate.c\t22 Apr 2007 16:57:42 -0000\t1.58.2.2" in findutils' maintainers' manual),
 * its first part of one digit.
 */
const DIFF_HEADER_BEFORE = /(?:^|\n)[ \t]*(?:---|\+\+\+|\*\*\*) [^\n\t]+\t[^\n\t]*\d[^\n\t]*\t$/;

/** `openssl asn1parse`'s object line: "prim: OBJECT            :1.3.101.110" (an OID's arcs). */
const ASN1_OBJECT_BEFORE = /\bOBJECT[ \t]*:$/;
/**
 * A version's own word right before it, with a colon or "version" maybe: "build 2.4.18.3", "Installed
 * firmware: 1.0.12.4", "driver 27.20.100.8", "BIOS version 1.12.0.3", "Patch 3.1.0.2", "rev 1.0.3.2"
 * (release notes; two such lines under "Release notes" made a file sensitive), a jar manifest's
 * "Build-Jdk: 11.0.14.1" (every jar Maven builds on a JDK of four parts). Not after the word
 * further off: "# 10.11.12.13 build box", "the build server moved to 52.14.33.25".
 */
const VERSION_WORD_BEFORE = /\b(?:build|firmware|driver|bios|patch|hotfix|version|ver|rev|revision|release|(?:build-)?jdk|jre)(?:[ \t]+(?:version|number|no\.?))?[ \t]*[:#=]?[ \t]*$/i;
/**
 * A product's name before its version that holds a host's word: Microsoft's servers ("SQL Server
 * 15.0.4.153" was reported at 0.95, "server" lifting it), whose own versions are quads.
 */
const SERVER_PRODUCT_BEFORE = /\b(?:SQL|Windows|Exchange|SharePoint|BizTalk|Team Foundation|Azure DevOps|Lync|Skype for Business) Server(?: \d{4}(?: R2)?)? $/;
/**
 * A product's token and a slash before its version, as Server and User-Agent headers write it
 * ("Server: Apache/2.4.18.3 (Ubuntu)" was an address at 0.60): a word at its own start, not a
 * URL's or a path's segment ("ipinfo.io/81.2.69.160", "/hosts/10.2.3.4"), ending in a letter (an
 * interface's name, "eth0/10.2.3.4", is none), no host's, a transport's or a firewall zone's word
 * ("IP/10.2.3.4", "outside/81.2.69.160", "tcp/18.30.0.212:7890" in the X font server's protocol);
 * no path nor port going on after the quad ("hosts/10.2.3.4/config").
 */
const PRODUCT_SLASH = /(?<![\w./:@\\-])([A-Za-z](?:[\w+-]{0,30}[A-Za-z])?)\/$/;
const ZONE_WORDS = new Set(["tcp", "udp", "sctp", "quic", "inet", "inside", "outside", "dmz", "interface", "iface", "vlan", "net", "network", "zone", "user"]);
function productSlash(text: string, start: number, end: number): boolean {
  const m = PRODUCT_SLASH.exec(text.slice(Math.max(0, start - 40), start));
  if (m === null || text[end] === "/" || /^:\d/.test(text.slice(end, end + 2))) return false;
  const word = m[1]!.toLowerCase().replace(/(?<=.{3})s$/, "");
  return !HOST_WORDS.has(word) && !ZONE_WORDS.has(word);
}
/**
 * "Updated 7-Zip to 19.0.0.1", "upgrade the agent to 2.4.18.3": a version the sentence updates
 * a product to. Weak, as a product's version is (an address word elsewhere on its line still
 * makes it a host); what is updated is no host's word ("updated the gateway to 10.0.0.1" is a
 * host's address), and an update from an address is none of this ("received update from 10.2.3.4").
 */
const UPDATE_TO_BEFORE = /\b(?:updated?|updates|updating|upgraded?|upgrades|upgrading|bump(?:ed|s)?|bumping)\b([^\n]{0,48}?)[ \t]to[ \t]+$/i;
function updatedTo(text: string, at: number): boolean {
  const m = UPDATE_TO_BEFORE.exec(text.slice(Math.max(0, at - 96), at));
  return m !== null && !m[1]!.toLowerCase().split(/[^a-z0-9]+/).some((w) => HOST_WORDS.has(w) || HOST_WORDS.has(w.replace(/(?<=.{3})s$/, "")));
}

/** A capitalised word and one blank: a product's name before its version, or a label before an address. */
const NAME_BEFORE = /(?<![\w.-])([A-Z][A-Za-z]+) $/;
/** Capitalised words before an address that name no product: the hosts' and the addresses' own words. */
const HOST_WORDS = new Set(["ip", "ipv4", "address", "addr", "host", "hostname", "server", "client", "source", "destination", "src", "dst", "gateway", "dns", "router", "proxy", "peer", "node", "from", "to", "via", "by", "at", "remote", "local", "public", "private", "subnet", "nameserver", "resolver", "primary", "secondary", "target", "origin", "upstream", "vpn", "lan", "wan", "ping"]);

/**
 * A software name with a capital inside and maybe digits after its letters: X.Org's libraries and
 * server before their versions in the release commits git logs keep ("libX11 1.4.99.1", "libXi
 * 1.6.99.1", "XFree86 4.3.99.16" in /usr/share/doc's changelogs, reported at 0.60). Not a host's
 * name ("web01", "DC01": no capital inside or no small letter), nor an interface's ("eth0").
 */
const CAPITAL_INSIDE_BEFORE = /(?<![\w.-])([A-Za-z][a-z]*[A-Z][A-Za-z]*\d{0,3}) $/;

/** Whether a product's name stands right before a quad at `at` (a capitalised word, or one with a capital inside, that is no host's word nor holds one: "serverIp"). */
function productBefore(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 24), at);
  const m = NAME_BEFORE.exec(before);
  if (m !== null) return !HOST_WORDS.has(m[1]!.toLowerCase());
  const inner = CAPITAL_INSIDE_BEFORE.exec(before);
  if (inner === null || !/[a-z]/.test(inner[1]!)) return false;
  const parts = inner[1]!.replace(/\d+$/, "").split(/(?<=[a-z])(?=[A-Z])/);
  return !HOST_WORDS.has(inner[1]!.toLowerCase()) && !parts.some((p) => HOST_WORDS.has(p.toLowerCase()));
}

/**
 * A package's name in lower case before its version, as X.Org's release commits and their
 * requirements write them ("inputproto 2.1.99.6", "xproto 7.0.99.1", "libxcb 1.1.90.1",
 * "xf86-input-evdev 2.7.99.1", "gtk+ 2.90.99.1": reported at 0.60): a word of letters, digits,
 * "+" and "-" at its own start, ending in a letter or "+" (an interface's name, "eth0", or a
 * host's, "web01", ends in a digit), and the quad shaped as a version (`VERSION_QUAD`).
 */
const PACKAGE_BEFORE = /(?<![\w./:@\\-])([a-z][a-z0-9+-]{0,38}[a-z+])[ \t]$/;
/**
 * A version's shape: a first part of one digit, the others of one or two (no leading zero):
 * 2 % of addresses at most; real ones after a word in lower case stay addresses when that word
 * is a host's, a command's or one of prose (`NO_PACKAGE`).
 */
const VERSION_QUAD = /^\d\.(?:[1-9]?\d)\.(?:[1-9]?\d)\.(?:[1-9]?\d)$/;
/**
 * Words in lower case before an address that name no package: commands and the keywords of
 * configuration files ("ssh 2.1.99.6", "allow", "listen", "neighbor 5.1.2.17 remote-as"),
 * and the small words of prose ("is", "and").
 */
const NO_PACKAGE: ReadonlySet<string> = new Set(
  ("ssh telnet rsh rlogin mosh ftp sftp tftp scp rsync rdp vnc curl wget nc ncat netcat socat nmap dig nslookup whois traceroute tracert tracepath mtr arping arp " +
    "route ifconfig iptables ip6tables nft tcpdump connect connecting reach reachable unreachable listen listening bind allow allowed deny denied permit " +
    "permitted reject rejected drop dropped block blocked ban banned unban whitelist blacklist allowlist denylist ignoreip accept accepted restrict pool " +
    "neighbor neighbour network netmask broadcast mask range inet inet4 dev add del delete set endpoint forward forwarders masters primaries " +
    "secondaries slaves notify lease leased assigned assign resolve resolves resolved resolving points pointing mapped map alias record mx ns cname ptr " +
    "ntp smtp syslog loghost logging snmp ldap radius tacacs nfs smb cifs mount http https tcp udp icmp port ports is was are were be been and or of on in " +
    "for with as than then the an this that these those it its use using try eg ie like into onto towards reply replies answer answered sent send " +
    "seen saw got gets get found find see").split(" "),
);
/** Pieces of a host's word inside a name ("relayhost", "dns-nameservers", "fixed-address", "ntpserver"). */
const HOST_PIECE = /host|server|addr|gateway|proxy|router|resolver|peer|client|relay|dns/;
/** Whether a package's name in lower case stands right before a quad at `at` shaped as a version (`PACKAGE_BEFORE`). */
function packageBefore(text: string, at: number, quad: string): boolean {
  if (!VERSION_QUAD.test(quad)) return false;
  const m = PACKAGE_BEFORE.exec(text.slice(Math.max(0, at - 42), at));
  if (m === null) return false;
  const word = m[1]!;
  if (HOST_PIECE.test(word)) return false;
  return !word.split("-").some((p) => p === "" || NO_PACKAGE.has(p) || HOST_WORDS.has(p) || HOST_WORDS.has(p.replace(/(?<=.{3})s$/, "")));
}

/**
 * What follows a version, not an address: a file's extension ("RelNotes/1.7.10.1.txt"), a
 * pre-release's or a build's name ("zlib to 1.2.13.1-motley-fef5869", "2.0.10.4+snapshot").
 */
const VERSION_AFTER = /^(?:\.[A-Za-z]|[-~+][A-Za-z]{3})/;
/**
 * A Debian changelog's heading after its version: the revision, the parenthesis, the
 * distribution and the urgency ("gnutls28 (3.6.11.1-2) unstable; urgency=low", "at-spi2-core
 * (2.39.90.1-1) experimental; urgency=medium": reported at 0.60).
 */
const DEBIAN_HEADING_AFTER = /^[\w.+~-]{0,40}\)[ \t][^\n;]{1,80};[ \t]*urgency=/;
/**
 * A numbered heading (Texinfo's, in info files): the number starts its line, its title follows,
 * and the next line underlines it ("12.4.2.1 Sub-Cultures\n.............").
 */
const HEADING = /^[ \t]+\S[^\n]*\r?\n[.=*-]{3,}[ \t]*(?:\r?\n|$)/;

/**
 * A section number's shape: four parts of one or two digits, not all alike, the first not 10 (a
 * private network's) nor 127. A host on the Internet has a part above 99 far more often: only
 * 2 % of random addresses are below.
 */
function sectionShaped(ip: string): boolean {
  const parts = ip.split(".");
  return parts.every((p) => p.length <= 2) && parts[0] !== "10" && parts.some((p) => p !== parts[0]);
}
/**
 * Where a section-shaped quad is a section of a standard, as C++'s and Linux's headers cite
 * theirs: in brackets or parentheses ("[23.2.4.3] modifiers", "[23.3.4.2]/9", "(26.5.1.3)"),
 * after a standard or a clause ("C++11 27.7.3.9", "ISO C++ 14882: 22.2.1.5", "per 17.4.4.4",
 * "part 15.5.4.11", "Clauses 21.1.3.1 and 21.1.3.2"), or as the heading a comment starts with
 * ("// 23.3.5.1 constructors:", "/// 22.2.1.4  Class ctype_byname", "// 21.3.7.8:",
 * "/* 30.3.3.3 aMACControlFramesTransmitted", "/* 8.4.26.1 *\/", "// C++14 20.8.2.3" alone on its
 * line, "/* 22.4.2.32 (CT_Variant)", "Part 4 19.4.2.3", a comment's list "- 20.5.2.35 wsDr",
 * the comment after a line of code "case 'sender-city': // 7.3.6.13"), or as a Markdown link's text
 * to its section ("[11.6.2.2](http://ecma-international.org/ecma-262/6.0/#sec-keywords)" in esutils'
 * README; a link to the quad as a host, "[52.14.3.2](http://52.14.3.2/)", stays); and
 * anywhere, before the
 * section's stable name ("22.2.2.2 [lib.locale.num.put]").
 */
const SECTION_BEFORE = /(?:[[(]|(?:C\+\+(?:\d\d)?(?: \d+:)?|\b(?:per|part|parts|clause|clauses|and)(?: \d{1,2})?) |(?:^|\n)[ \t]*(?:\/\/\/?|#|;+|\*|(?:\/\/|#|\*)?[ \t]*-)[ \t]*|\/\*[ \t]*|\/\/[ \t]*)$/i;
const SECTION_AFTER = /^(?:[\])](?:[\s/,.:;)]|$)|\]\((?!\w+:\/\/\d)|[ \t]+[A-Za-z(]|[ \t]*(?:\r?\n|$)|:|,\d| \*\/)/;
const STABLE_NAME = /^ \[[a-z]+(?:\.[a-z_]+)+\]/;
/** A host's name before the brackets: a mail header's address ("from mx.example.com [64.12.3.4]"). */
const HOST_BEFORE = /[A-Za-z0-9-]\.[A-Za-z]{2,}\)? ?[[(]$/;

/**
 * A section cited right after its standard, whatever its numbers: a Javadoc tag of the Java
 * Language or VM Specification ("{@jls 8.10.4.1}", "@jvms 4.7.16.1", maybe over a comment's line
 * break), an RFC ("[RFC 5280 4.2.1.10 Name Constraints]"), a NIST special publication ("//
 * 800-90Ar1 10.1.1.2: Hash_DRBG Instantiate Process"), an IEEE standard of a year ("802.11-2016
 * 9.4.2.168 \"Fine Timing Measurement\"" in Linux's nl80211.h); an RFC and its section after a
 * colon, as GnuPG's manual cites OpenPGP's ("flagged as critical (rfc4880:5.2.3.16)").
 */
const CITED_SECTION = /(?:@(?:jls|jvms)(?:\s*\*)?\s+|\b(?:RFC|rfc)[ -]?\d{3,5}(?:,? (?:sections? |§ ?)?|:)|(?<![\d-])\d{3}-\d{2,3}[A-Z]?(?:r\d)? |(?<![\d.-])\d{3,4}(?:\.\d+[A-Za-z]*)+-(?:19|20)\d\d,? )$/;

/** X.500's arcs of attribute types, object classes and certificate extensions. */
const X500_ARC = /^2\.5\.(?:4|6|29)\.\d+$/;
/** Object identifiers of five arcs or more (the first 0, 1 or 2). */
const LONG_OID = /(?<![\d.])([012]\.\d{1,5}\.)\d+(?:\.\d+){2,}(?![\d.])/g;
/** The first two arcs ("1.2.") of each long OID in the text. */
const oidArcs = perText((text): Set<string> => {
  const arcs = new Set<string>();
  if (/[012]\.\d+\.\d+\.\d+\.\d/.test(text)) for (const m of text.matchAll(LONG_OID)) arcs.add(m[1]!);
  return arcs;
});

/**
 * Whether `at` is inside a comment of C's family: after "//" on its line (not a URL's "://"), or
 * after a "/*" that no "*\/" closes before it. Standards' sections are cited there in any words
 * ("According to 27.8.1.4 p11", "functions: 7.15.3.2.", "IBTA 11.2.5.3 QUERY QUEUE PAIR", "up to
 * and including 3.6.23.1" in libstdc++'s, glibc's, Linux's and SQLite's headers).
 */
function inCComment(text: string, at: number): boolean {
  // (the line's last LINE_REACH characters only: a quad on a long line reads no more than that)
  const lineStart = prevFeed(text, at - 1) + 1;
  const from = Math.max(lineStart, at - LINE_REACH);
  const line = (from > lineStart ? "x" : "") + text.slice(from, at);
  if (LINE_COMMENT.test(line)) return true;
  const marks = commentMarks(text);
  const close = lastBelow(marks.closers, at);
  if (lastBelow(marks.openers, at) > close) return true;
  // (a text cut from inside a long comment, its "/*" left in the text before, as a header's
  // segments are: the lines of the comment's body start with "*", nl80211.h's "8.4.2.97")
  return close < 0 && !(marks.first >= 0 && marks.first < at) && BODY_LINE.test(line);
}
const LINE_REACH = 256;
const BODY_LINE = /^[ \t]*\*{1,2}[ \t]/;
/** "//" at a line's start or after code, and a blank or a documentation comment's mark after it. */
const LINE_COMMENT = /(?:^|[ \t;{})])\/\/[/!]?[ \t]/;
/** What stands before a "/*" that opens a comment: a line's start, a blank or code. A glob's "refs/*" or "**\/*.js" in a change log opens none. */
const COMMENT_OPENER_BEFORE = /[\s;{}()]/;

/**
 * Where a text opens comments ("/*" that COMMENT_OPENER_BEFORE allows) and closes them, in
 * order, and its first "/*" of any kind: found once per text, and each quad looks them up (a text
 * of many quads and no comment read its whole head again for each).
 */
const commentMarks = perText((text) => {
  const openers: number[] = [];
  const closers: number[] = [];
  for (let i = text.indexOf("/*"); i >= 0; i = text.indexOf("/*", i + 1)) if (i === 0 || COMMENT_OPENER_BEFORE.test(text[i - 1]!)) openers.push(i);
  for (let i = text.indexOf("*/"); i >= 0; i = text.indexOf("*/", i + 1)) closers.push(i);
  return { openers, closers, first: text.indexOf("/*") };
});
/** The greatest of the sorted positions below `at`, or -1. */
function lastBelow(sorted: readonly number[], at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? sorted[lo - 1]! : -1;
}

/**
 * A section number of two or three parts and a comma right before or after: a list of a manual's
 * sections ("STRING REPLACEMENT (5.4, 4.9.15.2, 5.3.1)" in Vim's syntax file for NSIS, which cites
 * NSIS's manual). An address has four parts.
 */
const SECTION_LISTED_BEFORE = /(?<![\w.])\d{1,2}(?:\.\d{1,2}){1,2},[ \t]*$/;
const SECTION_LISTED_AFTER = /^,[ \t]*\d{1,2}(?:\.\d{1,2}){1,2}(?![\w.]|\.\d)/;

/** Whether the quad at [start, end) stands where a standard's section stands. */
function inSectionsPlace(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 24), start);
  return (
    (SECTION_BEFORE.test(before) && !HOST_BEFORE.test(before) && SECTION_AFTER.test(text.slice(end, end + 8))) ||
    STABLE_NAME.test(text.slice(end, end + 64)) ||
    SECTION_LISTED_BEFORE.test(before) ||
    SECTION_LISTED_AFTER.test(text.slice(end, end + 16)) ||
    // (a reStructuredText reference to a section: "(sections `3.1.3.6`_, `3.2.2.10`_, `3.3.2.11`_)"
    // in oauthlib's docstrings, citing OpenID Connect Core's)
    (text[start - 1] === "`" && /^`__?(?![\w])/.test(text.slice(end, end + 3)))
  );
}

/**
 * A numbered heading of an outline, as a book's table of contents lists them ("3.12.1.1.
 * Credential Provider Protocol" in Cargo's book): the number ends with a dot and a title
 * follows, and a sibling or a parent heading numbered the same way ("3.12.1." or "3.12.2.1. ")
 * is in the text too.
 */
function inOutline(text: string, start: number, end: number): boolean {
  if (!/^\.[ \t]+\p{Lu}/u.test(text.slice(end, end + 4))) return false;
  const parts = text.slice(start, end).split(".");
  return (outlineHeadings(text).get(`${parts[0]}.${parts[1]}.`) ?? []).some((at) => at !== start);
}
/** A numbered heading's number and title: its first two parts (group 1), up to two more, a blank and a capital. */
const OUTLINE_HEADING = /(?<![\d.])(\d{1,3}\.\d{1,3}\.)(?:\d{1,2}\.){0,2}[ \t]+\p{Lu}/gu;
/** Where a text has numbered headings, by their first two parts ("3.12."): one scan per text. */
const outlineHeadings = perText((text) => {
  const byParent = new Map<string, number[]>();
  for (const m of text.matchAll(OUTLINE_HEADING)) {
    const list = byParent.get(m[1]!) ?? [];
    list.push(m.index);
    byParent.set(m[1]!, list);
  }
  return byParent;
});

/** Whether the address's host bits under a prefix of `bits` are all zero (and the prefix is shorter than 32). */
function isNetwork(ip: string, bits: number): boolean {
  if (bits >= 32) return false;
  const n = ip.split(".").reduce((a, o) => a * 256 + Number(o), 0);
  return n % 2 ** (32 - bits) === 0;
}

/** An IPv6 address (without a dotted tail) as a 128-bit number. */
function v6Value(ip: string): bigint {
  const [head = "", tail] = ip.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill("0"), ...t];
  return groups.reduce((a, g) => (a << 16n) | BigInt(parseInt(g || "0", 16)), 0n);
}

/** Whether an IPv6 address's bits after the first `bits` are all zero. */
function isNetworkV6(ip: string, bits: number): boolean {
  return v6Value(ip) % (1n << BigInt(128 - bits)) === 0n;
}

/**
 * The IPv4 address an IPv4-compatible (::/96) or IPv4-mapped (::ffff:0:0/96) address written in
 * hex holds ("::FFFF:d", "0:0:0:0:0:0:0:d" in Java's Inet6Address docs: 0.0.0.13); null for others.
 */
function embeddedV4(ip: string): string | null {
  const v = v6Value(ip);
  const high = v >> 32n;
  if (high !== 0n && high !== 0xffffn) return null;
  const low = Number(v & 0xffffffffn);
  return [low >>> 24, (low >>> 16) & 255, (low >>> 8) & 255, low & 255].join(".");
}

function findV4(text: string, out: Candidate[]): void {
  V4.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = V4.exec(text)) !== null) {
    if (!isIPv4(m[1]!)) continue;
    let end = m.index + m[1]!.length;
    const longer = !m[2] && text[end] === "." && /[0-9]/.test(text[end + 1] ?? "");
    if (m[2] && Number(m[2].slice(1)) <= 32) end += m[2].length;
    // A network with its prefix ("10.0.0.0/8", "192.168.0.0/16" in a list of private ranges):
    // no host's address, whoever's it is.
    const network = !!m[2] && end > m.index + m[1]!.length && isNetwork(m[1]!, Number(m[2].slice(1)));
    // A version glued to a name ("perl-5.6.78.9", an anchor "#h-17.13.4.1") or a Maven
    // coordinate's ("io.quarkus.arc:arc::jar:3.33.3.1").
    // (and a version's word, a server product's name or a product's token and slash right before it)
    const version =
      !m[2] &&
      (VERSION_BEFORE.test(text.slice(Math.max(0, m.index - 16), m.index)) ||
        VERSION_WORD_BEFORE.test(text.slice(Math.max(0, m.index - 32), m.index)) ||
        SERVER_PRODUCT_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index)) ||
        productSlash(text, m.index, end) ||
        VERSION_AFTER.test(text.slice(end, end + 4)) ||
        (text[m.index - 1] === "(" && DEBIAN_HEADING_AFTER.test(text.slice(end, end + 140))) ||
        GAV_BEFORE.test(text.slice(Math.max(0, m.index - 120), m.index)) ||
        atVersion(text, m.index, m[1]!) ||
        BUILT_WITH_BEFORE.test(text.slice(Math.max(0, m.index - 64), m.index)) ||
        (text[m.index - 1] === "\t" && m[1]![1] === "." && DIFF_HEADER_BEFORE.test(text.slice(Math.max(0, m.index - 200), m.index))) ||
        ((text[m.index - 1] === " " || text[m.index - 1] === "\t") && SYMBOL_VERSION_BEFORE.test(text.slice(Math.max(0, m.index - 80), m.index))) ||
        ((m.index === 0 || text[m.index - 1] === "\n") && HEADING.test(text.slice(end, end + 200))));
    // A section-shaped quad where a standard's section stands: weak, as a one-digit quad is (an
    // address word near still makes it a host: "mail server (64.12.3.6)").
    // (an outline's numbered heading with its siblings is one whatever its numbers: "10.3.2.1.
    // Structure" beside "10.3.2.2. The Root Node" in Valgrind's manual)
    const section = !m[2] && ((sectionShaped(m[1]!) && (inSectionsPlace(text, m.index, end) || inCComment(text, m.index))) || inOutline(text, m.index, end) || CITED_SECTION.test(text.slice(Math.max(0, m.index - 20), m.index)));
    // An object identifier of four arcs: X.500's attribute types and certificate extensions
    // ("2.5.4.9", "2.5.29.15"), or under the first two arcs of a longer OID in the same text
    // ("1.2.840.113549.1.1.1" beside "1.2.840.10040"; Java's KnownOIDs).
    const oid = !m[2] && (X500_ARC.test(m[1]!) || ASN1_OBJECT_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index)) || (/^[012]\./.test(m[1]!) && oidArcs(text).has(m[1]!.slice(0, m[1]!.indexOf(".", 2) + 1))));
    const special = specialV4(m[1]!);
    // Four one-digit numbers ("1.4.1.4", "2.9.5.0", "1.2.3.4") are a version or a section far
    // more often than a host: weak alone, an address with an address word near ("server 8.8.8.8").
    const digitsOnly = m[1]!.length === 7;
    // A product's version after its name ("HSQL Database Engine 1.8.0.10", "Java 1.8.0.251", a
    // package's in lower case, "inputproto 2.1.99.6": `packageBefore`) or
    // after an update of a product to it ("Updated 7-Zip to 19.0.0.1", `updatedTo`): weak, as
    // those are; an address word on its line still makes it a host.
    // (a quad of a longer first part too when it ends in 0, a /24's network and no host's: SPSS's
    // product string "IBM SPSS STATISTICS 64-bit MS Windows 23.0.0.0" in sav-reader's README)
    const named = !m[2] && ((m[1]![1] === "." && (productBefore(text, m.index) || packageBefore(text, m.index, m[1]!))) || (m[1]!.endsWith(".0") && productBefore(text, m.index)) || updatedTo(text, m.index));
    const boundary = !m[2] && !special && ((V4_BOUNDARY.test(m[1]!) && rangeEnd(text, m.index, end)) || alignedRangeEnd(text, m.index, end, m[1]!));
    // (Their address word must stand on their own line: "my ip: ::1" above a section heading says nothing of it.)
    out.push({ start: m.index, end, score: special || longer || version || network || digitsOnly || named || section || boundary || oid ? WEAK : 0.6, validation: special ? "special_purpose" : longer || version || section || oid ? "dotted_number" : network ? "network" : boundary ? "range_boundary" : "inet_pton", fixed: special || longer || version || network || oid, ownLine: digitsOnly || named || section || boundary });
  }
}

/** IPv4 and IPv6 addresses (zones, CIDR prefixes, IPv4-mapped forms), validated by node:net. */
export const ipAddress: Detector = {
  id: "ip_address",
  type: "IP_ADDRESS",
  area: "generic",
  category: "network",
  description: "IPv4 / IPv6 address",
  patterns: [],
  context: ["ip", "ipv4", "ipv6", "address", "host", "server", "client", "source", "destination", "src", "dst", "gateway", "login", "connected"],
  // Numbered sections of specifications ("Section 12.6.4.7", "see 12.7.3.3", "PDF spec 8.7.3.1"),
  // and object identifiers (`ObjectIdentifier("2.5.29.14")`, an X.509 extension's OID).
  // (and the words of a changelog about versions: "Bump to 1.0.99.1", "Require xproto 1.1.99.1",
  // "since libxcb 1.1.90.1, released in 2008", "Incorporate changes in NMU 1.4.0.32", "Major changes in
  // 3.31.0.2", "regressions relative to 3.6.23.1", "update syscall lists to kernel 2.6.23.1")
  // (and release notes' words for what is installed: "The firmware is now 1.0.12.4", "BIOS and
  // hotfix 2.1.0.3", "patched to 4.2.0.1"; "build" stays out of them: "# 10.11.12.13 build box")
  negativeContext: ["version", "ver", "revision", "section", "sections", "chapter", "clause", "paragraph", "spec", "specification", "see", "table", "figure", "appendix", "oid", "objectidentifier", "object identifier", "bump", "bumped", "require", "requires", "required", "release", "released", "releases", "nmu", "upgrade", "upgraded", "downgrade", "changes", "regression", "regressions", "kernel", "firmware", "bios", "hotfix", "patch", "patches", "patched"],
  // (a record's key naming what built the artifact: Quarkus's "built-with-quarkus-core", whose
  // value a record's cell holds without its key; BUILT_WITH_BEFORE reads it in running text)
  negativeHeader: ["built with"],
  prefilter: { anyChar: ".:" },
  find(text) {
    const out: Candidate[] = [];
    findV6(text, out);
    findV4(text, out);
    return out;
  },
};
