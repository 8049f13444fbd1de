import { DEVELOPER_TYPES } from "../../domain/types/developer-types.js";
import { enumListParam, languageShape } from "../../http/params.js";
import { z } from "../../openapi/zod.js";

export const TypesListSchema = z.object({
  developer_type: enumListParam("developer_type", DEVELOPER_TYPES).optional(),
  ...languageShape,
});
export type TypesListReq = z.output<typeof TypesListSchema>;

export const TypeItemSchema = z
  .object({
    type_id: z.number().int(),
    developer_name: z.string(),
    name: z.string(),
    developer_type: z.enum(DEVELOPER_TYPES),
  })
  .openapi("Type");

export const TypesResponseSchema = z.object({ types: z.array(TypeItemSchema) }).openapi("TypesResponse");
