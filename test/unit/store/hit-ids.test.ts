import type { estypes } from "@elastic/elasticsearch";
import { describe, expect, it } from "vitest";
import { fixtureIdOf, idsWithoutStoredFields, sortsLastById } from "../../../src/store/hit-ids.js";

describe("sortsLastById", () => {
  it("knows every way a sort can name the id last", () => {
    expect(sortsLastById([{ date_time: { order: "asc" } }, { id: { order: "asc" } }])).toBe(true);
    expect(sortsLastById([{ id: "desc" }])).toBe(true);
    expect(sortsLastById("id")).toBe(true);
    expect(sortsLastById({ id: "asc" })).toBe(true);
  });

  it("is false when the id is missing or not last", () => {
    expect(sortsLastById(undefined)).toBe(false);
    expect(sortsLastById([])).toBe(false);
    expect(sortsLastById([{ id: "asc" }, { date_time: "asc" }])).toBe(false);
    expect(sortsLastById(["updated_at"])).toBe(false);
  });
});

describe("idsWithoutStoredFields", () => {
  it("drops _source, loads no stored field and keeps versions; sorted by id, reads no extra doc value", () => {
    const request = idsWithoutStoredFields({ index: "f", _source: ["odds"], sort: [{ id: "asc" }], size: 3 });
    expect(request).toEqual({ index: "f", sort: [{ id: "asc" }], size: 3, stored_fields: "_none_", seq_no_primary_term: true });
  });

  it("reads the id as a doc value when the sort does not end with it, with the fields asked for, once each", () => {
    const request = idsWithoutStoredFields<estypes.SearchRequest>({ index: "f", sort: [{ date_time: "asc" }] }, ["status", "status"]);
    expect(request.docvalue_fields).toEqual([{ field: "status" }, { field: "id" }]);
    expect(request).not.toHaveProperty("_source");
  });
});

describe("fixtureIdOf", () => {
  it("takes the id doc value first, then _id, then the last sort value", () => {
    expect(fixtureIdOf({ fields: { id: [7] }, _id: "8", sort: [1, 9] })).toBe(7);
    expect(fixtureIdOf({ _id: "8", sort: [1, 9] })).toBe(8);
    expect(fixtureIdOf({ sort: [1_795_600_000_000, 110_492_807_703] })).toBe(110_492_807_703);
  });

  it("is null when a hit carries no id or an id that is not a whole number", () => {
    expect(fixtureIdOf({})).toBeNull();
    expect(fixtureIdOf({ _id: "abc" })).toBeNull();
    expect(fixtureIdOf({ sort: [] })).toBeNull();
  });
});
