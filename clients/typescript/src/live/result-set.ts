import type { EventSourceMessage } from "eventsource-parser";
import { ApiError, retryAfterSeconds } from "../errors.js";
import type { Order } from "../query.js";
import { sleep } from "../retry.js";
import { Backoff, type BackoffOptions } from "./backoff.js";
import { Emitter } from "./emitter.js";
import { compareFixtures, type OrderedFixture } from "./order.js";
import { readEvents } from "./sse-reader.js";

export type LiveState = "connecting" | "open" | "retrying" | "closed";
/** What comes after a connection: the wait before the next, and the refusal or fault that caused it. */
type Retry = { waitMs: number; error: Error | null };
export type LiveFixture = OrderedFixture & { updated_at: string };

export type LiveEvents<F> = {
  /** The whole result set, read anew: it replaces what was held (first connection, rebuild, a reconnect that could not resume). */
  snapshot: { fixtures: F[]; at: string };
  enter: { fixture: F };
  update: { fixture: F; previous: F | undefined };
  leave: { fixtureId: number; fixture: F | undefined };
  /** After every event above: the set as it now is. */
  change: { fixtures: ReadonlyMap<number, F>; cause: "snapshot" | "enter" | "update" | "leave" };
  /** `error`: when closed, why it closed; when retrying, the refusal (ApiError) or fault it waits out. */
  state: { state: LiveState; error: Error | null; retryInMs: number | null };
};

export type LiveOptions = {
  headers: Record<string, string>;
  fetch: typeof fetch;
  /** The query's order, so `ordered()` sorts as the polled endpoint does. */
  order?: Order | null;
  backoff?: BackoffOptions;
};

/**
 * A stream's result set held by the client, kept true by its events: a Map by fixture id,
 * `ordered()` for the polled endpoint's order. Reconnects by itself with `Last-Event-ID` (the
 * service replays what was missed, or sends a snapshot that replaces everything), waits as long
 * as a 429 or 503 says in `Retry-After`, and backs off on drops and faults. A refusal that no
 * wait can mend (400, 403, a 429 without Retry-After) closes it with that ApiError.
 */
export class LiveResultSet<F extends LiveFixture> extends Emitter<LiveEvents<F>> {
  readonly fixtures = new Map<number, F>();
  state: LiveState = "connecting";
  /** Why the set closed by itself (null while it runs, or after close()). */
  error: Error | null = null;
  lastEventId: string | null = null;
  private readonly controller = new AbortController();
  private readonly backoff: Backoff;
  private readonly firstSnapshot: Promise<void>;
  private settleFirst!: { resolve: () => void; reject: (error: Error) => void };

  constructor(
    /** The stream's URL with the query as the client wrote it (the key is not in it). */
    readonly url: string,
    private readonly options: LiveOptions,
  ) {
    super();
    this.backoff = new Backoff(options.backoff);
    this.firstSnapshot = new Promise((resolve, reject) => (this.settleFirst = { resolve, reject }));
    this.firstSnapshot.catch(() => {}); // observed through ready(); never an unhandled rejection
    queueMicrotask(() => void this.run());
  }

  /** Resolves once the first snapshot is held; rejects if the set closes before. */
  ready(): Promise<void> {
    return this.firstSnapshot;
  }

  /** The fixtures in the polled endpoint's order. */
  ordered(): F[] {
    return [...this.fixtures.values()].sort((a, b) => compareFixtures(a, b, this.options.order ?? null));
  }

  close(): void {
    if (this.state === "closed") return;
    this.controller.abort();
    this.setState("closed", null, null);
    this.settleFirst.reject(new Error("closed before the first snapshot"));
  }

  private async run(): Promise<void> {
    while (!this.controller.signal.aborted) {
      let next: Retry;
      try {
        next = await this.connectOnce();
      } catch (error) {
        if (this.controller.signal.aborted) return;
        if (error instanceof ApiError) return this.fail(error);
        next = { waitMs: this.backoff.next(), error: error as Error }; // the network or the stream broke: try again
      }
      if (this.controller.signal.aborted) return;
      this.setState("retrying", next.error, next.waitMs);
      await sleep(next.waitMs, this.controller.signal).catch(() => {});
    }
  }

  /**
   * One connection: returns how long to wait before the next and why (the refusal waited out,
   * or null when the server ended the stream), or throws an ApiError that ends the set.
   */
  private async connectOnce(): Promise<Retry> {
    const headers: Record<string, string> = { ...this.options.headers, Accept: "text/event-stream" };
    if (this.lastEventId) headers["Last-Event-ID"] = this.lastEventId;
    const response = await this.options.fetch(this.url, { headers, signal: this.controller.signal, cache: "no-store" });
    if (!response.ok || !response.body) {
      const error = await ApiError.from(response);
      const retryAfter = retryAfterSeconds(response.headers);
      if ((response.status === 429 || response.status === 503) && retryAfter !== null) return { waitMs: retryAfter * 1000, error };
      if (response.status >= 500) return { waitMs: this.backoff.next(), error };
      throw error;
    }
    this.setState("open", null, null);
    this.backoff.reset();
    await readEvents(response.body, (message) => this.apply(message), (ms) => this.backoff.hint(ms));
    return { waitMs: this.backoff.next(), error: null }; // the server ended the stream (restart, slow client): come back
  }

  private apply(message: EventSourceMessage): void {
    if (message.id) this.lastEventId = message.id;
    const data = JSON.parse(message.data) as { fixtures?: F[]; at?: string; fixture?: F; fixture_id?: number };
    switch (message.event) {
      case "snapshot": {
        this.fixtures.clear();
        for (const fixture of data.fixtures ?? []) this.fixtures.set(fixture.id, fixture);
        this.emit("snapshot", { fixtures: data.fixtures ?? [], at: data.at ?? "" });
        this.settleFirst.resolve();
        return this.changed("snapshot");
      }
      case "enter":
      case "update": {
        const fixture = data.fixture!;
        const previous = this.fixtures.get(fixture.id);
        this.fixtures.set(fixture.id, fixture);
        if (message.event === "enter") this.emit("enter", { fixture });
        else this.emit("update", { fixture, previous });
        return this.changed(message.event);
      }
      case "leave": {
        const fixtureId = data.fixture_id!;
        const fixture = this.fixtures.get(fixtureId);
        this.fixtures.delete(fixtureId);
        this.emit("leave", { fixtureId, fixture });
        return this.changed("leave");
      }
      default:
        return; // an event this client does not know: a newer service; ignored, not fatal
    }
  }

  private changed(cause: LiveEvents<F>["change"]["cause"]): void {
    this.emit("change", { fixtures: this.fixtures, cause });
  }

  private fail(error: ApiError): void {
    this.error = error;
    this.controller.abort();
    this.setState("closed", error, null);
    this.settleFirst.reject(error);
  }

  private setState(state: LiveState, error: Error | null, retryInMs: number | null): void {
    this.state = state;
    this.emit("state", { state, error, retryInMs });
  }
}
