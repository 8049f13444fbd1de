import type { TypeDefinition } from "../../domain/types/developer-types.js";
import type { z } from "../../openapi/zod.js";
import type { TypeItemSchema, TypesResponseSchema } from "./schema.js";

/** The response body of GET /types: these types, in their order. */
export function presentTypes(types: readonly TypeDefinition[]): z.input<typeof TypesResponseSchema> {
  return { types: types.map(presentType) };
}

/** The public fields of a type, listed one by one so internal ones (unit) stay in. */
export function presentType(type: TypeDefinition): z.input<typeof TypeItemSchema> {
  return {
    type_id: type.type_id,
    developer_name: type.developer_name,
    name: type.name,
    developer_type: type.developer_type,
  };
}
