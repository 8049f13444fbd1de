import { isInPlay } from "../types/statuses.js";
import type { FixtureDocument } from "../fixture/fixture-document.js";
import type { BetBuilderDocument } from "./document.js";

/** The stored fixture fields bet builder generation and pricing read. */
export const PRICING_FIXTURE_FIELDS = [
  "id",
  "date_time",
  "status",
  "is_live",
  "minute",
  "league.id",
  "home_team_id",
  "away_team_id",
  "scores",
  "odds",
] as const;

export type PricingFixture = Pick<
  FixtureDocument,
  "id" | "date_time" | "status" | "is_live" | "minute" | "home_team_id" | "away_team_id" | "scores" | "odds"
> & { league: Pick<FixtureDocument["league"], "id"> };

export type FixtureCopy = Pick<
  BetBuilderDocument,
  "fixture_id" | "league_id" | "fixture_date_time" | "fixture_status" | "fixture_is_live" | "fixture_finished"
>;

/** A fixture still to be played or being played: the only ones bet builders are listed for. */
export function isOpen(status: string): boolean {
  return status === "NOT_STARTED" || isInPlay(status);
}

/** The copy of the fixture's state a bet builder keeps for filtering (document.ts). */
export function fixtureCopy(fixture: Pick<PricingFixture, "id" | "date_time" | "status" | "league">): FixtureCopy {
  return {
    fixture_id: fixture.id,
    league_id: fixture.league.id,
    fixture_date_time: fixture.date_time,
    fixture_status: fixture.status,
    fixture_is_live: isInPlay(fixture.status),
    fixture_finished: !isOpen(fixture.status),
  };
}

/** The score of one side by developer_name, when the fixture has it. */
export function scoreOf(
  fixture: Pick<PricingFixture, "scores">,
  teamId: number,
  developerName: "1ST_HALF" | "2ND_HALF" | "CURRENT",
): number | undefined {
  return (fixture.scores ?? []).find((score) => score.team_id === teamId && score.developer_name === developerName)?.value;
}
