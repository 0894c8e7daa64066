/** Problem documents (RFC 9457) of the IP lookup service, with MaxMind-style codes. */

const PROBLEMS = {
  IP_ADDRESS_INVALID: [400, "The value is not a single IPv4 or IPv6 address in text form (no leading zeros, zone ids, prefixes or ranges)."],
  IP_ADDRESS_REQUIRED: [400, "No IP address was given in the path."],
  IP_ADDRESS_RESERVED: [400, "The address belongs to a private, loopback, link-local, multicast, documentation or otherwise reserved range."],
  IP_ADDRESS_NOT_FOUND: [404, "The address is valid and public but is not in the database."],
  API_KEY_REQUIRED: [401, "The API_KEY header is missing."],
  API_KEY_INVALID: [401, "The API_KEY header does not hold an active key."],
  RATE_LIMIT_EXCEEDED: [429, "This key has exceeded its request rate; retry after the number of seconds in Retry-After."],
  DATABASE_UNAVAILABLE: [503, "No geolocation database is loaded yet."],
  DATABASE_DAMAGED: [500, "The database file that holds this address is damaged; the operator has to replace it."],
  NOT_FOUND: [404, "No such resource."],
  METHOD_NOT_ALLOWED: [405, "Only GET and HEAD are supported."],
  BAD_REQUEST: [400, "The request could not be understood."],
  EXPECTATION_FAILED: [417, "The Expect header asks for something this server does not do (only 100-continue)."],
  REQUEST_TIMEOUT: [408, "The request was not received in time."],
  HEADERS_TOO_LARGE: [431, "The request line and headers are larger than this server reads (16 KiB)."],
  INTERNAL_ERROR: [500, "An unexpected error occurred."],
} as const satisfies Record<string, readonly [number, string]>;

export type ProblemCode = keyof typeof PROBLEMS;

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  /** Stable machine-readable code (MaxMind's names where MaxMind has one). */
  code: ProblemCode;
  /** The same message under MaxMind's field name, for existing clients. */
  error: string;
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  417: "Expectation Failed",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** The problem document of `code`; `detail` says more than the code's fixed message when given. */
export function problem(code: ProblemCode, instance?: string, detail: string = PROBLEMS[code][1]): Problem {
  const status = PROBLEMS[code][0];
  return {
    type: `urn:filescan:problem:${code.toLowerCase().replaceAll("_", "-")}`,
    title: TITLES[status] ?? "Error",
    status,
    detail,
    ...(instance !== undefined && { instance }),
    code,
    error: detail,
  };
}

export function problemStatus(code: ProblemCode): number {
  return PROBLEMS[code][0];
}
