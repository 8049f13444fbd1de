import { request, type Agent, type ClientRequest } from "node:http";
import { createParser } from "eventsource-parser";

/**
 * A lean Server-Sent Events client: node:http and the `eventsource-parser` package (the
 * parser the `eventsource` package itself uses), without the WHATWG fetch and stream
 * layers a thousand `EventSource` objects bring along (less than half their CPU for the same
 * events; docs/benchmarks.md has the figures). It does what an EventSource does that matters
 * here: it honours `retry:` and reconnects with `Last-Event-ID` when the stream drops. Like our
 * clients (and unlike a bare EventSource, which gives up on any answer but 200), it tries a 503
 * with `Retry-After` (an instance shedding a burst of openings, or draining) again after that
 * many seconds.
 */
export type SseHandlers = {
  /** The service answered with an event stream. */
  onOpen: () => void;
  onEvent: (type: string, id: string, data: string) => void;
  /** The service answered something else (a JSON error): no reconnect. */
  onRefused: (status: number, body: string) => void;
  /** The stream dropped; a reconnect follows after the retry delay. */
  onDrop: (reason: string) => void;
};

export class SseConnection {
  private lastEventId = "";
  private retryMs = 2_000;
  private current: ClientRequest | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
    private readonly agent: Agent,
    private readonly handlers: SseHandlers,
  ) {
    this.connect();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.current?.destroy();
  }

  private connect(): void {
    const headers = { ...this.headers, accept: "text/event-stream", ...(this.lastEventId ? { "last-event-id": this.lastEventId } : {}) };
    const req = request(this.url, { agent: this.agent, headers });
    this.current = req;
    req.on("response", (res) => {
      const retryAfter = Number(res.headers["retry-after"]);
      if (res.statusCode === 503 && Number.isFinite(retryAfter)) {
        res.resume();
        this.dropped(`refused 503, tried again after ${retryAfter} s`, retryAfter * 1000);
        return;
      }
      if (res.statusCode !== 200 || !String(res.headers["content-type"]).startsWith("text/event-stream")) {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => this.handlers.onRefused(res.statusCode ?? 0, body));
        return;
      }
      this.handlers.onOpen();
      const parser = createParser({
        onEvent: (event) => {
          if (event.id !== undefined) this.lastEventId = event.id;
          this.handlers.onEvent(event.event ?? "message", event.id ?? "", event.data);
        },
        onRetry: (ms) => (this.retryMs = ms),
      });
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => parser.feed(chunk));
      res.on("end", () => this.dropped("the service ended the stream"));
      res.on("error", (error) => this.dropped(error.message));
    });
    req.on("error", (error) => this.dropped(error.message));
    req.end();
  }

  private dropped(reason: string, afterMs = this.retryMs): void {
    if (this.closed || this.timer) return;
    this.handlers.onDrop(reason);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.closed) this.connect();
    }, afterMs);
  }
}
