/**
 * What the mixed load asks for, taken from the data under test so that every request finds
 * something: fixtures by day and by id, fixtures/search windows, entity search by team name,
 * livescores. Requests rotate through the kinds in a fixed order. Each asks for one include
 * (responses of 20-100 KB): the heaviest combinations (odds with trends and last_fixtures,
 * megabytes per response) would measure serialisation, not the service under load.
 */
import type { Client } from "@elastic/elasticsearch";
import type { IndexNames } from "../../src/store/index-names.js";
import type { LoadRequest, ResponseCheck } from "./mixed-load.js";

type SampledFixture = { id: number; date_time: string; season: { is_current: boolean }; participants: Array<{ name: string }> };

export interface LoadTargets {
  days: string[];
  /** Fixtures of past seasons: a rebuild of the same source keeps their ids. */
  stableIds: number[];
  teamNames: string[];
}

const SAMPLE_SIZE = 300;
const IDS_PER_REQUEST = 10;

export async function sampleTargets(es: Client, names: IndexNames): Promise<LoadTargets> {
  // Every season: by day and by id read the live part and history alike.
  const response = await es.search<SampledFixture>({
    index: names.fixtures_all,
    size: SAMPLE_SIZE,
    _source: ["id", "date_time", "season.is_current", "participants.name"],
    query: { function_score: { query: { match_all: {} }, functions: [{ random_score: { seed: 7, field: "_seq_no" } }] } },
  });
  const fixtures = response.hits.hits.map((hit) => hit._source).filter((doc): doc is SampledFixture => doc !== undefined);
  const targets: LoadTargets = {
    days: [...new Set(fixtures.map((f) => f.date_time.slice(0, 10)))],
    stableIds: fixtures.filter((f) => !f.season.is_current).map((f) => f.id),
    teamNames: [...new Set(fixtures.flatMap((f) => f.participants.map((p) => p.name)))],
  };
  if (targets.days.length === 0 || targets.stableIds.length < IDS_PER_REQUEST || targets.teamNames.length === 0) {
    throw new Error(`${names.fixtures_all} holds too little data for the load (rebuild it first)`);
  }
  return targets;
}

/** A typing slip: the name with one inner letter dropped, as people type into a search box. */
export function misspelt(name: string, n: number): string {
  if (name.length < 6) return name;
  const at = 2 + (n % (name.length - 4));
  return name.slice(0, at) + name.slice(at + 1);
}

export const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/** The endpoints of the mixed load, one after the other, with the sample's values. */
export function mixedRequests(targets: LoadTargets): () => LoadRequest {
  let n = 0;
  const kinds: Array<(i: number) => LoadRequest> = [
    (i) => ({ kind: "fixtures by day", path: `/fixtures?date=${pick(targets.days, i)}&include=statistics` }),
    (i) => {
      const start = (i * IDS_PER_REQUEST) % Math.max(1, targets.stableIds.length - IDS_PER_REQUEST);
      const ids = targets.stableIds.slice(start, start + IDS_PER_REQUEST);
      return { kind: "fixtures by id", path: `/fixtures?fixture_id=${ids.join(",")}&include=metrics`, expectIds: ids };
    },
    (i) => ({ kind: "fixtures/search", path: i % 2 ? "/fixtures/search?window=live" : "/fixtures/search?window=48&order[GOALS]=desc" }),
    (i) => ({ kind: "search", path: `/search?q=${encodeURIComponent(misspelt(pick(targets.teamNames, i), i))}&types=team,league,fixture` }),
    () => ({ kind: "livescores", path: "/livescores?include=statistics" }),
  ];
  return () => {
    const i = n++;
    return pick(kinds, i)(Math.floor(i / kinds.length));
  };
}

/** Fails a response that lacks any fixture it must hold: only an incomplete index answers so. */
export const completeIndexCheck: ResponseCheck = (request, body) => {
  if (!request.expectIds) return null;
  const got = new Set((JSON.parse(body) as { fixtures: Array<{ id: number }> }).fixtures.map((f) => f.id));
  const missing = request.expectIds.filter((id) => !got.has(id));
  return missing.length > 0 ? `${missing.length} of ${request.expectIds.length} known fixtures missing` : null;
};
