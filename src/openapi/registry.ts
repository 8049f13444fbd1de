import { OpenAPIRegistry, type ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "./zod.js";

/**
 * The registry every router adds its paths to when its module loads. The document
 * at /openapi.json is generated from it, so the docs cannot drift from validation.
 */
export const registry = new OpenAPIRegistry();

export const ErrorSchema = z
  .object({ error: z.string().openapi({ example: "per_page must be an integer from 1 to 100" }) })
  .openapi("Error");

registry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer" });
registry.registerComponent("securitySchemes", "apiKeyHeader", { type: "apiKey", in: "header", name: "X-API-Key" });
registry.registerComponent("securitySchemes", "apiKeyQuery", { type: "apiKey", in: "query", name: "api_token" });

/** Every API endpoint accepts a key in any of the three places. */
export const API_KEY_SECURITY: Array<Record<string, string[]>> = [
  { bearerAuth: [] },
  { apiKeyHeader: [] },
  { apiKeyQuery: [] },
];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "A parameter breaks a rule; the text names the parameter and the rule",
  403: "Missing, malformed, unknown or revoked key (Unauthorized), or a missing role (Forbidden)",
  404: "Not found",
  429: 'Too many requests: the key\'s budget of cost units is spent (`{"error":"Too many requests"}`); retry after Retry-After seconds',
  431: "The request line and headers are larger than 16 KB (a very long query string)",
  500: "Internal server error",
  503: "Not ready",
};

export function errorResponses(...statuses: number[]): Record<number, ResponseConfig> {
  const responses: Record<number, ResponseConfig> = {};
  for (const status of [...statuses, 500]) {
    responses[status] = {
      description: ERROR_DESCRIPTIONS[status] ?? "Error",
      content: { "application/json": { schema: ErrorSchema } },
    };
  }
  return responses;
}
