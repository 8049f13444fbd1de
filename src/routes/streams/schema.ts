import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { z as zod } from "zod";
import { overloadedResponse, REQUEST_COST } from "../../openapi/api-responses.js";
import { errorResponses } from "../../openapi/registry.js";
import { z } from "../../openapi/zod.js";
import { FixturesSearchDocSchema } from "../fixtures-search/schema.js";

/** The documented parameters of GET /fixtures/search/stream: the search's, without page and per_page. */
export const FixturesSearchStreamDocSchema = FixturesSearchDocSchema.omit({ page: true, per_page: true });

const EVENTS_DESCRIPTION =
  "Server-Sent Events. Each event has an `id:`, an `event:` name and one line of JSON `data:`, shaped by the event:\n" +
  "- `snapshot`: `{ fixtures, at }`, the whole result set in the polled endpoint's order; always the first event of a connection " +
  "(unless a reconnect with Last-Event-ID is replayed instead), and sent again after a rebuild;\n" +
  "- `enter`: `{ fixture }`, a fixture now matches;\n" +
  "- `update`: `{ fixture }`, a matching fixture changed (never an older state after a newer one);\n" +
  "- `leave`: `{ fixture_id }`, a fixture no longer matches.\n" +
  "A `retry:` hint opens the stream; a `: heartbeat` comment comes at least every 15 s on a quiet stream. " +
  "Fixtures are exactly the polled endpoint's, with `updated_at`. See /asyncapi.json.";

const StreamLeaveSchema = z.object({ fixture_id: z.number().int() }).openapi("StreamLeave", { description: "event: leave" });

/**
 * The events of a stream whose fixtures have the shape `fixture`, as one documented union
 * (the `data` of each event; the `event` field names which).
 */
export function streamEventSchema(prefix: string, fixture: zod.ZodType): zod.ZodType {
  const snapshot = z
    .object({ fixtures: z.array(fixture), at: z.string().openapi({ format: "date-time", description: "When the result set was read" }) })
    .openapi(`${prefix}StreamSnapshot`, { description: "event: snapshot" });
  const change = z.object({ fixture }).openapi(`${prefix}StreamChange`, { description: "event: enter or update" });
  return z.union([snapshot, change, StreamLeaveSchema]).openapi(`${prefix}StreamEvent`, { description: "The JSON data of one event" });
}

/** The responses of a stream endpoint: the event stream, or an ordinary JSON error before it starts. */
export function streamResponses(events: zod.ZodType, description: string): Record<number, ResponseConfig> {
  const errors = errorResponses(400, 403, 429, 503);
  errors[503] = overloadedResponse(
    "The service is overloaded (no request slot came free within ADMISSION_MAX_WAIT_MS: a stream's key and query are checked like any request's, though its opening waits in places of its own, ADMISSION_MAX_QUEUED_STREAMS), " +
      "the instance's streams hold their memory budget (STREAM_MEMORY_MB) or its maximum of distinct stream queries (STREAM_MAX_QUERIES), " +
      "or the instance is shutting down; open the stream again after Retry-After seconds (to another instance behind a load balancer). " +
      "A browser's EventSource does not retry a 503 by itself: the client waits Retry-After and opens a new one",
  );
  errors[429]!.description =
    "The key holds its maximum of open streams (STREAMS_PER_KEY, default 10), or its budget of cost units is spent (opening a stream costs one unit)";
  return {
    200: {
      description: `${description}. ${EVENTS_DESCRIPTION}`,
      headers: {
        "Cache-Control": { description: "no-cache", schema: { type: "string" } },
        "X-Accel-Buffering": { description: "no: proxies must not buffer the stream", schema: { type: "string" } },
        "Request-Cost": REQUEST_COST,
      },
      content: { "text/event-stream": { schema: events } },
    },
    ...errors,
  };
}
