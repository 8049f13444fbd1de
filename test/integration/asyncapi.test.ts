import { DiagnosticSeverity, Parser } from "@asyncapi/parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JsonSchema, type OpenApiDocument, refName } from "../../src/routes/docs/openapi-parts.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

type Ref = { $ref: string };
type AsyncApiDocument = {
  asyncapi: string;
  channels: Record<string, { address: string; messages: Record<string, Ref> }>;
  operations: Record<string, { channel: Ref; bindings: { http: { method: string; query: { properties: Record<string, JsonSchema> } } } }>;
  components: { schemas: Record<string, JsonSchema>; messages: Record<string, { payload: Ref }>; securitySchemes: Record<string, JsonSchema> };
};

const STREAM_PATHS = ["/livescores/stream", "/fixtures/search/stream"];
const EVENTS = ["snapshot", "enter", "update", "leave"];

let env: TestEnv;
let asyncApi: AsyncApiDocument;
let openApi: OpenApiDocument;
beforeAll(async () => {
  env = await startTestEnv();
  const response = await env.get("/asyncapi.json", { key: null });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  asyncApi = (await response.json()) as AsyncApiDocument;
  openApi = (await (await env.get("/openapi.json", { key: null })).json()) as OpenApiDocument;
});
afterAll(async () => {
  await env?.close();
});

/** The component a local `$ref` inside the AsyncAPI document points to. */
function resolve<T>(ref: Ref): T {
  let node: unknown = asyncApi;
  for (const part of ref.$ref.replace(/^#\//, "").split("/")) node = (node as Record<string, unknown>)[part];
  return node as T;
}

function allRefs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allRefs);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, entry]) => (key === "$ref" && typeof entry === "string" ? [entry] : allRefs(entry)));
}

describe("GET /asyncapi.json", () => {
  it("is an AsyncAPI 3.0 document that @asyncapi/parser accepts without an error", async () => {
    expect(asyncApi.asyncapi).toBe("3.0.0");
    // Only references inside the document: the parser's resolver has nothing to fetch, so the test runs offline.
    expect(allRefs(asyncApi).filter((ref) => !ref.startsWith("#/"))).toEqual([]);
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(asyncApi));
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error);
    expect(errors.map((error) => `${error.path.join("/")}: ${error.message}`)).toEqual([]);
    expect(document).toBeDefined();
    const channels = document!.allChannels().all();
    expect(channels.map((channel) => channel.address()).sort()).toEqual([...STREAM_PATHS].sort());
    for (const channel of channels) expect(channel.messages().all().map((message) => message.name())).toEqual(EVENTS);
    expect(document!.info().description()).toMatch(/retry: 2000[\s\S]*heartbeat[\s\S]*Last-Event-ID/);
  });

  it("gives every stream's events the payload schemas /openapi.json gives them, copied unchanged", () => {
    for (const path of STREAM_PATHS) {
      const channel = Object.values(asyncApi.channels).find((candidate) => candidate.address === path)!;
      const payloads = EVENTS.map((event) => refName(resolve<{ payload: Ref }>(channel.messages[event]!).payload));
      const union = openApi.paths[path]!.get!.responses["200"]!.content!["text/event-stream"]!.schema;
      const documented = (openApi.components.schemas[refName(union)]!.anyOf as Ref[]).map(refName);
      expect(new Set(payloads), path).toEqual(new Set(documented));
    }
    for (const [name, schema] of Object.entries(asyncApi.components.schemas)) {
      expect(schema, name).toEqual(openApi.components.schemas[name]);
    }
  });

  it("takes each stream's query parameters and the three key schemes from /openapi.json", () => {
    for (const operation of Object.values(asyncApi.operations)) {
      const path = resolve<{ address: string }>(operation.channel).address;
      const parameters = openApi.paths[path]!.get!.parameters ?? [];
      expect(operation.bindings.http.method).toBe("GET");
      expect(Object.keys(operation.bindings.http.query.properties)).toEqual(parameters.map((parameter) => parameter.name));
    }
    expect(asyncApi.components.securitySchemes).toEqual({
      bearerAuth: { type: "http", scheme: "bearer" },
      apiKeyHeader: { type: "httpApiKey", in: "header", name: "X-API-Key" },
      apiKeyQuery: { type: "httpApiKey", in: "query", name: "api_token" },
    });
  });
});
