import type { ParsedUrlQuery } from "node:querystring";
import { METRIC_GROUPS } from "../domain/types/developer-types.js";
import { DEVELOPER_NAMES } from "../domain/types/types.js";
import { LOCATIONS, type Location, type OrderClause, type WhereCondition } from "../search/fixtures-search/conditions.js";
import { BadRequestError } from "./errors.js";
import { MAX_IDS_PER_LIST, readIdList } from "./id-params.js";
import type { Filters } from "../presenters/fixture-filters.js";

/**
 * The one parser of the bracketed query syntax: `where[NAME]=min:max[:location]`,
 * `order[NAME]=DIR[:location]` and `filter[KIND]=key:v,v;key:v`. Everything after
 * this module works on typed values; every rule broken is a 400 naming the parameter.
 */

export const MAX_WHERE_CONDITIONS = 10;

const BRACKET_RE = /^([a-z_]+)\[([^\]]*)\]$/;

/**
 * A key that starts like where[, order[ or filter[ but is not `family[NAME]` is a typo
 * that would silently widen the results: an endpoint that reads that family rejects it
 * instead of ignoring it. On an endpoint that does not read the family it is one more
 * unknown parameter, and ignored like the others.
 */
function assertWellFormedBrackets(query: ParsedUrlQuery, family: string): void {
  for (const key of Object.keys(query)) {
    if (key.startsWith(`${family}[`) && !BRACKET_RE.test(key)) {
      throw new BadRequestError(`Malformed parameter ${key}: use ${family}[NAME]=...`);
    }
  }
}

/** `[family, inner, raw values]` for every bracketed key, in query order. */
function bracketed(query: ParsedUrlQuery, family: string): Array<[string, string[]]> {
  assertWellFormedBrackets(query, family);
  const result: Array<[string, string[]]> = [];
  for (const [key, value] of Object.entries(query)) {
    const match = BRACKET_RE.exec(key);
    if (!match || match[1] !== family || value === undefined) continue;
    result.push([match[2] ?? "", Array.isArray(value) ? value : [value]]);
  }
  return result;
}

function parseLocation(raw: string | undefined, parameter: string): Location {
  if (raw === undefined) return "LEAGUE";
  const location = raw.toUpperCase();
  if (!(LOCATIONS as readonly string[]).includes(location)) {
    throw new BadRequestError(`${parameter} location must be HOME, AWAY or LEAGUE`);
  }
  return location as Location;
}

/**
 * NAME must be a developer_name from /types, else 400. Every listed name is accepted; the
 * query reads it among statistics and metrics (the `effective` entries), so a name only trends
 * or standings carry matches nothing (docs/api-behaviour.md, "Where and order values").
 */
function knownName(name: string, family: string): string {
  if (name === "") throw new BadRequestError(`${family}[] needs a developer_name, for example ${family}[CORNERS]`);
  if (!DEVELOPER_NAMES.has(name)) throw new BadRequestError(`Unknown developer_name: ${name}`);
  return name;
}

/** Up to this many digits: every such integer is exact in a double, as Elasticsearch's range needs. */
export const MAX_WHERE_DIGITS = 15;
const INTEGER_RE = new RegExp(`^-?\\d{1,${MAX_WHERE_DIGITS}}$`);

/** Every `where[NAME]` value is a condition (a repeated NAME adds conditions). */
export function parseWhere(query: ParsedUrlQuery): WhereCondition[] {
  const conditions: WhereCondition[] = [];
  for (const [name, values] of bracketed(query, "where")) {
    for (const value of values) {
      const parameter = `where[${name}]`;
      const parts = value.split(":");
      if (parts.length < 2 || parts.length > 3) {
        throw new BadRequestError(`${parameter} must be min:max or min:max:location, for example 2:5:HOME`);
      }
      const [minRaw = "", maxRaw = "", location] = parts;
      if (!INTEGER_RE.test(minRaw) || !INTEGER_RE.test(maxRaw)) {
        throw new BadRequestError(`${parameter} min and max must both be integers of at most ${MAX_WHERE_DIGITS} digits`);
      }
      const min = Number(minRaw);
      const max = Number(maxRaw);
      if (min > max) throw new BadRequestError(`${parameter} min must not be greater than max`);
      conditions.push({ name: knownName(name, "where"), min, max, location: parseLocation(location, parameter) });
    }
  }
  if (conditions.length > MAX_WHERE_CONDITIONS) throw new BadRequestError(`At most ${MAX_WHERE_CONDITIONS} where filters are allowed`);
  return conditions;
}

