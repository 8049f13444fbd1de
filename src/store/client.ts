import {
  Client,
  errors,
  Serializer,
  SniffingTransport,
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
function timedTransport(observe: ElasticsearchObserver): typeof SniffingTransport {
  return class TimedTransport extends SniffingTransport {
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
 * The one Elasticsearch client of a process. Explicit timeout and retries: a node
 * that hangs costs a request at most `requestTimeoutMs` per try, and with several
 * nodes in ELASTICSEARCH_URL a failed try moves on to the next node.
 */
export function createElasticsearchClient(es: Config["elasticsearch"], observe?: ElasticsearchObserver): Client {
  // The client wraps every request in an OpenTelemetry span; this service ships no
  // OpenTelemetry SDK, so the spans go nowhere and only cost CPU on the hot path.
  // The transport reads this variable when the client is built; set it to "true" to opt in.
  process.env.OTEL_ELASTICSEARCH_ENABLED ??= "false";
  return new Client({
    nodes: es.nodes,
    requestTimeout: es.requestTimeoutMs,
    maxRetries: es.maxRetries,
    // A dead node is tried again after this long, which bounds recovery after an outage.
    resurrectStrategy: "ping",
    pingTimeout: Math.min(es.requestTimeoutMs, 2_000),
    sniffOnStart: false,
    Serializer: ResponseSerializer,
    ...(observe ? { Transport: timedTransport(observe) } : {}),
  });
}
