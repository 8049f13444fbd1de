import { describe, expect, it } from "vitest";
import { IN_PLAY_STATUSES } from "../../../../src/domain/types/statuses.js";
import { defaultStatuses, windowClockEdges, windowFilter } from "../../../../src/search/fixtures-search/window-filter.js";

const now = new Date("2026-11-21T15:30:00.000Z");

describe("defaultStatuses", () => {
  it("is the in-play set for window=live", () => {
    expect(defaultStatuses("live")).toEqual([...IN_PLAY_STATUSES]);
  });

  it("adds NOT_STARTED for windows 3 to 168", () => {
    for (const window of [3, 6, 12, 24, 48, 168] as const) {
      expect(new Set(defaultStatuses(window))).toEqual(new Set(["NOT_STARTED", ...IN_PLAY_STATUSES]));
    }
  });
});

describe("windowFilter", () => {
  it("has no date condition for window=live, only the statuses", () => {
    expect(windowFilter("live", undefined, now, 72)).toEqual([{ terms: { status: [...IN_PLAY_STATUSES] } }]);
  });

  it("searches settled statuses in window=live only up to liveHours after kick-off (the live part's span)", () => {
    expect(windowFilter("live", ["FT", "HT"], now, 72)).toEqual([
      { terms: { status: ["FT", "HT"] } },
      {
        bool: {
          should: [
            { bool: { must_not: { terms: { status: ["FT", "AWARDED", "CANCELLED", "ABANDONED", "NO_RESULT"] } } } },
            { range: { date_time: { gte: "2026-11-18T15:30:00.000Z" } } },
          ],
          minimum_should_match: 1,
        },
      },
    ]);
    expect(JSON.stringify(windowFilter("live", ["CANCELLED"], now, 24))).toContain('"gte":"2026-11-20T15:30:00.000Z"');
    expect(windowFilter("live", ["POSTPONED"], now, 72)).toEqual([{ terms: { status: ["POSTPONED"] } }]);
  });

  it("holds in-play fixtures or kick-offs from now to now + N hours, both edges inclusive", () => {
    expect(windowFilter(24, undefined, now, 72)).toEqual([
      { terms: { status: ["NOT_STARTED", ...IN_PLAY_STATUSES] } },
      {
        bool: {
          should: [
            { terms: { status: [...IN_PLAY_STATUSES] } },
            { range: { date_time: { gte: "2026-11-21T15:30:00.000Z", lte: "2026-11-22T15:30:00.000Z" } } },
          ],
          minimum_should_match: 1,
        },
      },
    ]);
  });

  it("ends window 168 seven days after now", () => {
    const [, window] = windowFilter(168, undefined, now, 72);
    expect(JSON.stringify(window)).toContain('"lte":"2026-11-28T15:30:00.000Z"');
  });

  it("lets an explicit status list replace the defaults but keeps the window", () => {
    const [statuses, window] = windowFilter(3, ["FT", "NOT_STARTED"], now, 72);
    expect(statuses).toEqual({ terms: { status: ["FT", "NOT_STARTED"] } });
    expect(JSON.stringify(window)).toContain('"lte":"2026-11-21T18:30:00.000Z"');
    expect(windowFilter("live", ["HT"], now, 72)).toEqual([{ terms: { status: ["HT"] } }]);
  });
});

/**
 * Whether the filter's date conditions hold for a fixture of `status` kicking off at `kickOff`,
 * read from the range clauses the filter carries (the test's own reading, to hold the edges to
 * the filter: Elasticsearch evaluates the real thing).
 */
function datesHold(filter: unknown, kickOff: number): boolean {
  const ranges: Array<{ gte?: string; lte?: string }> = [];
  JSON.stringify(filter, (key, value) => {
    if (key === "date_time" && typeof value === "object") ranges.push(value);
    return value;
  });
  return ranges.every(({ gte, lte }) => (gte === undefined || kickOff >= Date.parse(gte)) && (lte === undefined || kickOff <= Date.parse(lte)));
}

describe("windowClockEdges", () => {
  const kickOff = Date.parse("2026-11-21T18:00:00.000Z");

  it("are the first instants at which the window's date conditions differ for a fixture, and the only ones", () => {
    const cases = [
      ...[3, 6, 12, 24, 48, 168].map((window) => ({ window: window as 3 | 6 | 12 | 24 | 48 | 168, statuses: undefined })),
      { window: "live" as const, statuses: ["FT" as const] },
    ];
    for (const { window, statuses } of cases) {
      const edges = windowClockEdges(window, statuses, 72, kickOff);
      expect(edges.length).toBeGreaterThan(0);
      const holdsAt = (instant: number) => datesHold(windowFilter(window, statuses, new Date(instant), 72), kickOff);
      for (const edge of edges) expect(holdsAt(edge)).not.toBe(holdsAt(edge - 1));
      // Between and around the edges nothing changes: every minute from 8 days before kick-off to 4 days after.
      const sorted = [...edges].sort((a, b) => a - b);
      let changes = 0;
      for (let at = kickOff - 8 * 24 * 3_600_000; at < kickOff + 4 * 24 * 3_600_000; at += 60_000) {
        if (holdsAt(at) !== holdsAt(at + 60_000)) {
          changes += 1;
          expect(sorted.some((edge) => edge > at && edge <= at + 60_000)).toBe(true);
        }
      }
      expect(changes).toBe(edges.length);
    }
  });

  it("are none for window=live without a settled status (no date condition)", () => {
    expect(windowClockEdges("live", undefined, 72, kickOff)).toEqual([]);
    expect(windowClockEdges("live", ["POSTPONED"], 72, kickOff)).toEqual([]);
  });
});
