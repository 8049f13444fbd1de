/**
 * Typed reads of the generated OpenAPI document, for the documents derived from it: the
 * AsyncAPI document copies its schemas from here so the two cannot describe a stream differently.
 */
export type JsonSchema = Record<string, unknown>;

type Parameter = { name: string; in: string; description?: string; schema?: JsonSchema };
type Operation = {
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};
export type OpenApiDocument = {
  paths: Record<string, { get?: Operation }>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

const SCHEMA_REF = "#/components/schemas/";

export function getOperation(document: OpenApiDocument, path: string): Operation {
  const operation = document.paths[path]?.get;
  if (!operation) throw new Error(`${path} is not in the OpenAPI document`);
  return operation;
}

/** The component name a `$ref` points to. */
export function refName(schema: JsonSchema | undefined): string {
  const ref = schema?.$ref;
  if (typeof ref !== "string" || !ref.startsWith(SCHEMA_REF)) throw new Error(`not a component reference: ${JSON.stringify(schema)}`);
  return ref.slice(SCHEMA_REF.length);
}

export const schemaRef = (name: string): JsonSchema => ({ $ref: `${SCHEMA_REF}${name}` });

/** The named components and every component they reach through `$ref`, copied as they are. */
export function schemaClosure(document: OpenApiDocument, names: readonly string[]): Record<string, JsonSchema> {
  const found: Record<string, JsonSchema> = {};
  const pending = [...names];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (Object.hasOwn(found, name)) continue;
    const schema = document.components.schemas[name];
    if (!schema) throw new Error(`${name} is not a component of the OpenAPI document`);
    found[name] = structuredClone(schema);
    pending.push(...referencedNames(schema));
  }
  return Object.fromEntries(Object.keys(found).sort().map((name) => [name, found[name]!]));
}

function referencedNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencedNames);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, entry]) =>
    key === "$ref" && typeof entry === "string" && entry.startsWith(SCHEMA_REF) ? [entry.slice(SCHEMA_REF.length)] : referencedNames(entry),
  );
}

/** The query parameters of an operation as one object schema (how AsyncAPI's HTTP binding takes them). */
export function querySchema(operation: Operation): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== "query") continue;
    properties[parameter.name] = { ...parameter.schema, ...(parameter.description ? { description: parameter.description } : {}) };
  }
  return { type: "object", properties };
}
