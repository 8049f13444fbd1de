import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { closedSchema } from "./closed-schema.js";

export type OpenApiDocument = {
  paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }>;
  components: { schemas: Record<string, unknown> };
};

/**
 * A validator of real answers against the documented 200 schema of `path`, made strict
 * (closedSchema: no field the document does not list).
 */
export function documentedShape(document: OpenApiDocument, path: string, contentType = "application/json") {
  const schema = document.paths[path]?.get?.responses["200"]?.content?.[contentType]?.schema;
  if (!schema) throw new Error(`${path}: no documented 200 ${contentType} schema`);
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  ajv.addKeyword("example");
  addFormats.default(ajv);
  return ajv.compile(closedSchema(schema, document.components.schemas) as object);
}
