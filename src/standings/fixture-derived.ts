import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { effectiveValuesIn, type FixtureFamily } from "../domain/fixture/index-family.js";
import { fixtureSearchFields } from "../domain/text/search-fields.js";
import { settledSelections } from "../domain/fixture/settled-selections.js";
import { finalResult } from "../domain/fixture/final-result.js";
import { inPlayFields } from "../domain/fixture/in-play-states.js";
import { unpackTrends } from "../domain/fixture/packed-trends.js";

/**
 * The indexed-only fields of a fixture (`effective`, `settled_selections`, `final_result`, `in_play`, `search`; left out of `_source`,
 * indices/fixtures.json), recomputed for a partial update: Elasticsearch re-indexes an
 * updated document from its stored `_source`, so a writer that does not send them
 * along drops them from the index. `search` needs every name of both teams, which
 * the fixture does not store: they come from the teams index, exactly the names
 * buildFixtureDocument uses (name, alternate names, translations); a team that is not
 * there (a placeholder side) contributes its displayed name. `family` is the index written to:
 * history keeps fewer `effective` values (index-family.ts, `effectiveValuesIn`).
 */
export function derivedFixtureFields(
  doc: Pick<FixtureDocument, "id" | "status" | "odds" | "date_time" | "league" | "participants" | "statistics" | "metrics" | "home_team_id" | "away_team_id" | "scores" | "trends">,
  teamNames: ReadonlyMap<number, string[]>,
  family: FixtureFamily,
): Pick<FixtureDocument, "effective" | "settled_selections" | "final_result" | "in_play" | "in_play_final" | "search"> {
  const namesOf = (location: "home" | "away") => {
    const participant = doc.participants.find((p) => p.location === location);
    if (!participant) return [];
    return teamNames.get(participant.id) ?? [participant.name];
  };
  return {
    effective: effectiveValuesIn(family, { statistics: doc.statistics ?? [], metrics: doc.metrics ?? [] }),
    settled_selections: settledSelections({ id: doc.id, status: doc.status, odds: doc.odds ?? [], date_time: doc.date_time, league: doc.league }),
    final_result: finalResult(doc),
    ...inPlayFields({ ...doc, trends: doc.trends ? unpackTrends(doc.trends) : null }),
    search: fixtureSearchFields(namesOf("home"), namesOf("away")),
  };
}
