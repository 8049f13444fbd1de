import type { ParsedUrlQuery } from "node:querystring";
import type { z } from "zod";
import { BadRequestError } from "./errors.js";

export const DEFAULT_LANGUAGE = "en";

/** What a schema step reads of a request: its parsed query string (a Koa context is one). */
export type QueryRequest = { readonly query: ParsedUrlQuery };

/**
 * Validates the plain (non-bracketed) query parameters a schema names. Unknown
 * plain parameters are ignored; a repeated single-valued one is a 400; the first
 * failing rule becomes the 400 text.
 */
export function parseQuery<Shape extends z.ZodRawShape>(
  request: QueryRequest,
  schema: z.ZodObject<Shape>,
): z.output<z.ZodObject<Shape>> {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = request.query[name];
    if (Array.isArray(value)) throw new BadRequestError(`${name} must be given only once`);
    if (value !== undefined) raw[name] = value;
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw new BadRequestError(result.error.issues[0]?.message ?? "Invalid query parameters");
  return result.data;
}

/** `language` and its alias `lang`: both may be given only when they agree. */
export function resolveLanguage(query: { language?: string | undefined; lang?: string | undefined }): string {
  if (query.language !== undefined && query.lang !== undefined && query.language !== query.lang) {
    throw new BadRequestError("language and lang must be equal when both are given");
  }
  return query.language ?? query.lang ?? DEFAULT_LANGUAGE;
}
