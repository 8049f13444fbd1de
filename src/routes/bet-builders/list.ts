import type { Client, estypes } from "@elastic/elasticsearch";
import type { BetBuilderDocument } from "../../domain/bet-builders/document.js";
import { isOpen } from "../../domain/bet-builders/fixture-state.js";
import { isInPlay } from "../../domain/types/statuses.js";
import type { FixtureDocument } from "../../domain/fixture/fixture-document.js";
import { readFixturesById, type FixtureFamilies } from "../../store/fixture-reads.js";
import type { IndexNames } from "../../store/index-names.js";
import { searchHits } from "../../store/searches.js";
import { presentFixture } from "../../presenters/fixture-presenter.js";
import { presentBetBuilder, type BetBuilderFixtureView } from "./presenter.js";
import { BET_BUILDERS_CAP, betBuildersListSearch, FIXTURE_SOURCE_EXCLUDES, type BetBuildersFilters } from "../../search/bet-builders/list-query.js";

const NO_INCLUDES: ReadonlySet<string> = new Set();

/** Pages read at most when lagging copies keep rejecting bet builders (5 x the cap). */
const MAX_PAGES = 5;

/**
 * GET /bet-builders: the user's active bet builders (at most the cap), grouped under
 * their fixtures in kick-off order, newest first within a fixture. The fixtures are
 * read as they are now; a bet builder whose fixture is gone, has finished or no
 * longer matches is_live is left out even if its copied fixture fields lag behind.
 * The cap counts the bet builders that are shown: when the check against the live
 * fixtures rejects some, the next page is read (up to MAX_PAGES), so a lagging copy
 * never shortens the list.
 */
export async function listBetBuilders(
  es: Client,
  indices: Pick<IndexNames, "fixtures" | "fixtures_history" | "fixtures_all" | "bet_builders">,
  userId: number,
  filters: BetBuildersFilters,
  language: string,
): Promise<BetBuilderFixtureView[]> {
  const views = new Map<number, BetBuilderFixtureView>();
  let shown = 0;
  let after: estypes.SortResults | undefined;
  for (let page = 0; page < MAX_PAGES && shown < BET_BUILDERS_CAP; page++) {
    const hits = await searchHits<BetBuilderDocument>(es, {
      ...betBuildersListSearch(indices.bet_builders, userId, filters, language),
      ...(after ? { search_after: after } : {}),
    });
    const builders = hits.flatMap((hit) => (hit._source && hit._source.user_id === userId ? [hit._source] : []));
    const fixtures = await currentFixtures(es, indices, builders);
    for (const builder of builders) {
      if (shown === BET_BUILDERS_CAP) break;
      const fixture = fixtures.get(builder.fixture_id);
      if (!fixture || !isOpen(fixture.status)) continue;
      if (filters.isLive === 1 && !isInPlay(fixture.status)) continue;
      if (filters.isLive === 0 && fixture.status !== "NOT_STARTED") continue;
      let view = views.get(fixture.id);
      if (!view) {
        const presented = presentFixture(fixture, { language, includes: NO_INCLUDES, filters: {}, variant: "fixtures" });
        view = { ...presented, bet_builders: [] };
        views.set(fixture.id, view);
      }
      view.bet_builders.push(presentBetBuilder(builder, language));
      shown++;
    }
    if (hits.length < BET_BUILDERS_CAP) break;
    after = hits.at(-1)!.sort;
  }
  return [...views.values()];
}

/** The bet builders' fixtures as they are now, by id. */
async function currentFixtures(es: Client, families: FixtureFamilies, builders: readonly BetBuilderDocument[]): Promise<Map<number, FixtureDocument>> {
  if (builders.length === 0) return new Map();
  const fixtureIds = [...new Set(builders.map((builder) => builder.fixture_id))];
  return readFixturesById<FixtureDocument>(es, families, fixtureIds, { _source_excludes: FIXTURE_SOURCE_EXCLUDES });
}
