/**
 * Strict parsing of an IP address in text form, its canonical spelling, and the
 * special-purpose ranges that can never be geolocated.
 *
 * Accepted: dotted-quad IPv4 without leading zeros, IPv6 in any RFC 4291 text form
 * (compressed, uppercase, embedded IPv4). Rejected: zone ids (`%eth0`), prefixes and
 * ranges, leading zeros, anything else. IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is the
 * IPv4 address it maps.
 */
import { isIPv6 } from "node:net";

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

function hexVal(c: number): number {
  return c <= 57 ? c - 48 : (c | 0x20) - 87;
}

/** Bytes of an IPv6 text that node:net has already validated; one pass over the characters. */
function v6Bytes(s: string): Uint8Array {
  const groups: number[] = [];
  let gap = -1;
  let i = 0;
  const n = s.length;
  let tail: Uint8Array | undefined;
  if (s.charCodeAt(0) === 58 && s.charCodeAt(1) === 58) {
    gap = 0;
    i = 2;
  }
  while (i < n) {
    // A group, or the embedded IPv4 tail.
    let j = i;
    let v = 0;
    while (j < n) {
      const c = s.charCodeAt(j);
      if (c === 58) break;
      if (c === 46) {
        tail = v4Bytes(s.slice(i));
        j = n;
        break;
      }
      v = (v << 4) | hexVal(c);
      j++;
    }
    if (tail) break;
    groups.push(v);
    if (j >= n) break;
    // j at ':'; '::' marks the gap.
    if (s.charCodeAt(j + 1) === 58) {
      gap = groups.length;
      i = j + 2;
    } else i = j + 1;
  }
  const out = new Uint8Array(16);
  const total = tail ? 6 : 8;
  const head = gap === -1 ? groups.length : gap;
  for (let g = 0; g < head; g++) {
    out[g * 2] = groups[g]! >> 8;
    out[g * 2 + 1] = groups[g]! & 0xff;
  }
  const rest = groups.length - head;
  for (let g = 0; g < rest; g++) {
    const at = total - rest + g;
    out[at * 2] = groups[head + g]! >> 8;
    out[at * 2 + 1] = groups[head + g]! & 0xff;
  }
  if (tail) out.set(tail, 12);
  return out;
}

/** RFC 5952: lowercase, no leading zeros, the longest run (>= 2) of zero groups as `::` (the first of equal runs). */
export function formatV6(b: Uint8Array): string {
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (b[2 * i] !== 0 || b[2 * i + 1] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && b[2 * j] === 0 && b[2 * j + 1] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  let out = "";
  for (let i = 0; i < 8; i++) {
    if (i === bestStart) {
      out += i === 0 ? "::" : ":";
      i += bestLen - 1;
      continue;
    }
    out += ((b[2 * i]! << 8) | b[2 * i + 1]!).toString(16);
    if (i < 7) out += ":";
  }
  return out;
}

export function formatV4(b: Uint8Array): string {
  return `${b[0]}.${b[1]}.${b[2]}.${b[3]}`;
}

/** Strict dotted quad in one pass: four decimal parts 0–255, no leading zeros. */
function strictV4(s: string): Uint8Array | undefined {
  const out = new Uint8Array(4);
  let part = 0;
  let n = 0;
  let digits = 0;
  let lead0 = false;
  for (let i = 0; i <= s.length; i++) {
    const c = i === s.length ? 46 : s.charCodeAt(i);
    if (c === 46) {
      if (digits === 0 || part > 3 || (lead0 && digits > 1)) return undefined;
      out[part++] = n;
      n = 0;
      digits = 0;
    } else if (c >= 48 && c <= 57) {
      if (digits === 0) lead0 = c === 48;
      n = n * 10 + (c - 48);
      if (++digits > 3 || n > 255) return undefined;
    } else return undefined;
  }
  return part === 4 ? out : undefined;
}

/** Parses `s`, or returns undefined when it is not a single address in text form. */
export function parseIp(s: string): ParsedIp | undefined {
  if (s.length === 0 || s.length > 45) return undefined;
  if (s.indexOf(":") === -1) {
    const b = strictV4(s);
    return b && { family: 4, bytes: b, text: s };
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

/** First octets that some reserved IPv4 range starts with: the others need no further check. */
const V4_FIRST_OCTET = new Uint8Array(256);
for (const [p, len] of RESERVED_V4) {
  const span = len >= 8 ? 1 : 1 << (8 - len);
  for (let i = 0; i < span; i++) V4_FIRST_OCTET[p[0]! + i] = 1;
}

/** Private, loopback, link-local, multicast, documentation and other non-global ranges. */
export function isReserved(ip: ParsedIp): boolean {
  if (ip.family === 4) return V4_FIRST_OCTET[ip.bytes[0]!] === 1 && RESERVED_V4.some((p) => inPrefix(ip.bytes, p));
  if ((ip.bytes[0]! & 0xe0) !== 0x20) return true;
  return RESERVED_V6_IN_GLOBAL.some((p) => inPrefix(ip.bytes, p));
}

/** The network `ip/prefixLength` in CIDR text, host bits cleared. */
export function networkOf(ip: ParsedIp, prefixLength: number): string {
  const b = ip.bytes.slice();
  for (let bit = prefixLength; bit < b.length * 8; bit++) b[bit >> 3]! &= ~(0x80 >> (bit & 7));
  return `${ip.family === 4 ? formatV4(b) : formatV6(b)}/${prefixLength}`;
}
