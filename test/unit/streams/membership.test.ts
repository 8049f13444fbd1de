import { describe, expect, it } from "vitest";
import { isNewer, Membership, type StoredVersion } from "../../../src/streams/membership.js";

const v = (seqNo: number, primaryTerm = 1, index = "sfd_fixtures_v1"): StoredVersion => ({ index, seqNo, primaryTerm });
const hit = (id: number, seqNo: number) => ({ id, version: v(seqNo), hit: `fixture ${id} @${seqNo}` });

describe("isNewer", () => {
  it("orders writes within an index by sequence number and primary term", () => {
    expect(isNewer(v(5), v(4))).toBe(true);
    expect(isNewer(v(4), v(4))).toBe(false);
    expect(isNewer(v(3), v(4))).toBe(false);
    expect(isNewer(v(1, 2), v(9, 1))).toBe(true);
    expect(isNewer(v(9, 1), v(1, 2))).toBe(false);
  });

  it("takes another index (a rebuild's new version) as newer", () => {
    expect(isNewer(v(1, 1, "sfd_fixtures_v2"), v(90, 1))).toBe(true);
  });
});

describe("Membership", () => {
  it("enters a fixture that matches for the first time and updates it only when its version is newer", () => {
    const members = new Membership();
    expect(members.apply([1], [hit(1, 10)])).toEqual([{ kind: "enter", id: 1, hit: "fixture 1 @10" }]);
    expect(members.apply([1], [hit(1, 10)])).toEqual([]);
    expect(members.apply([1], [hit(1, 12)])).toEqual([{ kind: "update", id: 1, hit: "fixture 1 @12" }]);
  });

  it("never goes back to an older state", () => {
    const members = new Membership();
    members.apply([1], [hit(1, 12)]);
    expect(members.apply([1], [hit(1, 11)])).toEqual([]);
    expect(members.apply([1], [hit(1, 13)])).toEqual([{ kind: "update", id: 1, hit: "fixture 1 @13" }]);
  });

  it("lets an asked fixture that no longer matches leave, and leaves the others alone", () => {
    const members = new Membership();
    members.reset([
      { id: 1, version: v(1) },
      { id: 2, version: v(1) },
    ]);
    expect(members.apply([1, 3], [])).toEqual([{ kind: "leave", id: 1 }]);
    expect(members.ids()).toEqual([2]);
    expect(members.has(3)).toBe(false);
  });

  it("reports enter, update and leave of one answer together", () => {
    const members = new Membership();
    members.reset([
      { id: 1, version: v(1) },
      { id: 2, version: v(1) },
    ]);
    const changes = members.apply([1, 2, 3], [hit(2, 2), hit(3, 1)]);
    expect(changes).toEqual([
      { kind: "update", id: 2, hit: "fixture 2 @2" },
      { kind: "enter", id: 3, hit: "fixture 3 @1" },
      { kind: "leave", id: 1 },
    ]);
    expect(members.size).toBe(2);
  });
});
