type SchemaNode = { [key: string]: unknown };

const isNode = (value: unknown): value is SchemaNode => value !== null && typeof value === "object" && !Array.isArray(value);
const COMPONENT_REF = "#/components/schemas/";

/**
 * A documented response schema made strict for checking real answers against it: every
 * `$ref` inlined, every `allOf` of objects merged into one object, and every object with
 * listed properties closed (`additionalProperties: false`), so an answer that carries a
 * field the document does not list fails, like one that lacks a required field.
 * OpenAPI objects are open by default; the service's presenters list every field, so
 * the document lists them all too.
 */
export function closedSchema(schema: unknown, components: Record<string, unknown>): unknown {
  return close(inline(schema, components));
}

function inline(schema: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((entry) => inline(entry, components));
  if (!isNode(schema)) return schema;
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.slice(COMPONENT_REF.length);
    if (!schema.$ref.startsWith(COMPONENT_REF) || !(name in components)) throw new Error(`unresolvable $ref ${schema.$ref}`);
    const { $ref: _ref, ...siblings } = schema;
    return inline({ ...(components[name] as SchemaNode), ...siblings }, components);
  }
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inline(value, components)]));
  if (!Array.isArray(node.allOf)) return node;
  const { allOf, ...rest } = node;
  const branches = (allOf as unknown[]).filter(isNode);
  return {
    ...rest,
    type: "object",
    properties: Object.assign({}, ...branches.map((branch) => branch.properties ?? {})),
    required: branches.flatMap((branch) => (Array.isArray(branch.required) ? branch.required : [])),
  };
}

function close(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(close);
  if (!isNode(schema)) return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, close(value)]));
  return isNode(node.properties) && node.additionalProperties === undefined ? { ...node, additionalProperties: false } : node;
}
