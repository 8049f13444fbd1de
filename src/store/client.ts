import {
  Client,
  errors,
  Serializer,
  SniffingTransport,
  type TransportOptions,
  type TransportRequestOptions,
  type TransportRequestParams,
} from "@elastic/elasticsearch";

/**
 * Plain JSON.parse for responses: the default serializer runs secure-json-parse, which
 * scans every response body for prototype keys. Responses here are documents this
 * service wrote itself, and JSON.parse never assigns a prototype from a "__proto__" key.
 */
class ResponseSerializer extends Serializer {
  override deserialize<T = unknown>(json: string): T {
    try {
      return JSON.parse(json) as T;
    } catch (error) {
      throw new errors.DeserializationError((error as Error).message, json);
    }
  }
}
import type { Config } from "../config.js";

/** Told about every request the client makes: its API name (`search`, `get`), outcome and duration. */
export type ElasticsearchObserver = (operation: string, outcome: "success" | "error", seconds: number) => void;

/**
 * The client's own transport, timing each request as a whole (its retries included).
 * Wrapping the transport costs one clock read per request, where the diagnostic events
 * would need a map from request id to start time.
 */
function timedTransport(Base: typeof SniffingTransport, observe: ElasticsearchObserver): typeof SniffingTransport {
  return class TimedTransport extends Base {
    // The base method is overloaded on its options; `any` is what lets one body serve them all.
    override async request(params: TransportRequestParams, options?: TransportRequestOptions): Promise<any> {
      const started = performance.now();
      let outcome: "success" | "error" = "error";
      try {
        const result: unknown = await super.request(params, options);
        outcome = "success";
        return result;
      } finally {
        observe(params.meta?.name ?? "other", outcome, (performance.now() - started) / 1000);
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
    Transport: observe ? timedTransport(base, observe) : base,
    // The client's default pool (weighted round robin) lowers a failing node's share and
    // gives it back in full at its first success; these two only matter for the other pools.
    resurrectStrategy: "ping",
    pingTimeout: Math.min(es.requestTimeoutMs, 2_000),
    sniffOnStart: false,
    Serializer: ResponseSerializer,
  });
}
