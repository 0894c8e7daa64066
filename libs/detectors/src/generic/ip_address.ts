import { isIPv4, isIPv6 } from "node:net";
import type { Candidate, Detector } from "../core/types.ts";

/** Dotted quads not glued to words or to a preceding dot/digit, with an optional /prefix. */
const V4 = /(?<![A-Za-z0-9_.])(\d{1,3}(?:\.\d{1,3}){3})(?![0-9A-Za-z_])(\/\d{1,3}(?![0-9]))?/g;
/** Runs of hex digits, colons and dots (IPv6, possibly with an embedded IPv4 tail). */
const V6_RUN = /(?<![A-Za-z0-9_:.])[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*/g;
const ZONE = /^%[A-Za-z0-9_.-]+/;
const PREFIX = /^\/(\d{1,3})(?![0-9])/;

function withPrefix(text: string, end: number, max: number): number {
  const p = PREFIX.exec(text.slice(end, end + 5));
  return p && Number(p[1]) <= max ? end + p[0].length : end;
}

function findV6(text: string, out: Candidate[]): void {
  V6_RUN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = V6_RUN.exec(text)) !== null) {
    let run = m[0];
    if ((run.match(/:/g) ?? []).length < 2) continue;
    // Sentence punctuation after an address ("... is 2001:db8::1.") is not part of it.
    run = run.replace(/\.+$/, "");
    let end = m.index + run.length;
    if (/[A-Za-z0-9_]/.test(text[end] ?? "") && text[end] !== "%") continue; // glued to a word
    if (!isIPv6(run)) continue;
    const zone = ZONE.exec(text.slice(end, end + 32));
    if (zone) end += zone[0].length;
    end = withPrefix(text, end, 128);
    const unspecified = run === "::";
    out.push({ start: m.index, end, score: unspecified ? 0.1 : 0.6, validation: "inet_pton" });
  }
}

function findV4(text: string, out: Candidate[]): void {
  V4.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = V4.exec(text)) !== null) {
    if (!isIPv4(m[1]!)) continue;
    let end = m.index + m[1]!.length;
    if (m[2] && Number(m[2].slice(1)) <= 32) end += m[2].length;
    out.push({ start: m.index, end, score: 0.6, validation: "inet_pton" });
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
  negativeContext: ["version", "ver"],
  prefilter: { anyChar: ".:" },
  find(text) {
    const out: Candidate[] = [];
    findV6(text, out);
    findV4(text, out);
    return out;
  },
};
