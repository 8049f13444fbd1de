import {
  Client,
  errors,
  Serializer,
  SniffingTransport,
  type TransportOptions,
  type TransportRequestOptions,
  type TransportRequestParams,
} from "@elastic/elasticsearch";
import type { Config } from "../config.js";
import { JsonText } from "../domain/json-text.js";
import { currentWorkMeter, SearchTimedOutError, type SearchBounds } from "./work-meter.js";

/**
 * Requests: a document's top-level `JsonText` members go in as the JSON they are
 * (domain/json-text.ts), the rest through JSON.stringify.
 *
 * Responses: plain JSON.parse. The default serializer runs secure-json-parse, which
 * scans every response body for prototype keys. Responses here are documents this
 * service wrote itself, and JSON.parse never assigns a prototype from a "__proto__" key.
 * The parse is this process's work for the request that asked (src/store/work-meter.ts).
 */
export class ServiceSerializer extends Serializer {
  override serialize(object: Record<string, unknown>): string {
    if (typeof object !== "object" || object === null || Array.isArray(object)) return super.serialize(object);
    let texts: string[] | null = null;
    let rest: Record<string, unknown> | null = null;
    for (const key in object) {
      const value = object[key];
      if (!(value instanceof JsonText)) continue;
      (texts ??= []).push(`${JSON.stringify(key)}:${value.text}`);
      rest ??= { ...object };
      delete rest[key];
    }
    if (texts === null || rest === null) return super.serialize(object);
    const others = super.serialize(rest);
    return others === "{}" ? `{${texts.join(",")}}` : `${others.slice(0, -1)},${texts.join(",")}}`;
  }

  override deserialize<T = unknown>(json: string): T {
    const meter = currentWorkMeter();
    const started = meter ? performance.now() : 0;
    try {
      return JSON.parse(json) as T;
    } catch (error) {
      throw new errors.DeserializationError((error as Error).message, json);
    } finally {
      if (meter) {
        meter.parseMs += performance.now() - started;
        meter.answerChars += json.length;
      }
    }
  }
}
/** Told about every request the client makes: its API name (`search`, `get`), outcome and duration. */
export type ElasticsearchObserver = (operation: string, outcome: "success" | "error", seconds: number) => void;

type Answer = { took?: unknown; timed_out?: unknown; responses?: Array<{ timed_out?: unknown }> };

/**
 * A search of a bounded request carries the node-side `timeout` left until its deadline (an
 * _msearch in each of its searches), and every call its abort signal and the request's id.
 */
function bounded(params: TransportRequestParams, options: TransportRequestOptions | undefined, bounds: SearchBounds) {
  const remainingMs = Math.max(1, Math.floor(bounds.deadlineMs - Date.now()));
  const timeout = `${remainingMs}ms`;
  const name = params.meta?.name;
  let shaped = params;
  if (name === "search") {
    const querystring: Record<string, unknown> = { ...(params.querystring as Record<string, unknown>), timeout, ...ONE_AT_A_TIME.search };
    // A filtered answer must still say whether it is partial.
    const filter = querystring.filter_path;
    if (typeof filter === "string") querystring.filter_path = `${filter},timed_out`;
    else if (Array.isArray(filter)) querystring.filter_path = [...(filter as string[]), "timed_out"];
    shaped = { ...params, querystring };
  }
  else if (name === "msearch" && Array.isArray(params.bulkBody)) {
    // Header and body alternate; the bodies are the odd lines (objects: the client serializes them).
    const lines = params.bulkBody as Array<Record<string, unknown>>;
    const querystring = { ...(params.querystring as Record<string, unknown>), ...ONE_AT_A_TIME.msearch };
    shaped = { ...params, querystring, bulkBody: lines.map((line, index) => (index % 2 === 1 ? { ...line, timeout } : line)) as unknown as string[] };
  }
  // The client's own per-try timeout must not cut a search the deadline still allows; the signal ends it at the deadline.
  return { params: shaped, options: { ...options, signal: options?.signal ?? bounds.signal, requestTimeout: remainingMs + 1_000, opaqueId: bounds.opaqueId } };
}

/** Calls that search and so wait for a slot of the request's `SearchSlots`. */
const SLOTTED_CALLS: ReadonlySet<string> = new Set(["search", "msearch", "count"]);

