import { Random } from "../../../src/domain/football/random.js";

/**
 * The benchmark's standing queries, generated from a seed: a mix of /livescores and
 * /fixtures/search with varied window, where ranges, order and include. Ranges come from the
 * values the in-play fixtures hold when play starts (`ValueRange`), so most queries match
 * something while the simulator plays, some gain fixtures (values grow during a match) and
 * some lose them.
 */
export type Location = "HOME" | "AWAY" | "LEAGUE";

/** The spread of one statistic or metric over the in-play fixtures (integers, as where[] takes). */
export type ValueRange = { name: string; location: Location; min: number; median: number; max: number };

export type QueryMaterial = { ranges: readonly ValueRange[]; leagueIds: readonly number[] };

export type StreamQuery = {
  kind: "livescores" | "fixtures-search";
  /** The query string, shared by the stream and its polled endpoint. */
  params: string;
  streamPath: string;
  pollPath: string;
};

const WINDOWS = ["live", "3", "6", "12", "24", "48", "168"] as const;
const INCLUDES = ["odds", "statistics", "metrics"] as const;
const LIVESCORES_SHARE = 0.25;
const MAX_WHERE = 3;
/** The polled /fixtures/search page: its largest (the stream holds the whole set). */
export const POLL_PER_PAGE = 50;

export function generateQueries(seed: string, count: number, material: QueryMaterial): StreamQuery[] {
  if (material.ranges.length === 0) throw new Error("no statistic or metric values among the in-play fixtures to build where ranges from");
  const random = new Random(seed);
  const queries = new Map<string, StreamQuery>();
  // Distinct by construction is hard to promise (few leagues, few includes): draw until enough.
  for (let attempt = 0; queries.size < count && attempt < count * 100; attempt++) {
    const query = random.chance(LIVESCORES_SHARE) ? livescores(random, material) : fixturesSearch(random, material);
    queries.set(`${query.kind}?${query.params}`, query);
  }
  if (queries.size < count) throw new Error(`only ${queries.size} distinct queries could be drawn, ${count} asked`);
  return [...queries.values()];
}

function livescores(random: Random, material: QueryMaterial): StreamQuery {
  const params = new URLSearchParams();
  const include = includes(random);
  if (include) params.set("include", include);
  if (material.leagueIds.length > 0 && random.chance(0.5)) params.set("league_id", String(random.pick(material.leagueIds)));
  return query("livescores", "/livescores", params, null);
}

function fixturesSearch(random: Random, material: QueryMaterial): StreamQuery {
  const params = new URLSearchParams();
  params.set("window", random.pick(WINDOWS));
  // Distinct names: two ranges on one value would often exclude each other.
  const conditions = new Map<string, ValueRange>();
  for (let i = random.int(1, MAX_WHERE); i > 0; i--) {
    const range = random.pick(material.ranges);
    conditions.set(range.name, range);
  }
  for (const range of conditions.values()) params.append(`where[${range.name}]`, `${whereRange(random, range)}:${range.location}`);
  if (random.chance(0.5)) {
    const range = random.pick(material.ranges);
    params.set(`order[${range.name}]`, `${random.chance(0.5) ? "DESC" : "ASC"}:${range.location}`);
  }
  const include = includes(random);
  if (include) params.set("include", include);
  return query("fixtures-search", "/fixtures/search", params, `per_page=${POLL_PER_PAGE}`);
}

/**
 * Wide ranges hold most in-play fixtures for the whole phase; the upper half gains fixtures
 * as values grow, the lower half loses them: enter, update and leave all happen.
 */
export function whereRange(random: Random, range: ValueRange): string {
  const slack = Math.max(1, Math.ceil((range.max - range.min) / 4));
  const shape = random.int(0, 2);
  if (shape === 0) return `${range.min}:${range.max + slack}`;
  if (shape === 1) return `${range.median}:${range.max + 4 * slack}`;
  return `${range.min}:${range.median}`;
}

function includes(random: Random): string {
  return INCLUDES.filter(() => random.chance(0.35)).join(",");
}

function query(kind: StreamQuery["kind"], path: string, params: URLSearchParams, pollPage: string | null): StreamQuery {
  const text = params.toString();
  const withQuery = (base: string, query: string) => (query ? `${base}?${query}` : base);
  return {
    kind,
    params: text,
    streamPath: withQuery(`${path}/stream`, text),
    pollPath: withQuery(path, [text, pollPage].filter(Boolean).join("&")),
  };
}
