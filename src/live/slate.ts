import type { Client } from "@elastic/elasticsearch";
import { IN_PLAY_STATUSES } from "../domain/types/statuses.js";
import { searchAllSources } from "../store/search-pages.js";
import { SLATE_FIXTURE_FIELDS, type SlateFixture } from "./live-fixture.js";

/**
 * The fixtures the simulator moves at `now`: those in play, and those not started that kick
 * off by `until` (also ones whose kick-off has passed while nobody moved them, e.g. after a
 * rebuild some time ago). Which of them are simulated is decided from `simulation`, which is
 * stored but not indexed.
 */
export async function readLiveSlate(es: Client, fixturesIndex: string, until: Date): Promise<SlateFixture[]> {
  return searchAllSources<SlateFixture>(es, {
    index: fixturesIndex,
    _source: [...SLATE_FIXTURE_FIELDS],
    query: {
      bool: {
        should: [
          { terms: { status: [...IN_PLAY_STATUSES] } },
          { bool: { filter: [{ term: { status: "NOT_STARTED" } }, { range: { date_time: { lte: until.toISOString() } } }] } },
        ],
        minimum_should_match: 1,
      },
    },
    sort: [{ id: "asc" }],
  });
}
