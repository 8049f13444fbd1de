import type { Client } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { liveSlateRequest, writtenSinceRequest } from "../search/live/slate-query.js";
import { refreshIndex } from "../store/index-state.js";
import { searchAllSources } from "../store/search-pages.js";
import { SLATE_FIXTURE_FIELDS, type SlateFixture } from "./live-fixture.js";

/** The fixtures the simulator moves at `now` (search/live/slate-query.ts says which). */
export async function readLiveSlate(es: Client, fixturesIndex: string, until: Date): Promise<SlateFixture[]> {
  return searchAllSources<SlateFixture>(es, liveSlateRequest(fixturesIndex, SLATE_FIXTURE_FIELDS, until));
}

export type WrittenFixture = Pick<FixtureDocument, "id" | "status" | "season">;

/** The fixtures of the live part written since `since` (refreshed first: the last writes count). */
export async function readWrittenSince(es: Client, fixturesIndex: string, since: Date): Promise<WrittenFixture[]> {
  await refreshIndex(es, fixturesIndex);
  return searchAllSources<WrittenFixture>(es, writtenSinceRequest(fixturesIndex, ["id", "status", "season.id"], since));
}