/**
 * A bounded search holds one of the node's search threads at a time: its shards are searched one
 * after the other, and an _msearch's searches too.
 */
const ONE_AT_A_TIME = {
  search: { max_concurrent_shard_requests: 1 },
  msearch: { max_concurrent_shard_requests: 1, max_concurrent_searches: 1 },
} as const;

/** Whether a search's answer (or any search of an _msearch) is partial: it ran past its timeout. */
function timedOut(answer: Answer): boolean {
  return answer.timed_out === true || (Array.isArray(answer.responses) && answer.responses.some((response) => response?.timed_out === true));
}

/**
 * The client's own transport, timing each request as a whole (its retries included) for the
 * metrics, and metering it for the request that made it (src/store/work-meter.ts): the node's
 * `took` where the answer has one, else the round trip. Wrapping the transport costs one clock
 * read per request, where the diagnostic events would need a map from request id to start time.
 */
function meteredTransport(Base: typeof SniffingTransport, observe?: ElasticsearchObserver): typeof SniffingTransport {
  return class MeteredTransport extends Base {
    // The base method is overloaded on its options; `any` is what lets one body serve them all.
    override async request(params: TransportRequestParams, options?: TransportRequestOptions): Promise<any> {
      const meter = currentWorkMeter();
      const bounds = meter?.bounds;
      let release: (() => void) | undefined;
      let started = performance.now();
      let outcome: "success" | "error" = "error";
      try {
        // The slot first: the node-side timeout sent is what is left once the search may start,
        // and the time timed is the node's, not the wait for a slot.
        if (bounds && SLOTTED_CALLS.has(params.meta?.name ?? "")) release = await bounds.slots.take(bounds, bounds.signal);
        started = performance.now();
        const call = bounds ? bounded(params, options, bounds) : { params, options };
        const result: unknown = await super.request(call.params, call.options);
        outcome = "success";
        if (meter) {
          const answer = ((options?.meta ? (result as { body: unknown }).body : result) ?? {}) as Answer;
          meter.calls++;
          meter.nodeMs += typeof answer.took === "number" ? answer.took : performance.now() - started;
          if (meter.bounds && timedOut(answer)) {
            meter.timedOut = true;
            throw new SearchTimedOutError();
          }
        }
        return result;
      } finally {
        release?.();
        observe?.(params.meta?.name ?? "other", outcome, (performance.now() - started) / 1000);
      }
    }
  };
}

/**
 * The client's own transport with timed-out tries retried like connection errors. The
 * client does not pass `retryOnTimeout` through to its transport, so it is set here.
 */
class RetryOnTimeoutTransport extends SniffingTransport {
  constructor(options: TransportOptions) {
    super({ ...options, retryOnTimeout: true });
  }
}

/**
 * The one Elasticsearch client of a process. Explicit timeout and retries: a node
 * that hangs costs a request at most `requestTimeoutMs` per try, and with several
 * nodes in ELASTICSEARCH_URL a failed try moves on to the next node.
 *
 * A timed-out try is retried only when there is another node to try: every request
 * of this service is a read (or an idempotent write by id), and a node that is slow
 * (just restarted, still warming up) should cost a retry elsewhere, not a 500. With
 * one node a retry would only hang the request for longer on the same node.
 */
export function createElasticsearchClient(es: Config["elasticsearch"], observe?: ElasticsearchObserver): Client {
  // The client wraps every request in an OpenTelemetry span; this service ships no
  // OpenTelemetry SDK, so the spans go nowhere and only cost CPU on the hot path.
  // The transport reads this variable when the client is built; set it to "true" to opt in.
  process.env.OTEL_ELASTICSEARCH_ENABLED ??= "false";
  const base = es.nodes.length > 1 ? RetryOnTimeoutTransport : SniffingTransport;
  return new Client({
    nodes: es.nodes,
    requestTimeout: es.requestTimeoutMs,
    maxRetries: es.maxRetries,
    Transport: meteredTransport(base, observe),
    // The client's default pool (weighted round robin) lowers a failing node's share and
    // gives it back in full at its first success; these two only matter for the other pools.
    resurrectStrategy: "ping",
    pingTimeout: Math.min(es.requestTimeoutMs, 2_000),
    sniffOnStart: false,
    Serializer: ServiceSerializer,
  });
}
