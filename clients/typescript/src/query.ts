/**
 * The bracket syntax of the API from typed objects, in one place:
 * `where: { CORNERS: { min: 5, scope: "HOME" } }` -> `where[CORNERS]=5:999999999999999:HOME`,
 * `order: { by: "CORNERS", direction: "desc" }` -> `order[CORNERS]=desc:LEAGUE`,
 * `filter: { odds: "bookmakers:1,2" }` -> `filter[odds]=bookmakers:1,2`, lists joined with commas.
 */
export type Scope = "HOME" | "AWAY" | "LEAGUE";

/** A range on a statistic or metric (`developer_name` from /types), both ends inclusive. */
export type Range = { min?: number; max?: number; scope?: Scope };
/** Conditions are ANDed; several ranges on one name add conditions. */
export type Where = Record<string, Range | readonly Range[]>;
/** Only one order counts (the API reads the first). */
export type Order = { by: string; direction?: "asc" | "desc"; scope?: Scope };

/** The API takes integers of at most 15 digits: an open end is the widest such bound. */
const WIDEST = 999_999_999_999_999;

function rangeText({ min, max, scope }: Range): string {
  for (const bound of [min, max]) {
    if (bound !== undefined && (!Number.isInteger(bound) || Math.abs(bound) > WIDEST)) {
      throw new RangeError(`where bounds must be integers of at most 15 digits, got ${bound}`);
    }
  }
  return `${min ?? -WIDEST}:${max ?? WIDEST}:${scope ?? "LEAGUE"}`;
}

/** `where[NAME]` parameters; a name with several ranges repeats. */
export function whereParams(where: Where): Array<[string, string]> {
  return Object.entries(where).flatMap(([name, ranges]) =>
    (Array.isArray(ranges) ? ranges : [ranges as Range]).map((range): [string, string] => [`where[${name}]`, rangeText(range)]),
  );
}

export function orderParams(order: Order): Array<[string, string]> {
  return [[`order[${order.by}]`, `${order.direction ?? "desc"}:${order.scope ?? "LEAGUE"}`]];
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[] | Record<string, string | undefined>;

/**
 * A query string from the client's parameters: `where` and `order` in their typed forms,
 * other objects (`filter`) as `name[key]`, arrays joined with commas.
 */
export function serializeQuery(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, raw] of Object.entries(query)) {
    const value = raw as QueryValue | Where | Order;
    if (value === undefined || value === null) continue;
    if (name === "where" && typeof value === "object") for (const [key, text] of whereParams(value as Where)) params.append(key, text);
    else if (name === "order" && typeof value === "object" && !Array.isArray(value)) for (const [key, text] of orderParams(value as Order)) params.append(key, text);
    else if (Array.isArray(value)) params.append(name, value.join(","));
    else if (typeof value === "object") {
      for (const [key, text] of Object.entries(value)) if (text !== undefined) params.append(`${name}[${key}]`, String(text));
    } else params.append(name, String(value));
  }
  // Brackets, colons and commas are legal in a query: left readable, as the documentation writes them.
  return params.toString().replace(/%5B/g, "[").replace(/%5D/g, "]").replace(/%3A/g, ":").replace(/%2C/g, ",");
}
