import { describe, expect, it } from "vitest";
import { changeAt, liveFixtureOf, type SlateFixture } from "../../../src/live/live-fixture.js";

const KICKOFF = 1_800_000_000;
const slateFixture = (simulated: boolean): SlateFixture => ({
  id: 5,
  date_time: new Date(KICKOFF * 1000).toISOString(),
  home_team_id: 11,
  away_team_id: 12,
  simulation: { seed: "match:5", expected_goals: { home: 2.4, away: 1.6 }, knockout: false, simulated },
});

describe("a live fixture's change at an instant", () => {
  const fixture = liveFixtureOf(slateFixture(true))!;

  it("moves only simulated fixtures", () => {
    expect(liveFixtureOf(slateFixture(false))).toBeNull();
  });

  it("suspends every live odd in the minute after a goal, and offers them again a minute later", () => {
    const goal = fixture.script.events.find((event) => event.type === "goal" && event.minute > 2 && event.minute < 40);
    expect(goal).toBeDefined();
    const slot = fixture.script.slots[goal!.slot]!;
    const live = (nowUnix: number) => changeAt(fixture, nowUnix).change.odds!.filter((odd) => odd.odd_id % 1000 >= 500);
    expect(live(slot.startUnix + 1).every((odd) => odd.suspend === 1)).toBe(true);
    expect(live(slot.startUnix + 125).some((odd) => odd.suspend === 0)).toBe(true);
  });

  it("keeps the same key while only the running seconds change, and a new one each minute", () => {
    expect(changeAt(fixture, KICKOFF + 600).key).toBe(changeAt(fixture, KICKOFF + 610).key);
    expect(changeAt(fixture, KICKOFF + 600).key).not.toBe(changeAt(fixture, KICKOFF + 660).key);
  });

  it("settles the pre-match and in-play odds at full time", () => {
    const { state, change } = changeAt(fixture, fixture.script.endUnix + 60);
    expect(state.status).toBe("FT");
    expect(change.minute).toBeNull();
    const live = change.odds!.filter((odd) => odd.odd_id % 1000 >= 500);
    expect(live).toHaveLength(55);
    expect(change.odds!.every((odd) => odd.status !== 0)).toBe(true);
  });
});
