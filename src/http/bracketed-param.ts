import { MAX_WHERE_CONDITIONS, MAX_WHERE_DIGITS } from "./bracket-params.js";
import { z } from "../openapi/zod.js";

/**
 * A bracketed parameter (`where[...]`, `order[...]`, `filter[...]`) as OpenAPI documents it: an
 * object in deepObject style. Only the document reads it; the bracket parser validates.
 */
export const bracketedParam = (description: string, example: Record<string, string>) =>
  z.record(z.string(), z.string()).optional().openapi({ description, example, param: { style: "deepObject", explode: true } });

/** The grammar of `where[...]` as the backtests take it from /fixtures/search, then what its names may be (`names`). */
export function whereAsOnSearch(names: string): string {
  return (
    `where[DEVELOPER_NAME]=min:max[:HOME|AWAY|LEAGUE], as on /fixtures/search (integers of at most ${MAX_WHERE_DIGITS} digits, ` +
    `both inclusive, location default LEAGUE, at most ${MAX_WHERE_CONDITIONS}, ANDed), ${names}`
  );
}
