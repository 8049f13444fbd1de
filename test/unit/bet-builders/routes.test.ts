import { describe, expect, it } from "vitest";
import type { BetBuilderDocument } from "../../../src/domain/bet-builders/document.js";
import { presentBetBuilder } from "../../../src/routes/bet-builders/presenter.js";
import { BET_BUILDERS_CAP, betBuildersListSearch } from "../../../src/search/bet-builders/list-query.js";
import { BetBuilderParamsSchema, BetBuildersListSchema } from "../../../src/routes/bet-builders/schema.js";
import { unpackOdds } from "../../../src/domain/fixture/packed-odds.js";
import { selectionOf } from "../../../src/domain/bet-builders/build.js";
import { FIXTURE_ID, pricedFixture } from "../domain/bet-builders/priced-fixture.js";

const odd = unpackOdds(pricedFixture().odds, FIXTURE_ID)[0]!;
const texts = { en: "English", de: "Deutsch", es: "Español", fr: "Français", it: "Italiano", pt: "Português", nl: "Nederlands" };
const doc: BetBuilderDocument = {
  id: 5,
  user_id: 7,
  model_id: 1,
  fixture_id: FIXTURE_ID,
  league_id: 9,
  fixture_date_time: "2026-11-21T15:00:00.000Z",
  fixture_status: "NOT_STARTED",
  fixture_is_live: false,
  fixture_finished: false,
  is_live: 0,
  value: 3.1,
  sp: 3,
  suspend: 0,
  status: 0,
  last_priced_at: "2026-11-21T12:00:05.000Z",
  created_at: "2026-11-21T12:00:00.000Z",
  raw: { event_id: String(FIXTURE_ID) },
  meta: { price_boost: null },
  content: Object.fromEntries(Object.entries(texts).map(([k, text]) => [k, { text }])) as BetBuilderDocument["content"],
  model: { id: 1, name: "Baseline Value", color: "#1E88E5" },
  selections: [selectionOf(odd)],
};

describe("presentBetBuilder", () => {
  it("lists exactly the Bet builder fields in the table's order, with the requested language", () => {
    const view = presentBetBuilder(doc, "pt");
    expect(Object.keys(view)).toEqual([
      "id", "user_id", "model_id", "is_live", "value", "sp", "suspend", "status", "last_priced_at",
      "raw", "meta", "created_at", "language", "content", "model", "selections",
    ]);
    expect(view.language).toBe("pt");
    expect(view.content).toEqual({ text: "Português" });
  });

  it("falls back to the English explanation for other languages and echoes the language", () => {
    const view = presentBetBuilder(doc, "ja");
    expect(view.language).toBe("ja");
    expect(view.content).toEqual({ text: "English" });
  });

  it("shows selections with exactly the Selection fields and leaks no stored-only field", () => {
    const view = presentBetBuilder({ ...doc, selections: [{ ...doc.selections[0]!, secret: 1 } as never] }, "en");
    expect(Object.keys(view.selections[0]!)).toEqual(Object.keys(odd));
    expect(JSON.stringify(view)).not.toMatch(/fixture_status|fixture_finished|secret|Deutsch/);
  });
});

describe("betBuildersListSearch", () => {
  const filtersOf = (search: ReturnType<typeof betBuildersListSearch>) =>
    (search.query as { bool: { filter: unknown[] } }).bool.filter;

  it("always filters on the user and on active bet builders of open fixtures, capped at 100", () => {
    const search = betBuildersListSearch("bb", 7, {}, "en");
    expect(filtersOf(search)).toEqual([
      { term: { user_id: 7 } },
      { term: { suspend: 0 } },
      { term: { status: 0 } },
      { term: { fixture_finished: false } },
    ]);
    expect(search.size).toBe(BET_BUILDERS_CAP);
    expect(BET_BUILDERS_CAP).toBe(100);
    expect(search.sort).toEqual([{ fixture_date_time: "asc" }, { fixture_id: "asc" }, { created_at: "desc" }, { id: "desc" }]);
  });

  it("adds each filter, keeping the user condition first", () => {
    const filter = filtersOf(betBuildersListSearch("bb", 7, { modelIds: [2], fixtureId: 4, leagueIds: [8, 9], isLive: 1 }, "en"));
    expect(filter[0]).toEqual({ term: { user_id: 7 } });
    expect(filter.slice(4)).toEqual([
      { terms: { model_id: [2] } },
      { term: { fixture_id: 4 } },
      { terms: { league_id: [8, 9] } },
      { term: { fixture_is_live: true } },
    ]);
    expect(filtersOf(betBuildersListSearch("bb", 7, { isLive: 0 }, "en")).at(-1)).toEqual({ term: { fixture_status: "NOT_STARTED" } });
  });

  it("reads only the requested language's and the English explanation", () => {
    expect(betBuildersListSearch("bb", 7, {}, "de")._source_excludes).toEqual(["content.es", "content.fr", "content.it", "content.pt", "content.nl"]);
  });
});

describe("bet builder parameters", () => {
  it.each([
    [{ is_live: "2" }, "is_live must be 0 or 1"],
    [{ fixture_id: "1,2" }, "fixture_id must be one positive integer id"],
    [{ fixture_id: "0" }, "fixture_id must be one positive integer id"],
    [{ model_id: "a" }, "model_id must be a comma-separated list of at most 100 positive integer ids"],
  ])("rejects %o", (query, message) => {
    expect(BetBuildersListSchema.safeParse(query).error?.issues[0]?.message).toBe(message);
  });

  it("parses every filter", () => {
    expect(BetBuildersListSchema.parse({ is_live: "0", fixture_id: "12", model_id: "1,2,2", league_id: "5" })).toEqual({
      is_live: 0,
      fixture_id: 12,
      model_id: [1, 2],
      league_id: [5],
    });
  });

  it.each(["abc", "0", "1.5", "-1", ""])("rejects the id '%s'", (id) => {
    expect(BetBuilderParamsSchema.safeParse({ id }).error?.issues[0]?.message).toBe("id must be a positive integer");
  });
});
