import { presentedKey } from "../../middleware/authenticate.js";
import { BadRequestError, HttpError } from "../../http/errors.js";
import type { AppContext } from "../../http/context.js";
import type { StandingQuerySpec } from "../../streams/standing-query.js";
import { sseRetry } from "../../streams/sse-frames.js";
import { closeReason, isWarning } from "../../streams/close-reason.js";
import { StreamCapacityError, StreamHubClosedError, TooManyFixturesError } from "../../streams/stream-hub.js";
import { Subscriber } from "../../streams/subscriber.js";

/** How long a client's EventSource waits before it reconnects after the stream drops. */
export const STREAM_RETRY_MS = 2_000;

/** 429 when a key holds its maximum of open streams (STREAMS_PER_KEY). */
export class TooManyStreamsError extends HttpError {
  constructor(limit: number) {
    super(429, `At most ${limit} open streams per key; close one before opening another`);
  }
}

/** 503 for a stream asked of an instance that is stopping: a reconnect reaches another one. */
export class StreamsClosingError extends HttpError {
  constructor() {
    super(503, "The service is shutting down; reconnect", { "Retry-After": "1" });
  }
}

/**
 * 503 when the instance holds what its streams may hold (STREAM_MEMORY_MB, STREAM_MAX_QUERIES).
 * A browser's EventSource does not retry a 503: a client waits Retry-After and opens again
 * (docs/streams.md, "When the instance is full").
 */
export class StreamsFullError extends HttpError {
  constructor(limit: StreamCapacityError["limit"]) {
    const what = limit === "memory" ? "This instance's streams hold their memory budget" : "This instance holds its maximum of distinct stream queries";
    super(503, `${what}; open the stream again after Retry-After seconds`, { "Retry-After": String(STREAMS_FULL_RETRY_AFTER_S) });
  }
}

/** How long a refused stream waits before it tries again: long enough for others to close or rounds to drain. */
export const STREAMS_FULL_RETRY_AFTER_S = 5;

/** 400 when a stream's query matches more fixtures than a stream holds. */
export class TooManyFixturesForStreamError extends BadRequestError {
  constructor(limit: number) {
    super(
      `The query matches more than ${limit} fixtures, more than a stream holds; narrow it with window, status, league_id or where[...]`,
    );
  }
}

/**
 * Opens a Server-Sent Events stream on a standing query. Every error (the key's stream limit,
 * a too large result set, Elasticsearch failing) is an ordinary JSON answer, because nothing
 * has been sent yet: the response head goes out only once the subscriber holds its snapshot
 * (or what it missed since Last-Event-ID). Streams are neither compressed nor buffered.
 */
const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache",
  "X-Accel-Buffering": "no",
} as const;

export async function openStream(ctx: AppContext, spec: StandingQuerySpec): Promise<void> {
  const { streams } = ctx.deps;
  const principal = ctx.state.principal!;
  // A draining instance takes no new stream: refused now, it opens on another instance (through a proxy, at once).
  if (ctx.deps.draining.active) throw new StreamsClosingError();
  // HEAD has no body to stream into: the parameters and the key's room were checked, the head
  // says what GET would send (its 429 included) without taking a slot.
  if (ctx.method === "HEAD") {
    if (!(await streams.hasRoom(principal.keyId))) throw new TooManyStreamsError(streams.options.perKey);
    ctx.status = 200;
    ctx.set(STREAM_HEADERS);
    return;
  }
  const slot = await streams.reserve(principal.keyId);
  if (!slot) throw new TooManyStreamsError(streams.options.perKey);
  const log = ctx.state.log;
  const subscriber = new Subscriber({
    response: ctx.res,
    key: presentedKey(ctx)!,
    keyId: principal.keyId,
    lastEventId: ctx.get("Last-Event-ID") || null,
    maxBufferedBytes: streams.options.maxBufferedBytes,
    onClose: (closed, reason) => {
      streams.release(closed, spec);
      slot.release();
      const seconds = Math.round((Date.now() - closed.openedAt) / 100) / 10;
      const level = isWarning(reason) ? "warn" : "info";
      log[level]({ route: ctx.path, reason: reason.detail, kind: reason.kind, seconds, events: closed.eventsSent }, "stream closed");
    },
  });
  // The hub's rounds bound the snapshot work of every waiting stream: no admission slot is held for it.
  ctx.state.leaveAdmission?.();
  try {
    await streams.join(spec, subscriber);
  } catch (error) {
    // A client that left while its snapshot was read has no one to answer.
    if (subscriber.closed && ctx.req.socket.destroyed) {
      ctx.respond = false;
      return;
    }
    subscriber.close(closeReason("not-started", "not started"));
    if (error instanceof TooManyFixturesError) throw new TooManyFixturesForStreamError(error.limit);
    if (error instanceof StreamHubClosedError) throw new StreamsClosingError();
    if (error instanceof StreamCapacityError) throw new StreamsFullError(error.limit);
    throw error;
  }
  ctx.status = 200;
  ctx.respond = false;
  // Closed in the meantime (the client left, the key was revoked): nothing to start.
  if (subscriber.closed || ctx.res.destroyed) {
    subscriber.close(closeReason("client-closed", "client closed the stream"));
    return;
  }
  // A stream's connection is never reused: closing it with the stream lets a stopping server finish at once.
  ctx.res.writeHead(200, { ...STREAM_HEADERS, Connection: "close" });
  ctx.res.socket?.setNoDelay(true);
  ctx.res.write(sseRetry(STREAM_RETRY_MS));
  subscriber.start();
}
