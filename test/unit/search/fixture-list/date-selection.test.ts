import { describe, expect, it } from "vitest";
import { dateSelection } from "../../../../src/search/fixture-list/date-selection.js";

const now = new Date("2026-11-21T15:30:00.000Z");
const error = (input: Parameters<typeof dateSelection>[0]) => {
  try {
    dateSelection(input, now);
  } catch (e) {
    return (e as Error).message;
  }
  return null;
};

describe("dateSelection", () => {
  it("selects no dates without a selector", () => {
    expect(dateSelection({}, now)).toBeNull();
  });

  it("turns date into its UTC day, end exclusive", () => {
    expect(dateSelection({ date: "2025-02-15" }, now)).toEqual({
      from: new Date("2025-02-15T00:00:00.000Z"),
      to: new Date("2025-02-16T00:00:00.000Z"),
      toInclusive: false,
    });
  });

  it("applies a range only when both ends are given, both inclusive", () => {
    expect(dateSelection({ start_date: "2026-11-20T10:00:00Z" }, now)).toBeNull();
    expect(dateSelection({ end_date: "2026-11-20T10:00:00Z" }, now)).toBeNull();
    expect(dateSelection({ start_date: "2026-11-20T10:00:00Z", end_date: "2026-11-20T10:00:00Z" }, now)).toEqual({
      from: new Date("2026-11-20T10:00:00.000Z"),
      to: new Date("2026-11-20T10:00:00.000Z"),
      toInclusive: true,
    });
  });

  it("rejects a start after the end", () => {
    expect(error({ start_date: "2026-11-21T10:00:00.001Z", end_date: "2026-11-21T10:00:00Z" })).toBe(
      "start_date must be earlier than or equal to end_date",
    );
  });

  it("allows a start exactly 30 days before now and rejects one a second earlier", () => {
    expect(dateSelection({ start_date: "2026-10-22T15:30:00.000Z", end_date: "2026-11-21T00:00:00Z" }, now)).not.toBeNull();
    expect(error({ start_date: "2026-10-22T15:29:59.000Z", end_date: "2026-11-21T00:00:00Z" })).toBe(
      "start_date must not be more than 30 days before the current server time",
    );
  });

  it("rejects date together with start_date and end_date, but not with one of them", () => {
    expect(error({ date: "2026-11-21", start_date: "2026-11-21", end_date: "2026-11-22" })).toBe(
      "date cannot be combined with start_date and end_date",
    );
    expect(dateSelection({ date: "2026-11-21", start_date: "2026-11-21" }, now)?.toInclusive).toBe(false);
  });

  it("names the parameter of a malformed or impossible value", () => {
    expect(error({ date: "2026-02-30" })).toBe("date is not a valid date: 2026-02-30");
    expect(error({ date: "21.11.2026" })).toBe("date must be in the form YYYY-MM-DD");
    expect(error({ start_date: "2026-02-30T10:00Z", end_date: "2026-11-22" })).toBe("start_date is not a valid date: 2026-02-30T10:00Z");
    expect(error({ start_date: "2026-11-20", end_date: "tomorrow" })).toMatch(
      /^end_date must be in the form YYYY-MM-DD or YYYY-MM-DDTHH:mm/,
    );
  });

  it("checks a lone start_date or end_date (rule 4), then ignores it (rule 1)", () => {
    expect(dateSelection({ start_date: "2020-01-01T00:00:00Z" }, new Date())).toBeNull();
    expect(dateSelection({ end_date: "2026-11-22" }, new Date())).toBeNull();
    expect(error({ end_date: "tomorrow" })).toMatch(/^end_date must be in the form YYYY-MM-DD/);
    expect(error({ start_date: "2026-02-30" })).toBe("start_date is not a valid date: 2026-02-30");
  });
});
