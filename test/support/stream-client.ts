import { EventSource } from "eventsource";

/**
 * A real Server-Sent Events client (the `eventsource` package: what a Node program or a
 * browser's EventSource does, reconnects and Last-Event-ID included) that applies a stream's
 * events to the state they describe: a map of fixtures by id.
 */
export type StreamedFixture = { id: number; updated_at: string; [field: string]: unknown };
/** What the client hands a listener: the event's data text and its id. */
type SseMessage = { data: string; lastEventId: string };
export type ReceivedEvent = { type: string; id: string; data: unknown; at: number };

export class StreamClient {
  readonly state = new Map<number, StreamedFixture>();
  readonly events: ReceivedEvent[] = [];
  /** Characters of event data received. */
  dataLength = 0;
  /** Breaches of "never an older state of a fixture after a newer one", as they were seen. */
  readonly violations: string[] = [];
  /** Set when the server refused the stream (a JSON error instead of an event stream). */
  refused: { status: number; body: string } | null = null;
  private readonly source: EventSource;

  /** `initial`: the fixtures the client held before (a reconnect that resumes with Last-Event-ID). */
  constructor(url: string, key: string | null, headers: Record<string, string> = {}, initial: readonly StreamedFixture[] = []) {
    for (const fixture of initial) this.state.set(fixture.id, fixture);
    this.source = new EventSource(url, {
      fetch: async (input, init) => {
        const response = await fetch(input, { ...init, headers: { ...init.headers, ...headers, ...(key ? { "X-API-Key": key } : {}) } });
        if (!response.headers.get("content-type")?.startsWith("text/event-stream")) {
          this.refused = { status: response.status, body: await response.clone().text() };
        }
        return response;
      },
    });
    for (const type of ["snapshot", "enter", "update", "leave"]) {
      this.source.addEventListener(type, (event) => this.apply(type, event as unknown as SseMessage));
    }
  }

  get lastEventId(): string | undefined {
    return this.events.at(-1)?.id;
  }

  count(type: string): number {
    return this.events.filter((event) => event.type === type).length;
  }

  /** The fixtures held, by id order. */
  fixtures(): StreamedFixture[] {
    return [...this.state.values()].sort((a, b) => a.id - b.id);
  }

  async waitFor(what: string, condition: () => boolean, timeoutMs = 20_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!condition()) {
      if (this.refused) throw new Error(`stream refused: ${this.refused.status} ${this.refused.body}`);
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  close(): void {
    this.source.close();
  }

  private apply(type: string, event: SseMessage): void {
    this.dataLength += event.data.length;
    const data = JSON.parse(event.data) as { fixtures?: StreamedFixture[]; fixture?: StreamedFixture; fixture_id?: number };
    this.events.push({ type, id: event.lastEventId, data, at: Date.now() });
    if (type === "snapshot") {
      this.state.clear();
      for (const fixture of data.fixtures!) this.state.set(fixture.id, fixture);
    } else if (type === "leave") {
      this.state.delete(data.fixture_id!);
    } else {
      const fixture = data.fixture!;
      const held = this.state.get(fixture.id);
      // The guarantee under test: never an older state of a fixture after a newer one.
      if (held && Date.parse(held.updated_at) > Date.parse(fixture.updated_at)) {
        this.violations.push(`fixture ${fixture.id}: ${fixture.updated_at} arrived after ${held.updated_at}`);
      }
      this.state.set(fixture.id, fixture);
    }
  }
}
