import type { TypeDefinition } from "../../domain/types/developer-types.js";

/** The public fields of a type, listed one by one so internal ones (unit) stay in. */
export function presentType(type: TypeDefinition) {
  return {
    type_id: type.type_id,
    developer_name: type.developer_name,
    name: type.name,
    developer_type: type.developer_type,
  };
}
