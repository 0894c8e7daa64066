/**
 * Strict parsing of an IP address in text form, its canonical spelling, and the
 * special-purpose ranges that can never be geolocated.
 *
 * Accepted: dotted-quad IPv4 without leading zeros, IPv6 in any RFC 4291 text form
 * (compressed, uppercase, embedded IPv4). Rejected: zone ids (`%eth0`), prefixes and
 * ranges, leading zeros, anything else. IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is the
 * IPv4 address it maps.
 */

export class ParsedIp {
  readonly family: 4 | 6;
  /** 4 or 16 bytes, network order. */
  readonly bytes: Uint8Array;
  private canonical: string | undefined;

  constructor(family: 4 | 6, bytes: Uint8Array, text?: string) {
    this.family = family;
    this.bytes = bytes;
    this.canonical = text;
  }

  /** Dotted quad for IPv4, RFC 5952 text for IPv6 (computed when first asked). */
  get text(): string {
    return (this.canonical ??= this.family === 4 ? formatV4(this.bytes) : formatV6(this.bytes));
  }
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/**
 * Strict RFC 4291 text form in one pass: eight groups of 1–4 hex digits, or fewer
 * around a single `::`; a dotted-quad tail allowed; no zone id.
 */
function strictV6(s: string): Uint8Array | undefined {
  const n = s.length;
  if (n < 2) return undefined;
  const groups = new Uint16Array(8);
  let count = 0;
  let gap = -1;
  let i = 0;
  if (s.charCodeAt(0) === 58) {
    if (s.charCodeAt(1) !== 58) return undefined;
    gap = 0;
    i = 2;
  }
  while (i < n) {
    let j = i;
    let v = 0;
    let d: number;
    while (j < n && (d = hexDigit(s.charCodeAt(j))) >= 0) {
      v = (v << 4) | d;
      j++;
    }
    if (j < n && s.charCodeAt(j) === 46) {
      if (count > 6) return undefined;
      const v4 = strictV4(s.slice(i));
      if (!v4) return undefined;
      groups[count++] = (v4[0]! << 8) | v4[1]!;
      groups[count++] = (v4[2]! << 8) | v4[3]!;
      break;
    }
    if (j === i || j - i > 4 || count >= 8) return undefined;
    groups[count++] = v;
    if (j === n) break;
    if (s.charCodeAt(j) !== 58) return undefined;
    if (s.charCodeAt(j + 1) === 58) {
      if (gap !== -1) return undefined;
      gap = count;
      i = j + 2;
    } else {
      i = j + 1;
      if (i === n) return undefined;
    }
  }
  if (gap === -1 ? count !== 8 : count > 7) return undefined;
  const out = new Uint8Array(16);
  const head = gap === -1 ? count : gap;
  for (let g = 0; g < head; g++) {
    out[2 * g] = groups[g]! >> 8;
    out[2 * g + 1] = groups[g]! & 0xff;
  }
  for (let g = head; g < count; g++) {
    const at = 8 - (count - g);
    out[2 * at] = groups[g]! >> 8;
    out[2 * at + 1] = groups[g]! & 0xff;
  }
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
    return b && new ParsedIp(4, b, s);
  }
  const b = strictV6(s);
  if (!b) return undefined;
  // IPv4-mapped ::ffff:0:0/96 is that IPv4 address.
  let mapped = b[10] === 0xff && b[11] === 0xff;
  for (let i = 0; mapped && i < 10; i++) if (b[i] !== 0) mapped = false;
  if (mapped) return new ParsedIp(4, b.slice(12));
  return new ParsedIp(6, b);
}

/** [bytes of the prefix, prefix length]. */
type Prefix = readonly [ArrayLike<number>, number];

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

/** Whether `b` is inside the network `p/len` (`p` as long as `b`, or its leading bytes). */
export function inPrefix(b: Uint8Array, [p, len]: Prefix): boolean {
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
