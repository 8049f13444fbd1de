import { z } from "../openapi/zod.js";
import { ISO_639_1_CODES } from "./language-codes.js";

/**
 * Builders for query parameters. Every rule carries a message that names the
 * parameter and the rule, because the first failing rule becomes the 400 text.
 */
export function integerParam(name: string, range: { min: number; max?: number }) {
  const message =
    range.max === undefined
      ? `${name} must be an integer of at least ${range.min}`
      : `${name} must be an integer from ${range.min} to ${range.max}`;
  // Digits beyond the safe-integer range fail `int()`: say so, or the bounds rule when there is a max.
  const bounded = z
    .number()
    .int(range.max === undefined ? `${name} is too large` : message)
    .min(range.min, message)
    .max(range.max ?? Number.MAX_SAFE_INTEGER, range.max === undefined ? `${name} is too large` : message);
  return z
    .string()
    .regex(/^-?\d+$/, message)
    .transform(Number)
    .pipe(bounded)
    .openapi({ type: "integer", minimum: range.min, ...(range.max === undefined ? {} : { maximum: range.max }) });
}

/** A comma-separated list of allowed words; the 400 lists what is supported. */
export function enumListParam<const T extends string>(name: string, allowed: readonly T[], noun = name) {
  return z
    .string()
    .transform((value, ctx) => {
      const items = value.split(",").map((item) => item.trim());
      if (items.some((item) => item === "")) {
        ctx.addIssue({ code: "custom", message: `${name} must be a comma-separated list without empty items` });
        return z.NEVER;
      }
      const unknown = [...new Set(items.filter((item) => !(allowed as readonly string[]).includes(item)))];
      if (unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `Unsupported ${noun}(s): ${unknown.join(", ")}. Supported: ${allowed.join(", ")}`,
        });
        return z.NEVER;
      }
      return [...new Set(items)] as T[];
    })
    .openapi({ type: "string", description: `Comma-separated, from: ${allowed.join(", ")}` });
}

/** True for a two-letter code that ISO 639-1 actually assigns ("xx" is not one). */
export function isIso6391(code: string): boolean {
  return ISO_639_1_CODES.has(code);
}

const LANGUAGE_RULE = "must be a two-letter lowercase ISO 639-1 language code, for example en";

export function languageParam(name: "language" | "lang") {
  return z
    .string()
    .refine(isIso6391, `${name} ${LANGUAGE_RULE}`)
    .openapi({ type: "string", pattern: "^[a-z]{2}$", example: "en" });
}

/** The `language` and `lang` pair every endpoint takes. */
export const languageShape = {
  language: languageParam("language").optional().openapi({ description: "ISO 639-1 code; default en" }),
  lang: languageParam("lang").optional().openapi({ description: "Alias of language" }),
};
