import { describe, expect, it } from "vitest";
import { sortClause } from "../../../../src/search/fixtures-search/sort-clause.js";

const byKickoff = [{ date_time: { order: "asc" } }, { id: { order: "asc" } }];

describe("sortClause", () => {
  it("orders by kick-off then id without an order parameter", () => {
    expect(sortClause(null)).toEqual(byKickoff);
  });

  it("sorts on the nested effective value of the name and location, missing values last, then kick-off and id", () => {
    expect(sortClause({ name: "PREDICTION_GL_CONFIDENCE", direction: "desc", location: "LEAGUE" })).toEqual([
      {
        "effective.value": {
          order: "desc",
          mode: "max",
          missing: "_last",
          nested: {
            path: "effective",
            filter: {
              bool: {
                filter: [
                  { term: { "effective.name": "PREDICTION_GL_CONFIDENCE" } },
                  { term: { "effective.location": "league" } },
                ],
              },
            },
          },
        },
      },
      ...byKickoff,
    ]);
  });

  it("keeps missing values last when ascending too", () => {
    const [first] = sortClause({ name: "CORNERS", direction: "asc", location: "AWAY" });
    expect(first).toMatchObject({ "effective.value": { order: "asc", missing: "_last" } });
    expect(JSON.stringify(first)).toContain('"effective.location":"away"');
  });
});
