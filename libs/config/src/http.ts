/**
 * What every HTTP server of filescan answers to a request Node's HTTP parser refuses before any
 * route sees it: headers larger than it reads (16 KiB), a request line or headers that are not
 * HTTP/1.1, headers that take longer than `headersTimeout`. Node's own answer is a status line
 * alone, without a body; ours is the server's own problem document (RFC 9457), so a client
 * reads every 4xx the same way.
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface ClientError {
  status: 400 | 408 | 431;
  detail: string;
}

/** The status and a message for an error of Node's parser (its `clientError` event). */
export function clientError(err: NodeJS.ErrnoException): ClientError {
  switch (err.code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, detail: "the request line and headers are larger than this server reads (16 KiB)" };
    case "ERR_HTTP_REQUEST_TIMEOUT":
    case "ERR_HTTP_HEADERS_TIMEOUT":
      return { status: 408, detail: "the request was not received in time" };
    default:
      return { status: 400, detail: "the request is not valid HTTP/1.1" };
  }
}

/**
 * Answers the parser's refusals on `server` with `render(error)` as application/problem+json,
 * then closes the connection (what follows a malformed request cannot be read). A connection
 * reset, or one whose response has already started, is closed without a word.
 */
export function answerClientErrors(server: Server, render: (e: ClientError) => object): void {
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
    const started = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent === true;
    if (err.code === "ECONNRESET" || !socket.writable || started) {
      socket.destroy();
      return;
    }
    const e = clientError(err);
    const body = JSON.stringify(render(e));
    socket.end(`HTTP/1.1 ${e.status} ${STATUS_CODES[e.status]}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}

/**
 * What makes a request's head ambiguous, as a message for a 400 (null when nothing does): an
 * HTTP/1.1 request without Host (RFC 9112 §3.2), or Host or a credential header more than once.
 * `credentials` lists each credential header's names in lower case (one header may have two
 * spellings, as geoip's `API_KEY` and `API-Key`). Node keeps the first Host or Authorization
 * and joins other repeated headers with ", ", while a proxy in front may have read another
 * one: a request whose parts disagree on who sent it is refused, not guessed at (RFC 9112 §3.2
 * asks the same of two Host headers).
 */
export function ambiguousHead(req: IncomingMessage, credentials: readonly (readonly string[])[]): string | null {
  if (req.httpVersion === "1.1" && req.headers.host === undefined) return "an HTTP/1.1 request must have a Host header";
  const raw = req.rawHeaders;
  let hosts = 0;
  const seen = credentials.map(() => 0);
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name === "host") hosts++;
    else for (let k = 0; k < credentials.length; k++) if (credentials[k]!.includes(name)) seen[k]!++;
  }
  if (hosts > 1) return "the request has more than one Host header";
  const k = seen.findIndex((n) => n > 1);
  return k >= 0 ? `the request has more than one ${credentials[k]!.join(" or ")} header` : null;
}
