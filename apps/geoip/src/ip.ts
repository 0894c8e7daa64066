/**
 * Strict parsing of an IP address in text form, its canonical spelling, and the
 * special-purpose ranges that can never be geolocated.
 *
 * Accepted: dotted-quad IPv4 without leading zeros, IPv6 in any RFC 4291 text form
 * (compressed, uppercase, embedded IPv4). Rejected: zone ids (`%eth0`), prefixes and
 * ranges, leading zeros, anything else. IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is the
 * IPv4 address it maps.
 */
import { isIPv4, isIPv6 } from "node:net";

export interface ParsedIp {
  family: 4 | 6;
  /** 4 or 16 bytes, network order. */
  bytes: Uint8Array;
  /** Dotted quad for IPv4, RFC 5952 text for IPv6. */
  text: string;
}

function v4Bytes(s: string): Uint8Array {
  const out = new Uint8Array(4);
  let part = 0;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) {
      out[part++] = n;
      n = 0;
    } else n = n * 10 + (c - 48);
  }
  out[part] = n;
  return out;
}

function v6Bytes(s: string): Uint8Array {
  const out = new Uint8Array(16);
  let text = s;
  let tail: Uint8Array | undefined;
  const lastColon = text.lastIndexOf(":");
  if (text.indexOf(".", lastColon) !== -1) {
    tail = v4Bytes(text.slice(lastColon + 1));
    text = text.slice(0, lastColon + 1) + "0:0";
  }
  const dbl = text.indexOf("::");
  const head = dbl === -1 ? text : text.slice(0, dbl);
  const rest = dbl === -1 ? "" : text.slice(dbl + 2);
  const hs = head === "" ? [] : head.split(":");
  const rs = rest === "" ? [] : rest.split(":");
  for (let i = 0; i < hs.length; i++) {
    const v = parseInt(hs[i]!, 16);
    out[i * 2] = v >> 8;
    out[i * 2 + 1] = v & 0xff;
  }
  const off = 16 - rs.length * 2;
  for (let i = 0; i < rs.length; i++) {
    const v = parseInt(rs[i]!, 16);
    out[off + i * 2] = v >> 8;
    out[off + i * 2 + 1] = v & 0xff;
  }
  if (tail) out.set(tail, 12);
  return out;
}

/** RFC 5952: lowercase, no leading zeros, the longest run (>= 2) of zero groups as `::`. */
export function formatV6(b: Uint8Array): string {
  const g: number[] = [];
  for (let i = 0; i < 16; i += 2) g.push((b[i]! << 8) | b[i + 1]!);
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (g[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (a: number[]) => a.map((x) => x.toString(16)).join(":");
  if (bestStart === -1) return hex(g);
  return `${hex(g.slice(0, bestStart))}::${hex(g.slice(bestStart + bestLen))}`;
}

export function formatV4(b: Uint8Array): string {
  return `${b[0]}.${b[1]}.${b[2]}.${b[3]}`;
}

/** Parses `s`, or returns undefined when it is not a single address in text form. */
export function parseIp(s: string): ParsedIp | undefined {
  if (s.length === 0 || s.length > 45) return undefined;
  if (isIPv4(s)) {
    return { family: 4, bytes: v4Bytes(s), text: s };
  }
  if (s.indexOf("%") !== -1 || !isIPv6(s)) return undefined;
  const b = v6Bytes(s);
  // IPv4-mapped ::ffff:0:0/96 is that IPv4 address.
  let mapped = b[10] === 0xff && b[11] === 0xff;
  for (let i = 0; mapped && i < 10; i++) if (b[i] !== 0) mapped = false;
  if (mapped) {
    const v4 = b.slice(12);
    return { family: 4, bytes: v4, text: formatV4(v4) };
  }
  return { family: 6, bytes: b, text: formatV6(b) };
}

/** [bytes of the prefix, prefix length]. */
type Prefix = readonly [readonly number[], number];

/** IANA IPv4 Special-Purpose Address Registry entries that are not globally reachable, plus multicast and 240/4. */
const RESERVED_V4: readonly Prefix[] = [
  [[0], 8], // "this network"
  [[10], 8], // private
  [[100, 64], 10], // shared address space (CGNAT)
  [[127], 8], // loopback
  [[169, 254], 16], // link-local
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation TEST-NET-1
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation TEST-NET-2
  [[203, 0, 113], 24], // documentation TEST-NET-3
  [[224], 4], // multicast
  [[240], 4], // reserved, incl. limited broadcast
];

/** IPv6: only 2000::/3 is global unicast; inside it, documentation, benchmarking and ORCHID ranges. */
const RESERVED_V6_IN_GLOBAL: readonly Prefix[] = [
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x3f, 0xff], 20], // documentation (RFC 9637)
  [[0x20, 0x01, 0x00, 0x02, 0x00, 0x00], 48], // benchmarking
  [[0x20, 0x01, 0x00, 0x10], 28], // ORCHID
  [[0x20, 0x01, 0x00, 0x20], 28], // ORCHIDv2
];

function inPrefix(b: Uint8Array, [p, len]: Prefix): boolean {
  const full = len >> 3;
  for (let i = 0; i < full; i++) if (b[i] !== p[i]) return false;
  const rem = len & 7;
  if (rem === 0) return true;
  const mask = (0xff << (8 - rem)) & 0xff;
  return (b[full]! & mask) === ((p[full] ?? 0) & mask);
}

/** Private, loopback, link-local, multicast, documentation and other non-global ranges. */
export function isReserved(ip: ParsedIp): boolean {
  if (ip.family === 4) return RESERVED_V4.some((p) => inPrefix(ip.bytes, p));
  if ((ip.bytes[0]! & 0xe0) !== 0x20) return true;
  return RESERVED_V6_IN_GLOBAL.some((p) => inPrefix(ip.bytes, p));
}

/** The network `ip/prefixLength` in CIDR text, host bits cleared. */
export function networkOf(ip: ParsedIp, prefixLength: number): string {
  const b = ip.bytes.slice();
  for (let bit = prefixLength; bit < b.length * 8; bit++) b[bit >> 3]! &= ~(0x80 >> (bit & 7));
  return `${ip.family === 4 ? formatV4(b) : formatV6(b)}/${prefixLength}`;
}
