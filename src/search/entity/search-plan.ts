import type { estypes } from "@elastic/elasticsearch";
import type { IndexNames } from "../../store/index-names.js";
import { fixtureCandidateQuery, referenceCandidateQuery, TEAM_FUZZINESS, withPriorBonus } from "./candidate-queries.js";
import { COUNTRY_SOURCE, FIXTURE_SIDES, FIXTURE_SOURCE, LEAGUE_SOURCE, TEAM_SOURCE } from "./documents.js";
import { fixtureQuery } from "./fixture-score.js";
import { queryText } from "./query-text.js";

export const ENTITY_TYPES = ["country", "league", "team", "fixture"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** Validated /search input. */
export type EntitySearchInput = { q: string; types: readonly EntityType[]; limit: number; now: Date };

/**
 * How many candidates each type brings back for rescoring. Enough that the best match is
 * among them for misspelt and partial queries (measured by npm run eval:search), few enough
 * that fetching and scoring them stays cheap (teams come in order of prominence too:
 * candidate-queries.ts, withPriorBonus). Countries and leagues: 10 each (the evaluation's 48
 * country and 97 league queries rank the same from 5 up).
 */
export const CANDIDATES: Readonly<Record<EntityType, number>> = { country: 10, league: 10, team: 25, fixture: 10 };

/** One search of the msearch: an entity type's candidates, or the in-play count per league. */
export type PlanStep = EntityType | "live";

export type SearchPlan = { steps: PlanStep[]; searches: estypes.MsearchRequestItem[] };

/**
 * The one request an entity search sends: an _msearch with a candidate search per requested
 * type, plus, when leagues are asked for, the count of fixtures in play per league (leagues'
 * `live` is computed at request time, never stored).
 */
export function entitySearchPlan(input: EntitySearchInput, indices: IndexNames): SearchPlan {
  const steps: PlanStep[] = [];
  const searches: estypes.MsearchRequestItem[] = [];
  const add = (step: PlanStep, index: string, body: estypes.SearchSearchRequestBody) => {
    steps.push(step);
    // A missing shard must fail the search rather than silently drop a match
    // (docs/design.md, "No partial results").
    searches.push({ index, allow_partial_search_results: false }, { track_total_hits: false, ...body });
  };
  const text = queryText(input.q);
  // Candidates are the top hits by relevance: equal scores at the cut are decided by id (and a
  // fixture's kick-off first), not by where a document happens to sit in the index, so the same
  // data gives the same answer after any rebuild, merge or replica.
  const byScoreThenId: estypes.Sort = ["_score", { id: "asc" }];
  for (const type of input.types) {
    if (type === "country") {
      add(type, indices.countries, { query: referenceCandidateQuery(text, { codeFields: ["alpha3", "alpha2"] }), size: CANDIDATES.country, sort: byScoreThenId, _source: COUNTRY_SOURCE });
    } else if (type === "league") {
      add(type, indices.leagues, { query: referenceCandidateQuery(text), size: CANDIDATES.league, sort: byScoreThenId, _source: LEAGUE_SOURCE });
      add("live", indices.fixtures, liveCountBody());
    } else if (type === "team") {
      add(type, indices.teams, { query: withPriorBonus(referenceCandidateQuery(text, { codeFields: ["short_code"], fuzziness: TEAM_FUZZINESS })), size: CANDIDATES.team, sort: byScoreThenId, _source: TEAM_SOURCE });
    } else {
      // Fans look up past matches too: fixtures across the live part and history.
      add(type, indices.fixtures_all, {
        query: fixtureCandidateQuery(fixtureQuery(input.q).whole, input.now),
        size: CANDIDATES.fixture,
        sort: ["_score", { date_time: "asc" }, { id: "asc" }],
        _source: FIXTURE_SOURCE,
        docvalue_fields: FIXTURE_SIDES,
      });
    }
  }
  return { steps, searches };
}

/** The number of leagues a live count covers at most (far more than exist). */
const MAX_LEAGUES = 10_000;

function liveCountBody(): estypes.SearchSearchRequestBody {
  return {
    size: 0,
    query: { bool: { filter: [{ term: { is_live: true } }] } },
    aggs: { by_league: { terms: { field: "league.id", size: MAX_LEAGUES } } },
  };
}
