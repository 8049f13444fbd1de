import { describe, expect, it } from "vitest";
import { parsePlainDate, parseTimestamp } from "../../../src/http/timestamps.js";

const instant = (raw: string) => {
  const result = parseTimestamp(raw);
  return result.ok ? result.date.toISOString() : result.reason;
};

describe("parseTimestamp", () => {
  it("reads a plain date as midnight UTC", () => {
    expect(instant("2026-11-21")).toBe("2026-11-21T00:00:00.000Z");
  });

  it("accepts minutes, seconds and milliseconds with Z", () => {
    expect(instant("2026-11-21T10:15Z")).toBe("2026-11-21T10:15:00.000Z");
    expect(instant("2026-11-21T10:15:30Z")).toBe("2026-11-21T10:15:30.000Z");
    expect(instant("2026-11-21T10:15:30.123Z")).toBe("2026-11-21T10:15:30.123Z");
  });

  it("converts a ±HH:mm offset to UTC", () => {
    expect(instant("2026-11-21T10:15:00+02:00")).toBe("2026-11-21T08:15:00.000Z");
    expect(instant("2026-11-21T23:30-01:30")).toBe("2026-11-22T01:00:00.000Z");
  });

  it("reads a space before the offset as the '+' that URL form-decoding turned into one", () => {
    expect(instant("2026-11-21T10:15:00 02:00")).toBe("2026-11-21T08:15:00.000Z");
  });

  it("rejects impossible calendar dates and times instead of rolling them over", () => {
    for (const raw of ["2026-02-29", "2026-02-30", "2026-04-31", "2026-13-01", "2026-00-10", "2026-11-21T24:00Z", "2026-11-21T10:60Z", "2026-11-21T10:00:60Z", "2026-11-21T10:00+24:00"]) {
      expect(instant(raw), raw).toBe("impossible");
    }
    expect(instant("2024-02-29")).toBe("2024-02-29T00:00:00.000Z");
    expect(instant("2000-02-29")).toBe("2000-02-29T00:00:00.000Z");
    expect(instant("1900-02-29")).toBe("impossible");
  });

  it("rejects other forms", () => {
    for (const raw of ["", "2026-11-21T10:15", "2026-11-21 10:15Z", "21/11/2026", "2026-1-5", "2026-11-21T10Z", "1732183200", "2026-11-21T10:15:00.Z", "2026-11-21T10:15+0200"]) {
      expect(instant(raw), raw).toBe("format");
    }
  });
});

describe("parsePlainDate", () => {
  it("accepts only YYYY-MM-DD", () => {
    expect(parsePlainDate("2026-11-21")).toEqual({ ok: true, date: new Date("2026-11-21T00:00:00.000Z") });
    expect(parsePlainDate("2026-11-21T00:00Z")).toEqual({ ok: false, reason: "format" });
    expect(parsePlainDate("2026-02-30")).toEqual({ ok: false, reason: "impossible" });
  });
});
