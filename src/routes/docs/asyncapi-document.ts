import { API_VERSION, openApiDocument } from "../../openapi/document.js";
import { digitGroups } from "../../domain/text/digit-groups.js";
import { DEFAULT_STREAM_HUB_OPTIONS } from "../../streams/stream-hub.js";
import { STREAM_RETRY_MS } from "../streams/open-stream.js";
import { getOperation, type JsonSchema, type OpenApiDocument, querySchema, schemaClosure, schemaRef } from "./openapi-parts.js";

/**
 * The AsyncAPI 3.0 document of the two event streams, at /asyncapi.json. Everything that
 * /openapi.json also says (payload schemas, query parameters, key schemes) is copied from the
 * generated OpenAPI document, which is itself generated from the validating zod schemas
 * (docs/design.md, "OpenAPI from the validating schemas"): the two documents cannot drift.
 */
const { heartbeatMs, historySize, snapshotMax, perKey } = DEFAULT_STREAM_HUB_OPTIONS;

const STREAMS = [
  { channel: "livescores", path: "/livescores/stream", prefix: "Livescores", title: "Fixtures in play" },
  { channel: "fixturesSearch", path: "/fixtures/search/stream", prefix: "Search", title: "A fixture search kept true" },
] as const;
type Stream = (typeof STREAMS)[number];

const EVENTS = ["snapshot", "enter", "update", "leave"] as const;
type EventName = (typeof EVENTS)[number];

const EVENT_SUMMARIES: Record<EventName, string> = {
  snapshot:
    "The whole result set, in the polled endpoint's order: the first event of every connection (unless a reconnect is " +
    "replayed instead), and again after a rebuild of the data. A client replaces what it holds.",
  enter: "A fixture now matches: add it (at its place in the order, for a search).",
  update: "A fixture that matches changed: replace it. Never an older state after a newer one.",
  leave: "A fixture no longer matches: remove it.",
};

const DESCRIPTION = `The event streams of the Sports Fixtures Data Service: standing queries over the same
parameters as the polled endpoints (/livescores and /fixtures/search), answered over Server-Sent Events
(\`text/event-stream\`, one HTTP GET per connection). The request side of each operation is in /openapi.json too.

**Connection.** The stream opens with \`retry: ${STREAM_RETRY_MS}\` (the delay an EventSource waits before it
reconnects), then the \`snapshot\` event. Every event has an \`id:\` (\`<query id>.<sequence>\`), an \`event:\`
name and one line of JSON \`data:\`. A quiet stream carries a \`: heartbeat\` comment at least every
${heartbeatMs / 1000} s (STREAM_HEARTBEAT_MS), so proxies and clients do not take it for a dead one.

**Reconnects.** A client that reconnects with \`Last-Event-ID\` (an EventSource does it by itself) gets the events
it missed when the id is recent (the same service instance, the same standing query, within its last
${digitGroups(historySize)} events); otherwise a fresh \`snapshot\`.

**Keys.** \`Authorization: Bearer <key>\`, \`X-API-Key: <key>\` or \`api_token=<key>\`; a browser's EventSource cannot
set headers, so it passes \`api_token\`.

**Errors** come before the stream starts, as ordinary JSON answers \`{"error": "..."}\` (schema \`Error\`): 403
for a missing or bad key; 400 with the polled endpoint's texts for a bad parameter, or when a query matches more
than STREAM_SNAPSHOT_MAX fixtures (default ${digitGroups(snapshotMax)}); 429 when the key holds
STREAMS_PER_KEY open streams (default ${perKey}) or its rate limit is used up (a stream counts as one request).`;

/** SSE's own fields around the JSON data: AsyncAPI's place for what is not the payload. */
function sseFields(event: EventName): JsonSchema {
  return {
    type: "object",
    description: "The Server-Sent Events fields of the event (the payload is its `data:`)",
    properties: {
      event: { type: "string", const: event },
      id: { type: "string", pattern: "^[0-9a-z]+\\.[0-9]+$", description: "Send it back as Last-Event-ID to resume after a drop" },
    },
    required: ["event", "id"],
  };
}

/** The payload component of each event of a stream, as registered by the streams' OpenAPI schemas. */
export function payloadNames(prefix: string): Record<EventName, string> {
  const change = `${prefix}StreamChange`;
  return { snapshot: `${prefix}StreamSnapshot`, enter: change, update: change, leave: "StreamLeave" };
}

const capitalized = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;
const messageId = (stream: Stream, event: EventName) => (event === "leave" ? "leave" : `${stream.channel}${capitalized(event)}`);

function messages(): Record<string, JsonSchema> {
  const all: Record<string, JsonSchema> = {};
  for (const stream of STREAMS) {
    const payloads = payloadNames(stream.prefix);
    for (const event of EVENTS) {
      all[messageId(stream, event)] = {
        name: event,
        title: event,
        summary: EVENT_SUMMARIES[event],
        contentType: "application/json",
        headers: sseFields(event),
        payload: schemaRef(payloads[event]),
      };
    }
  }
  return all;
}

function channel(document: OpenApiDocument, stream: Stream): JsonSchema {
  const operation = getOperation(document, stream.path);
  return {
    address: stream.path,
    title: stream.title,
    description: operation.description,
    messages: Object.fromEntries(EVENTS.map((event) => [event, { $ref: `#/components/messages/${messageId(stream, event)}` }])),
  };
}

function receive(document: OpenApiDocument, stream: Stream, security: JsonSchema[]): JsonSchema {
  const operation = getOperation(document, stream.path);
  return {
    action: "receive",
    channel: { $ref: `#/channels/${stream.channel}` },
    summary: operation.summary,
    security,
    bindings: { http: { method: "GET", query: querySchema(operation), bindingVersion: "0.3.0" } },
    messages: EVENTS.map((event) => ({ $ref: `#/channels/${stream.channel}/messages/${event}` })),
  };
}

/** OpenAPI's key schemes in AsyncAPI's words (an HTTP API key is `httpApiKey` there). */
function securitySchemes(document: OpenApiDocument): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(document.components.securitySchemes).map(([name, scheme]) => [
      name,
      scheme.type === "apiKey" ? { ...scheme, type: "httpApiKey" } : { ...scheme },
    ]),
  );
}

function build(): object {
  const document = openApiDocument() as OpenApiDocument;
  const schemes = securitySchemes(document);
  const security = Object.keys(schemes).map((name) => ({ $ref: `#/components/securitySchemes/${name}` }));
  const payloads = STREAMS.flatMap((stream) => Object.values(payloadNames(stream.prefix)));
  return {
    asyncapi: "3.0.0",
    info: { title: "Sports Fixtures Data Service: event streams", version: API_VERSION, description: DESCRIPTION },
    defaultContentType: "application/json",
    servers: {
      service: { host: "localhost:3000", protocol: "http", description: "The service itself: use the host and port that served this document" },
    },
    channels: Object.fromEntries(STREAMS.map((stream) => [stream.channel, channel(document, stream)])),
    operations: Object.fromEntries(STREAMS.map((stream) => [`receive${capitalized(stream.channel)}`, receive(document, stream, security)])),
    components: {
      schemas: schemaClosure(document, [...payloads, "Error"]),
      messages: messages(),
      securitySchemes: schemes,
    },
  };
}

let cached: object | undefined;

/** Built once, on first use: by then every router has registered its OpenAPI schemas. */
export function asyncApiDocument(): object {
  cached ??= build();
  return cached;
}
