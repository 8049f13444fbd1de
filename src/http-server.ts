import { randomUUID } from "node:crypto";
import { createServer, maxHeaderSize, STATUS_CODES, type RequestListener, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { MAX_IDS_PER_LIST } from "./http/id-params.js";

/**
 * Node answers some requests before the app sees them: a request line and headers over
 * its 16 KB limit (a 100 kB query string, 10,000 ids) or a request it cannot parse. By
 * default it sends a bare status without a body; here that status comes with the API's
 * `{ error }` body, an X-Request-Id and the X-Instance, like every other answer.
 */
const CLIENT_ERRORS: Record<string, { status: number; text: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    text: `The request line and headers must fit in ${maxHeaderSize / 1024} KB; id lists hold at most ${MAX_IDS_PER_LIST} ids`,
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, text: "Request timeout" },
};
const BAD_REQUEST = { status: 400, text: "Malformed HTTP request" };

/**
 * How long a client may take to send its request: headers within 10 s, the whole request
 * within 30 s (Node's defaults are 60 s and 300 s). Every request here is a GET that a client
 * sends in one go; a client that trickles its headers holds a socket and a parser that long, and
 * a crowd of them is memory an overloaded process should not hold. The limits cover receiving
 * the request only: a long response (a stream) is never cut by them. Node checks them every
 * `connectionsCheckingInterval` (30 s by default, here 5 s), so a slow client is cut 10-15 s in.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
const TIMEOUT_CHECK_INTERVAL_MS = 5_000;

/** `instanceId`: the X-Instance of the answers Node sends before the app sees the request (INSTANCE_ID). */
export function createHttpServer(listener: RequestListener, options: { instanceId?: string } = {}): Server {
  const instanceHeader = options.instanceId === undefined ? "" : `X-Instance: ${options.instanceId}\r\n`;
  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    listener,
  );
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection the client already dropped has no one to answer.
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, text } = CLIENT_ERRORS[error.code ?? ""] ?? BAD_REQUEST;
    const body = JSON.stringify({ error: text });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "Cache-Control: no-store\r\n" +
        `X-Request-Id: ${randomUUID()}\r\n` +
        instanceHeader +
        "Connection: close\r\n\r\n" +
        body,
    );
  });
  return server;
}
