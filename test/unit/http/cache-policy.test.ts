import { describe, expect, it } from "vitest";
import { CACHE_POLICIES, fixturesPagePolicy } from "../../../src/http/cache-policy.js";

describe("fixturesPagePolicy", () => {
  it("caches a page whose fixtures are all settled", () => {
    const page = ["FT", "AWARDED", "CANCELLED", "ABANDONED", "NO_RESULT"].map((status) => ({ status }));
    expect(fixturesPagePolicy(page)).toBe(CACHE_POLICIES.settled);
  });

  it("treats a page with one live, upcoming or postponed fixture as live", () => {
    for (const status of ["INPLAY_1ST_HALF", "HT", "NOT_STARTED", "POSTPONED"]) {
      expect(fixturesPagePolicy([{ status: "FT" }, { status }]), status).toBe(CACHE_POLICIES.live);
    }
  });

  it("treats an empty page as live: its fixtures may not exist yet", () => {
    expect(fixturesPagePolicy([])).toBe(CACHE_POLICIES.live);
  });

  it("keeps every policy private and gives ETags only to data that is not live", () => {
    for (const policy of Object.values(CACHE_POLICIES)) expect(policy.cacheControl).toMatch(/^private, /);
    expect(CACHE_POLICIES.live).toEqual({ cacheControl: "private, no-cache", etag: false });
  });
});
