import { describe, expect, it } from "vitest";
import type { estypes } from "@elastic/elasticsearch";
import { missingFields } from "../../../src/store/mapping-gaps.js";
import { indexDefinition } from "../../../src/store/index-definitions.js";

type Properties = Record<string, estypes.MappingProperty>;

describe("missingFields", () => {
  const wanted: Properties = {
    id: { type: "long" },
    name: { type: "text", fields: { raw: { type: "keyword" } } },
    search: { properties: { names: { type: "keyword" }, deletions: { type: "keyword" } } },
  };

  it("finds nothing when the live mapping holds every field (and more)", () => {
    expect(missingFields(wanted, { ...wanted, extra: { type: "keyword" } })).toEqual([]);
  });

  it("names a missing field, object property and multi-field by its dotted path", () => {
    const live: Properties = {
      name: { type: "text" },
      search: { properties: { names: { type: "keyword" } } },
    };
    expect(missingFields(wanted, live)).toEqual(["id", "name.raw", "search.deletions"]);
  });

  it("finds nothing missing between an index definition and itself", () => {
    const properties = indexDefinition("teams").mappings.properties ?? {};
    expect(missingFields(properties, properties)).toEqual([]);
    const { deletions: _dropped, ...olderSearch } = (properties.search as { properties: Properties }).properties;
    expect(missingFields(properties, { ...properties, search: { properties: olderSearch } })).toEqual(["search.deletions"]);
  });
});
