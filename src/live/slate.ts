import type { Client } from "@elastic/elasticsearch";
import { liveSlateRequest } from "../search/live/slate-query.js";
import { searchAllSources } from "../store/search-pages.js";
import { SLATE_FIXTURE_FIELDS, type SlateFixture } from "./live-fixture.js";

/** The fixtures the simulator moves at `now` (search/live/slate-query.ts says which). */
export async function readLiveSlate(es: Client, fixturesIndex: string, until: Date): Promise<SlateFixture[]> {
  return searchAllSources<SlateFixture>(es, liveSlateRequest(fixturesIndex, SLATE_FIXTURE_FIELDS, until));
}
