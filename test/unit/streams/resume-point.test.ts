import { describe, expect, it } from "vitest";
import { localEventId, parseResumePoint, resumeDiff, resumeSuffix, shortHash } from "../../../src/streams/resume-point.js";

describe("resume points in event ids", () => {
  const point = { queryHash: shortHash("window=live"), dataHash: shortHash("sfd_fixtures-1"), watermarkMs: 1_795_818_389_896, decidedAtMs: 1_795_818_380_000 };

  it("round-trips through an event id, beside the instance's own part", () => {
    const id = `a1b2c3q4.17${resumeSuffix(point)}`;
    expect(parseResumePoint(id)).toEqual(point);
    expect(localEventId(id)).toBe("a1b2c3q4.17");
    expect(localEventId("a1b2c3q4.17")).toBe("a1b2c3q4.17");
  });

  it("finds none in an id without one or with a malformed one", () => {
    for (const id of [null, "", "a1.2", "a1.2~x.y.z.w", `a1.2~${point.queryHash}.${point.dataHash}.ZZ.1`, `a1.2~${point.queryHash}.${point.dataHash}.1`]) {
      expect(parseResumePoint(id)).toBeNull();
    }
  });

  it("hashes apart what differs", () => {
    expect(shortHash("window=live")).toHaveLength(8);
    expect(shortHash("window=live")).not.toBe(shortHash("window=24"));
  });
});

describe("resumeDiff", () => {
  it("for a question that does not move with time: sets what changed and matches, removes what changed and does not", () => {
    expect(resumeDiff([1, 2, 3], new Set([2, 9]), null)).toEqual({ set: [2], leave: [9] });
  });

  it("sends nothing when nothing changed", () => {
    expect(resumeDiff([1, 2, 3], new Set(), null)).toEqual({ set: [], leave: [] });
  });

  it("for a window: also sets what entered with time and removes what left with time", () => {
    // Earlier answer {1, 2, 4}; now {1, 2, 3}: 3 entered as the window slid, 4 left.
    expect(resumeDiff([1, 2, 3], new Set([2]), new Set([1, 2, 4]))).toEqual({ set: [2, 3], leave: [4] });
  });

  it("keeps the answer's order in what it sets", () => {
    expect(resumeDiff([5, 3, 8], new Set([8, 5]), null).set).toEqual([5, 8]);
  });
});
