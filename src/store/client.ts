import { Client, errors, Serializer } from "@elastic/elasticsearch";

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

/**
 * The one Elasticsearch client of a process. Explicit timeout and retries: a node
 * that hangs costs a request at most `requestTimeoutMs` per try, and with several
 * nodes in ELASTICSEARCH_URL a failed try moves on to the next node.
 */
export function createElasticsearchClient(es: Config["elasticsearch"]): Client {
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
  });
}
