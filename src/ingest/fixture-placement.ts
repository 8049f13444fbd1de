import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { placeFixture } from "../domain/fixture/index-family.js";
import type { LoadableDocument } from "../store/bulk-load.js";

/** Where a rebuild sends its fixtures: the new version's two families, and the instants that decide between them. */
export type FixturePlacement = {
  families: { fixtures: string; fixtures_history: string };
  /** The data set's now, ISO. */
  now: string;
  liveHours: number;
  /** liveHours before now, ISO: a live-part fixture from then on puts its season in play. */
  liveFrom: string;
  /** Whether the rebuild records its seasons in play (a data set with history). */
  recordsInPlay: boolean;
};

/**
 * The bulk loader's `place` for a rebuild's fixtures: each goes to the live part or history as
 * `placeFixture` says at the data set's now (history keeps no statistic among the `effective`
 * values). A live-part fixture that kicked off within liveHours or is to come (not one postponed
 * long ago) adds its season to `inPlaySeasons`: where the next nightly rebuild may cut.
 */
export function fixturePlacer(
  placement: FixturePlacement,
  inPlaySeasons: Set<number>,
): (item: LoadableDocument) => { index: string; doc: object | string } {
  const now = new Date(placement.now);
  return (item) => {
    const placed = placeFixture(item.doc as FixtureDocument, now, placement.liveHours);
    if (placement.recordsInPlay && placed.family === "fixtures" && placed.doc.date_time >= placement.liveFrom) inPlaySeasons.add(placed.doc.season.id);
    return { index: placement.families[placed.family], doc: placed.doc };
  };
}
