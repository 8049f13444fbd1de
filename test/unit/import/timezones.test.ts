import { describe, expect, it } from "vitest";
import { localKickoffToUtc, timezoneFor } from "../../../src/import/openfootball/timezones.js";

describe("localKickoffToUtc", () => {
  it("converts across the spring DST change in Europe/London", () => {
    expect(localKickoffToUtc("2025-03-29", "15:00", "Europe/London")).toBe("2025-03-29T15:00:00.000Z");
    expect(localKickoffToUtc("2025-03-30", "15:00", "Europe/London")).toBe("2025-03-30T14:00:00.000Z");
  });

  it("converts across the autumn DST change in Europe/Berlin", () => {
    expect(localKickoffToUtc("2025-10-25", "18:30", "Europe/Berlin")).toBe("2025-10-25T16:30:00.000Z");
    expect(localKickoffToUtc("2025-10-26", "17:30", "Europe/Berlin")).toBe("2025-10-26T16:30:00.000Z");
  });

  it("moves a time in the spring gap forward and takes the first of a repeated autumn hour", () => {
    expect(localKickoffToUtc("2025-03-30", "01:30", "Europe/London")).toBe("2025-03-30T01:30:00.000Z");
    expect(localKickoffToUtc("2025-10-26", "01:30", "Europe/London")).toBe("2025-10-26T00:30:00.000Z");
  });

  it("handles zones west of Greenwich and the southern hemisphere", () => {
    expect(localKickoffToUtc("2025-11-29", "18:15", "America/Sao_Paulo")).toBe("2025-11-29T21:15:00.000Z");
    expect(localKickoffToUtc("2025-03-09", "16:00", "America/New_York")).toBe("2025-03-09T20:00:00.000Z");
    expect(localKickoffToUtc("2025-04-05", "19:35", "Australia/Sydney")).toBe("2025-04-05T08:35:00.000Z");
    expect(localKickoffToUtc("2025-04-06", "19:35", "Australia/Sydney")).toBe("2025-04-06T09:35:00.000Z");
  });

  it("kicks off at 15:00 local without a time and accepts one-digit hours", () => {
    expect(localKickoffToUtc("2025-08-16", undefined, "Europe/London")).toBe("2025-08-16T14:00:00.000Z");
    expect(localKickoffToUtc("2025-08-03", "9:30", "Europe/Vienna")).toBe("2025-08-03T07:30:00.000Z");
  });

  it("rejects impossible dates and times", () => {
    expect(() => localKickoffToUtc("2025-02-30", "15:00", "Europe/London")).toThrow(RangeError);
    expect(() => localKickoffToUtc("2025-02-01", "24:00", "Europe/London")).toThrow(RangeError);
  });
});

describe("timezoneFor", () => {
  it("uses whole codes before prefixes", () => {
    expect(timezoneFor("en.3")).toBe("Europe/London");
    expect(timezoneFor("uefa.cl")).toBe("Europe/Paris");
    expect(timezoneFor("copa.l")).toBe("America/Sao_Paulo");
    expect(timezoneFor("mls")).toBe("America/New_York");
    expect(() => timezoneFor("xx.1")).toThrow(/xx\.1/);
  });
});
