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

/**
 * An event as the chunks it is written in: its own head (id and name), then the data, which
 * may be one Buffer shared by every query that sends the same fixture the same way (the round's
 * payload memo), so a thousand queries sending one update copy its JSON once, not a thousand times.
 */
export type SseFrame = readonly Buffer[];

export function sseFrame(id: string, event: StreamEventName, data: readonly Buffer[]): SseFrame {
  return [Buffer.from(`id: ${id}\nevent: ${event}\ndata: `), ...data, LINE_END];
}

export const frameBytes = (frame: SseFrame): number => frame.reduce((sum, chunk) => sum + chunk.length, 0);

export function sseEvent(id: string, event: StreamEventName, data: string | Buffer): Buffer {
  if (typeof data === "string") return Buffer.from(encode({ id, event, data }));
  // Presented JSON is one line already: the bytes go in as they are, not decoded and encoded again
  // (a snapshot can be megabytes). The fields come from the encoder, so they are framed the same way.
  const head = encode({ id, event, data: "" }).replace(/data: ?\n\n$/, "data: ");
  return Buffer.concat([Buffer.from(head), data, LINE_END]);
}

const LINE_END = Buffer.from("\n\n");

/** The reconnection delay a client's EventSource waits after the stream drops. */
export function sseRetry(ms: number): Buffer {
  return Buffer.from(`retry: ${Math.round(ms)}\n\n`);
}

/** A comment line that keeps proxies and clients from taking a quiet stream for a dead one. */
export const SSE_HEARTBEAT = Buffer.from(`${encodeComment("heartbeat")}\n`);
