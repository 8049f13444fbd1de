import { encode, encodeComment } from "eventsource-encoder";

/**
 * The bytes of a Server-Sent Events stream. An event is encoded once and the same Buffer
 * is written to every subscriber of a standing query: the cost of an event follows the
 * number of distinct queries, not the number of clients.
 *
 * `data` is one line of JSON (JSON.stringify never emits a raw newline), so a client's
 * EventSource hands it back exactly as `JSON.parse`-able text.
 */
export type StreamEventName = "snapshot" | "enter" | "update" | "leave";

export function sseEvent(id: string, event: StreamEventName, data: string | Buffer): Buffer {
  return Buffer.from(encode({ id, event, data: typeof data === "string" ? data : data.toString("utf8") }));
}

/** The reconnection delay a client's EventSource waits after the stream drops. */
export function sseRetry(ms: number): Buffer {
  return Buffer.from(`retry: ${Math.round(ms)}\n\n`);
}

/** A comment line that keeps proxies and clients from taking a quiet stream for a dead one. */
export const SSE_HEARTBEAT = Buffer.from(`${encodeComment("heartbeat")}\n`);
