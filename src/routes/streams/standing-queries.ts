import { canonicalJson } from "../../domain/canonical-json.js";
import type { AppDeps } from "../../http/context.js";
import type { FixtureVariant } from "../../presenters/fixture-presenter.js";
import type { Filters } from "../../presenters/fixture-filters.js";
import { buildLivescoresSearch } from "../../search/fixture-list/livescores-query.js";
import { fixturesSearchRequest } from "../../search/fixtures-search/search-request.js";
import { windowClockEdges } from "../../search/fixtures-search/window-filter.js";
import { fullPageWindow } from "../../search/page-window.js";
import type { StandingQuerySpec } from "../../streams/standing-query.js";
import type { FixturesSearchStreamInput } from "../fixtures-search/schema.js";
import type { LivescoresInput } from "../livescores/schema.js";

/**
 * The standing queries of the two streams: each asks the polled endpoint's own builder and
 * presents with the polled endpoint's variant, so a stream and its endpoint cannot disagree.
 * The key is the validated input in canonical form: clients that ask the same question, in
 * any spelling, share one standing query.
 */
type Presentation = { language: string; includes: ReadonlySet<string>; filters: Filters; variant: FixtureVariant };

function presentation(deps: AppDeps, options: Presentation): Pick<StandingQuerySpec, "present" | "peek" | "presentation"> {
  return {
    presentation: canonicalJson(options),
    present: (fixture) => deps.fixtureJsonCache.chunks(fixture, options),
    peek: (version) => deps.fixtureJsonCache.peek(version, options),
  };
}

export function livescoresStandingQuery(deps: AppDeps, input: LivescoresInput): StandingQuerySpec {
  const { language, includes, filters, sportId, leagueIds } = input;
  return {
    key: canonicalJson({ stream: "livescores", language, includes, filters, sportId, leagueIds: leagueIds && new Set(leagueIds) }),
    request: () => buildLivescoresSearch({ index: deps.indices.fixtures, sportId, leagueIds, includes }),
    ...presentation(deps, { language, includes, filters, variant: "livescores" }),
  };
}

export function fixturesSearchStandingQuery(deps: AppDeps, input: FixturesSearchStreamInput): StandingQuerySpec {
  const { language, includes, filters, window, statuses, leagueIds, where, order } = input;
  return {
    key: canonicalJson({
      stream: "fixtures-search",
      language,
      includes,
      filters,
      window,
      statuses: statuses && new Set(statuses),
      leagueIds: leagueIds && new Set(leagueIds),
      where: new Set(where.map((condition) => canonicalJson(condition))),
      order,
    }),
    // The page is a placeholder: a standing request reads the whole result set.
    request: (now) => fixturesSearchRequest({ ...input, pageWindow: fullPageWindow(1, 1) }, { index: deps.indices.fixtures, now, liveHours: deps.config.indexLayout.liveHours }),
    clockEdges: (dateTimeMs) => windowClockEdges(window, statuses, deps.config.indexLayout.liveHours, dateTimeMs),
    ...presentation(deps, { language, includes, filters, variant: "search" }),
  };
}
