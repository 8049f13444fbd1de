/**
 * How a floor server (and the benchmark's raw side) sends its Elasticsearch requests: either
 * bare node:http on a keep-alive agent, the body kept as bytes, or through the project's own
 * `@elastic/elasticsearch` client, which parses every answer as the service's reads do. The
 * two floors of the latency benchmarks differ in that and in the HTTP server (floor-server.ts).
 */
import type { Agent } from "node:http";
import type { Client } from "@elastic/elasticsearch";
import { send, type Reply } from "../../lib/http-send.js";

/** An answer from the node: raw bytes (bare), or the client's parsed body in `json` (client). */
export type NodeReply = Reply & { json?: unknown };

/** One request to the node, at a full URL (`http://node/index/_search?param=value`); `body` is JSON or NDJSON text. */
export type NodeSend = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<NodeReply>;

/** Bare node:http: nothing parsed, the answer's bytes kept. */
export function bareNodeSend(agent: Agent): NodeSend {
  return (url, init) => send(agent, url, init);
}

/**
 * Through the client's transport, as `es.search` and `es.msearch` send (retries, its headers,
 * its response parsing); only the body's JSON text is given ready, where the service's calls
 * serialize an object of 1-2 KB. A non-2xx answer is thrown by the client, so it resolves here
 * as its status.
 */
export function clientNodeSend(es: Client): NodeSend {
  return async (url, init) => {
    const { pathname, searchParams } = new URL(url);
    const ndjson = init.headers["content-type"]?.includes("ndjson") ?? false;
    try {
      const answer = await es.transport.request(
        {
          method: init.method,
          path: pathname,
          querystring: Object.fromEntries(searchParams),
          ...(ndjson ? { bulkBody: init.body } : { body: init.body }),
        },
        // A text body goes as text/plain unless told: the media types the client's own APIs send.
        { meta: true, headers: { accept: JSON_TYPE, "content-type": ndjson ? NDJSON : JSON_TYPE } },
      );
      return { status: answer.statusCode ?? 0, headers: {}, body: EMPTY, json: answer.body };
    } catch (error) {
      const status = (error as { meta?: { statusCode?: number } }).meta?.statusCode;
      if (typeof status === "number") return { status, headers: {}, body: EMPTY };
      throw error;
    }
  };
}

/** A reply's body as parsed JSON: the client's parse when it made one, else the bytes parsed here. */
export function replyJson<T>(reply: NodeReply): T {
  return (reply.json ?? JSON.parse(reply.body.toString())) as T;
}

const EMPTY = Buffer.alloc(0);
const JSON_TYPE = "application/vnd.elasticsearch+json; compatible-with=9";
const NDJSON = "application/vnd.elasticsearch+x-ndjson; compatible-with=9";
