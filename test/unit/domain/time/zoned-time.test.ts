import { describe, expect, it } from "vitest";
import { cachedOffsets, localDateOf, OFFSET_CACHE_LIMIT, offsetAt, weekdayOf, zonedToUtc } from "../../../../src/domain/time/zoned-time.js";

const utc = (date: { year: number; month: number; day: number }, h: number, m: number, zone: string): string =>
  new Date(zonedToUtc(date, h, m, zone)).toISOString();

describe("zonedToUtc", () => {
  it("puts a London 15:00 kick-off at 14:00Z in July and 15:00Z in January", () => {
    expect(utc({ year: 2026, month: 7, day: 4 }, 15, 0, "Europe/London")).toBe("2026-07-04T14:00:00.000Z");
    expect(utc({ year: 2026, month: 1, day: 10 }, 15, 0, "Europe/London")).toBe("2026-01-10T15:00:00.000Z");
  });

  it("follows the southern hemisphere's summer time (Sydney, Sao Paulo without DST)", () => {
    expect(utc({ year: 2026, month: 1, day: 10 }, 19, 30, "Australia/Sydney")).toBe("2026-01-10T08:30:00.000Z");
    expect(utc({ year: 2026, month: 7, day: 4 }, 19, 30, "Australia/Sydney")).toBe("2026-07-04T09:30:00.000Z");
    expect(utc({ year: 2026, month: 1, day: 10 }, 16, 0, "America/Sao_Paulo")).toBe("2026-01-10T19:00:00.000Z");
  });

  it("resolves the days of the clock change: first of two times in autumn, moved forward in spring", () => {
    expect(utc({ year: 2026, month: 3, day: 29 }, 15, 0, "Europe/London")).toBe("2026-03-29T14:00:00.000Z");
    expect(utc({ year: 2026, month: 3, day: 29 }, 1, 30, "Europe/London")).toBe("2026-03-29T01:30:00.000Z");
    expect(utc({ year: 2026, month: 10, day: 25 }, 1, 30, "Europe/London")).toBe("2026-10-25T00:30:00.000Z");
    expect(utc({ year: 2026, month: 10, day: 25 }, 15, 0, "Europe/London")).toBe("2026-10-25T15:00:00.000Z");
  });
});

describe("localDateOf", () => {
  it("gives the local calendar day on either side of midnight UTC", () => {
    const instant = Date.parse("2026-03-14T23:30:00Z");
    expect(localDateOf(instant, "Europe/Berlin")).toEqual({ year: 2026, month: 3, day: 15 });
    expect(localDateOf(instant, "America/New_York")).toEqual({ year: 2026, month: 3, day: 14 });
    expect(weekdayOf({ year: 2026, month: 3, day: 14 })).toBe(6);
  });
});

describe("offsetAt", () => {
  it("keeps at most its limit of offsets however many quarter hours it is asked about, and answers the same after emptying", () => {
    const start = Date.UTC(1990, 0, 1);
    const quarterHour = 15 * 60_000;
    let most = 0;
    for (let i = 0; i < OFFSET_CACHE_LIMIT * 2 + 10; i++) {
      offsetAt(start + i * quarterHour, "Europe/London");
      most = Math.max(most, cachedOffsets());
    }
    expect(most).toBe(OFFSET_CACHE_LIMIT);
    expect(cachedOffsets()).toBeLessThan(OFFSET_CACHE_LIMIT);
    // British summer and winter time, asked after the cache was emptied twice.
    expect(offsetAt(Date.UTC(2024, 6, 1, 12), "Europe/London")).toBe(3_600_000);
    expect(offsetAt(Date.UTC(2024, 0, 1, 12), "Europe/London")).toBe(0);
  });
});
