import type { estypes } from "@elastic/elasticsearch";
import { CONTENT_LANGUAGES } from "../../domain/bet-builders/document.js";
import { largeFieldsOutside } from "../fixture-list/source-fields.js";

/** The fixed internal result limit of GET /bet-builders (docs/api-behaviour.md, "Active bet builders"). */
export const BET_BUILDERS_CAP = 100;

export type BetBuildersFilters = { modelIds?: number[]; fixtureId?: number; leagueIds?: number[]; isLive?: number };

/**
 * The user's active bet builders (suspend 0, status pending, fixture not finished),
 * narrowed by the filters, fixtures by kick-off and bet builders newest first within
 * a fixture, capped. The user condition is always there: no parameter can remove it.
 */
export function betBuildersListSearch(index: string, userId: number, filters: BetBuildersFilters, language: string): estypes.SearchRequest {
  const filter: estypes.QueryDslQueryContainer[] = [
    { term: { user_id: userId } },
    { term: { suspend: 0 } },
    { term: { status: 0 } },
    { term: { fixture_finished: false } },
  ];
  if (filters.modelIds) filter.push({ terms: { model_id: filters.modelIds } });
  if (filters.fixtureId !== undefined) filter.push({ term: { fixture_id: filters.fixtureId } });
  if (filters.leagueIds) filter.push({ terms: { league_id: filters.leagueIds } });
  if (filters.isLive === 1) filter.push({ term: { fixture_is_live: true } });
  if (filters.isLive === 0) filter.push({ term: { fixture_status: "NOT_STARTED" } });
  return {
    index,
    size: BET_BUILDERS_CAP,
    query: { bool: { filter } },
    sort: [{ fixture_date_time: "asc" }, { fixture_id: "asc" }, { created_at: "desc" }, { id: "desc" }],
    _source_excludes: contentExcept(language),
  };
}

/** Only the requested language's explanation and the English fallback are read. */
export function contentExcept(language: string): string[] {
  return CONTENT_LANGUAGES.filter((code) => code !== language && code !== "en").map((code) => `content.${code}`);
}

/** Fixture fields a bet-builders fixture never shows (no includes on this endpoint). */
export const FIXTURE_SOURCE_EXCLUDES = largeFieldsOutside([]);
