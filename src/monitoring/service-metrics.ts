import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Route label for requests no router matched, so unknown paths never add label values. */
export const UNMATCHED_ROUTE = "unmatched";

const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const ELASTICSEARCH_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The Prometheus metrics of one service process, in their own registry (not prom-client's
 * global one), so every app built in a process (tests build several) counts apart.
 * Labels are bounded: routes are the routers' patterns, Elasticsearch operations are
 * the client's API names, never raw URLs or index names.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status",
    labelNames: ["route", "method", "status"] as const,
    registers: [this.registry],
  });
  private readonly requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request's arrival to its response, by route pattern, method and status",
    labelNames: ["route", "method", "status"] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  private readonly elasticsearchDuration = new Histogram({
    name: "elasticsearch_request_duration_seconds",
    help: "Elasticsearch requests as the service sees them (retries included), by client API and outcome",
    labelNames: ["operation", "outcome"] as const,
    buckets: ELASTICSEARCH_BUCKETS,
    registers: [this.registry],
  });
  private readonly keyCache = new Counter({
    name: "api_key_cache_requests_total",
    help: "API key lookups answered from the cache (hit) or from Elasticsearch (miss)",
    labelNames: ["result"] as const,
    registers: [this.registry],
  });

  private readonly streamEvents = new Counter({
    name: "stream_events_delivered_total",
    help: "Stream events written to subscribers (one per subscriber), by event name",
    labelNames: ["event"] as const,
    registers: [this.registry],
  });
  private readonly streamCorrections = new Counter({
    name: "stream_membership_corrections_total",
    help: "Fixtures whose membership a periodic check corrected (what change rounds missed; windows moving with time are not counted): 0 when streams are exact",
    registers: [this.registry],
  });
  private readonly streamBudgetDrops = new Counter({
    name: "stream_budget_drops_total",
    help: "Streams dropped while open because the streams' memory budget was used up (those holding the most unsent first): above 0, clients do not read what the instance sends",
    registers: [this.registry],
  });
  private readonly streamRounds = new Histogram({
    name: "stream_round_duration_seconds",
    help: "Stream rounds that asked Elasticsearch something: from the change feed's poll to the last event written",
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly streamRoundSearches = new Counter({
    name: "stream_round_searches_total",
    help: "Searches the stream rounds sent (each search of an _msearch counts): divided by rounds, what a round costs",
    registers: [this.registry],
  });
  private readonly streamChanged = new Counter({
    name: "stream_changed_fixtures_total",
    help: "Changed fixtures the stream rounds asked about",
    registers: [this.registry],
  });
  private streamsProbe: () => { open: number; queries: number; memoryBytes: number } = () => ({ open: 0, queries: 0, memoryBytes: 0 });
  private readonly refused = new Counter({
    name: "http_requests_shed_total",
    help: "API requests refused with 503 by admission control: queue_full, queue_timeout, or client_closed (the client left while waiting)",
    labelNames: ["reason"] as const,
    registers: [this.registry],
  });
  private admissionProbe: () => { inFlight: number; queued: number } = () => ({ inFlight: 0, queued: 0 });
  private readonly sharedStateFallbacks = new Counter({
    name: "shared_state_fallbacks_total",
    help: "Limit checks Redis (REDIS_URL) did not answer in time, decided by this instance alone: rate_limit, stream_slot or expensive_slot",
    labelNames: ["what"] as const,
    registers: [this.registry],
  });
  private sharedStateProbe: () => boolean = () => false;
  private readonly costUnits = new Counter({
    name: "api_request_cost_units_total",
    help: "Cost units charged to keys (docs/operations.md, \"Fair share\"), by route pattern: with http_requests_total, what a route's request costs",
    labelNames: ["route"] as const,
    registers: [this.registry],
  });
  private readonly laneRefusals = new Counter({
    name: "expensive_requests_refused_total",
    help: "Expensive requests refused by their lane: key_busy (429, the key's cap), queue_full, queue_timeout, shed, client_closed (503)",
    labelNames: ["reason"] as const,
    registers: [this.registry],
  });
  private laneProbe: () => { inFlight: number; queued: number; nodeSearches: number } = () => ({ inFlight: 0, queued: 0, nodeSearches: 0 });
  private readonly writerChanges = new Counter({
    name: "live_writer_changes_total",
    help: "Times this instance became (to=writer) or stopped being (to=waiting) the live feed's one writer (docs/operations.md, \"One writer\")",
    labelNames: ["to"] as const,
    registers: [this.registry],
  });
  private writerProbe: () => boolean = () => false;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.gauge("http_requests_in_flight", "API requests holding an admission slot: being worked on or sent", () => this.admissionProbe().inFlight);
    this.gauge("http_requests_queued", "API requests waiting for an admission slot", () => this.admissionProbe().queued);
    this.gauge("streams_open", "Open streams (Server-Sent Events connections) of this instance", () => this.streamsProbe().open);
    this.gauge(
      "stream_standing_queries",
      "Distinct standing queries the open streams share: what each round of the change feed costs",
      () => this.streamsProbe().queries,
    );
    this.gauge("shared_state_connected", "1 while Redis (REDIS_URL) answers and limits hold across instances; 0 without it or while it is away", () =>
      this.sharedStateProbe() ? 1 : 0,
    );
    this.gauge(
      "live_writer",
      "1 while this instance is the live feed's one writer (simulator, repricing, standings), else 0: across the instances of a prefix the sum is 1",
      () => (this.writerProbe() ? 1 : 0),
    );
    this.gauge("expensive_requests_in_flight", "Expensive requests running in their lane on this instance", () => this.laneProbe().inFlight);
    this.gauge("expensive_requests_queued", "Expensive requests waiting for a turn in their lane on this instance", () => this.laneProbe().queued);
    this.gauge("expensive_node_searches", "Searches of expensive requests this instance has on the node (EXPENSIVE_NODE_SEARCHES bounds them)", () => this.laneProbe().nodeSearches);
    this.gauge("stream_memory_bytes", "What the streams hold by the memory budget's account (STREAM_MEMORY_MB)", () => this.streamsProbe().memoryBytes);
  }

  /** A gauge read from the process's state when scraped, so nothing has to keep it up to date. */
  private gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** Where the stream gauges read their values when scraped. */
  watchStreams(probe: () => { open: number; queries: number; memoryBytes: number }): void {
    this.streamsProbe = probe;
  }

  /**
   * Where the admission gauges read their values when scraped (never called: they stay 0), and
   * the refusal reasons, each on the page from the start: a rate over a series that appears
   * only at the first refusal misses that refusal.
   */
  watchAdmission(probe: () => { inFlight: number; queued: number }, reasons: readonly string[]): void {
    this.admissionProbe = probe;
    for (const reason of reasons) this.refused.inc({ reason }, 0);
  }

  /** Where the lane gauges read their values, and its refusal reasons on the page from the start. */
  watchExpensiveLane(probe: () => { inFlight: number; queued: number; nodeSearches: number }, reasons: readonly string[]): void {
    this.laneProbe = probe;
    for (const reason of reasons) this.laneRefusals.inc({ reason }, 0);
  }

  readonly expensiveRefused = (reason: string): void => {
    this.laneRefusals.inc({ reason });
  };

  readonly charged = (route: string, units: number): void => {
    this.costUnits.inc({ route }, units);
  };

  /** Where the shared-state gauge reads whether Redis answers. */
  watchSharedState(probe: () => boolean): void {
    this.sharedStateProbe = probe;
    for (const what of ["rate_limit", "stream_slot", "expensive_slot"]) this.sharedStateFallbacks.inc({ what }, 0);
  }

  readonly sharedStateFellBack = (what: string): void => {
    this.sharedStateFallbacks.inc({ what });
  };

  /** Where the writer gauge reads whether this instance is the writer (never called: 0, an instance without the simulator). */
  watchWriter(isWriter: () => boolean): void {
    this.writerProbe = isWriter;
    for (const to of ["writer", "waiting"]) this.writerChanges.inc({ to }, 0);
  }

  readonly writerChanged = (writer: boolean): void => {
    this.writerChanges.inc({ to: writer ? "writer" : "waiting" });
  };

  readonly requestRefused = (reason: string): void => {
    this.refused.inc({ reason });
  };

  readonly streamEventsDelivered = (event: string, subscribers: number): void => {
    if (subscribers > 0) this.streamEvents.inc({ event }, subscribers);
  };

  readonly streamMembershipCorrected = (fixtures: number): void => {
    this.streamCorrections.inc(fixtures);
  };

  readonly streamsDroppedForMemory = (streams: number): void => {
    this.streamBudgetDrops.inc(streams);
  };

  readonly streamRound = (stats: { ms: number; searches: number; changed: number }): void => {
    this.streamRounds.observe(stats.ms / 1000);
    this.streamRoundSearches.inc(stats.searches);
    this.streamChanged.inc(stats.changed);
  };

  observeRequest(route: string, method: string, status: number, seconds: number): void {
    const labels = { route, method, status: String(status) };
    this.requests.inc(labels);
    this.requestDuration.observe(labels, seconds);
  }

  readonly observeElasticsearch = (operation: string, outcome: "success" | "error", seconds: number): void => {
    this.elasticsearchDuration.observe({ operation, outcome }, seconds);
  };

  readonly keyCacheHit = (): void => {
    this.keyCache.inc({ result: "hit" });
  };

  readonly keyCacheMiss = (): void => {
    this.keyCache.inc({ result: "miss" });
  };
}
