import type { Client } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { liveSlateRequest, writtenSinceRequest } from "../search/live/slate-query.js";
import { refreshIndex } from "../store/index-state.js";
import { searchAllSources } from "../store/search-pages.js";
import { searchSources } from "../store/searches.js";
import { SLATE_FIXTURE_FIELDS, type SlateFixture } from "./live-fixture.js";

/** The fixtures the simulator moves at `now` (search/live/slate-query.ts says which). */
export async function readLiveSlate(es: Client, fixturesIndex: string, until: Date): Promise<SlateFixture[]> {
  return searchAllSources<SlateFixture>(es, liveSlateRequest(fixturesIndex, SLATE_FIXTURE_FIELDS, until));
}

export type WrittenFixture = Pick<FixtureDocument, "id" | "status" | "season" | "simulation">;

/** The most fixtures a new writer follows up (a live slate writes a few dozen per tick). */
const MAX_FOLLOWED_UP = 1_000;

/** The fixtures of the live part a live feed wrote (they carry its mark) since `since`; refreshed first, so the last writes count. */
export async function readFeedWrittenSince(es: Client, fixturesIndex: string, since: Date): Promise<WrittenFixture[]> {
  await refreshIndex(es, fixturesIndex);
  const written = await searchSources<WrittenFixture>(es, writtenSinceRequest(fixturesIndex, ["id", "status", "season.id", "simulation.last_update"], since, MAX_FOLLOWED_UP));
  return written.filter((doc) => doc.simulation?.last_update !== undefined);
}