/**
 * Only the first `order[...]` counts; later ones are ignored unread (docs/api-behaviour.md,
 * "Unknown and repeated parameters").
 */
export function parseOrder(query: ParsedUrlQuery): OrderClause | null {
  const first = bracketed(query, "order")[0];
  if (!first) return null;
  const [name, values] = first;
  const parameter = `order[${name}]`;
  const [direction = "", location, ...rest] = (values[0] ?? "").split(":");
  if (rest.length > 0 || !/^(asc|desc)$/i.test(direction)) {
    throw new BadRequestError(`${parameter} must be ASC or DESC, optionally followed by :HOME, :AWAY or :LEAGUE`);
  }
  return {
    name: knownName(name, "order"),
    direction: direction.toLowerCase() as "asc" | "desc",
    location: parseLocation(location, parameter),
  };
}

export type FilterKind = keyof Filters;

type KeyParser = (values: string[], parameter: string, key: string) => unknown;

/** The same ids as every other id list; an id too large to exist selects nothing. */
const ids: KeyParser = (values, parameter, key) => {
  const result = readIdList(values);
  if (result.ok) return result.ids;
  if (result.tooMany) throw new BadRequestError(`${parameter} ${key} takes at most ${MAX_IDS_PER_LIST} ids`);
  throw new BadRequestError(`${parameter} ${key} must be positive integer ids, got '${result.item}'`);
};

const flags: KeyParser = (values, parameter, key) =>
  values.map((value) => {
    if (value !== "0" && value !== "1") throw new BadRequestError(`${parameter} ${key} must be 0 or 1, got '${value}'`);
    return Number(value);
  });
const enumOf =
  (allowed: readonly string[]): KeyParser =>
  (values, parameter, key) =>
    values.map((value) => {
      if (!allowed.includes(value)) {
        throw new BadRequestError(`${parameter} ${key} must be from ${allowed.join(", ")}, got '${value}'`);
      }
      return value;
    });
const names: KeyParser = (values, parameter, key) =>
  values.map((value) => {
    if (!/^[A-Z0-9_]{1,64}$/.test(value)) throw new BadRequestError(`${parameter} ${key} must be developer names, got '${value}'`);
    return value;
  });

const FILTER_KEYS: Record<FilterKind, Record<string, KeyParser>> = {
  metrics: { types: ids, developer_types: enumOf(METRIC_GROUPS) },
  statistics: { types: ids },
  odds: { bookmakers: ids, markets: ids, is_live: flags, suspend: flags },
  trends: { developer_names: names, types: ids },
};

/**
 * `filter[KIND]=key:v1,v2;key2:v3`: `;` between keys (AND), `,` inside a key (OR).
 * Each filter needs its include; kinds the endpoint does not offer are a 400.
 */
export function parseFilters(query: ParsedUrlQuery, offered: readonly FilterKind[], includes: ReadonlySet<string>): Filters {
  const filters: Filters = {};
  for (const [kind, values] of bracketed(query, "filter")) {
    const parameter = `filter[${kind}]`;
    if (!(offered as readonly string[]).includes(kind)) {
      throw new BadRequestError(`Unsupported filter: ${parameter}. Supported: ${offered.map((k) => `filter[${k}]`).join(", ")}`);
    }
    if (values.length > 1) throw new BadRequestError(`${parameter} must be given only once`);
    if (!includes.has(kind)) throw new BadRequestError(`${parameter} needs include=${kind}`);
    const keys = FILTER_KEYS[kind as FilterKind];
    const parsed: Record<string, unknown> = {};
    for (const part of (values[0] ?? "").split(";")) {
      const separator = part.indexOf(":");
      const key = separator === -1 ? part : part.slice(0, separator);
      // Own keys only: "constructor" or "__proto__" must be an unknown key, not Object's own members.
      const parseKey = Object.hasOwn(keys, key) ? keys[key] : undefined;
      if (!parseKey) {
        throw new BadRequestError(`${parameter} has an unknown key '${key}'. Keys: ${Object.keys(keys).join(", ")}`);
      }
      if (Object.hasOwn(parsed, key)) throw new BadRequestError(`${parameter} repeats the key ${key}`);
      const items = separator === -1 ? [] : part.slice(separator + 1).split(",");
      if (items.length === 0 || items.some((item) => item === "")) {
        throw new BadRequestError(`${parameter} ${key} needs a comma-separated list of values`);
      }
      parsed[key] = [...new Set(parseKey(items, parameter, key) as unknown[])];
    }
    (filters as Record<string, unknown>)[kind] = parsed;
  }
  return filters;
}
