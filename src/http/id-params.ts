import { z } from "../openapi/zod.js";

/**
 * The one reading of ids in a query: a single id (`season_id`, `/bet-builders/:id`), a
 * comma-separated list (`league_id`) and the id keys of `filter[...]` all accept the same
 * values, and differ only in the 400 text that names the parameter.
 */

/** Comma-separated id lists hold at most this many ids (docs/api-behaviour.md, "Id lists"). */
export const MAX_IDS_PER_LIST = 100;

/**
 * An id that cannot exist (beyond the safe-integer range, so no document carries it):
 * such a lookup is a miss (404 or an empty list), not a 400, since the value is a
 * positive integer. -1 matches no document.
 */
export const UNMATCHABLE_ID = -1;

/** A positive integer id as sent (digits, not all zeros), or null for anything else. */
export function readPositiveId(raw: string): number | null {
  if (!/^\d+$/.test(raw) || !/[1-9]/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : UNMATCHABLE_ID;
}

export type IdListResult = { ok: true; ids: number[] } | { ok: false; tooMany: true } | { ok: false; tooMany: false; item: string };

/** The ids of a list's items, de-duplicated and in order; the count is checked before the items. */
export function readIdList(items: readonly string[]): IdListResult {
  if (items.length > MAX_IDS_PER_LIST) return { ok: false, tooMany: true };
  const ids: number[] = [];
  for (const item of items) {
    const id = readPositiveId(item);
    if (id === null) return { ok: false, tooMany: false, item };
    ids.push(id);
  }
  return { ok: true, ids: [...new Set(ids)] };
}

/** One positive integer id; `rule` is the 400 text for anything else. */
export function positiveIdParam(rule: string) {
  return z
    .string({ error: rule })
    .transform((value, ctx) => {
      const id = readPositiveId(value);
      if (id !== null) return id;
      ctx.addIssue({ code: "custom", message: rule });
      return z.NEVER;
    })
    .openapi({ type: "integer", minimum: 1 });
}

/** A comma-separated list of positive integer ids (spaces around the commas allowed), de-duplicated. */
export function idListParam(name: string) {
  const rule = `${name} must be a comma-separated list of at most ${MAX_IDS_PER_LIST} positive integer ids`;
  return z
    .string()
    .transform((value, ctx) => {
      const result = readIdList(value.split(",").map((item) => item.trim()));
      if (result.ok) return result.ids;
      ctx.addIssue({ code: "custom", message: rule });
      return z.NEVER;
    })
    .openapi({ type: "string", description: `Comma-separated ids, at most ${MAX_IDS_PER_LIST}`, example: "8,564" });
}
