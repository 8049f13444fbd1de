import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { LAST_FIXTURE_INCLUDES } from "../domain/fixture/includes.js";
import type { Period, Score } from "../domain/fixture-parts.js";
import type { Filters } from "./fixture-filters.js";
import { unpackFairOdds } from "../domain/fixture/packed-fair-odds.js";
import { unpackMovement } from "../domain/fixture/packed-movement.js";
import { presentOdds, presentStatEntries, presentTrends } from "./fixture-modules.js";
import type { AnyFixtureView, EntityFixtureView, FixtureView, LastFixtureView, LivescoreFixtureView, SearchFixtureView } from "./fixture-schema.js";
import { narrowMetrics, narrowStatistics } from "./narrow.js";
import { oddsJson } from "./odds-json.js";

/**
 * The one presenter of the public Fixture object (/fixtures, /livescores,
 * /fixtures/search, /search, /bet-builders). Every output field is listed one by
 * one, so stored-only fields (league.code, round, minute, home_team_id, simulation...)
 * can never leak; the shapes are fixture-schema.ts's, one type per variant.
 *
 * Variants (docs/api-behaviour.md, "Fixture shape per endpoint"):
 * - "fixtures": the full object.
 * - "search" (/fixtures/search): no `group` and no `stage` keys.
 * - "livescores": `season` carries only id and name.
 * - "entity" (/search): `date_time` without milliseconds, participants without `position`,
 *   no `updated_at`.
 * Every other variant shows `updated_at`, the time of the stored change it presents, so a
 * client can tell how fresh a value is and a stream's client can order what it holds
 * (docs/api-behaviour.md, "Freshness: updated_at").
 */
export type FixtureVariant = "fixtures" | "livescores" | "search" | "entity";

export type { AnyFixtureView, FixtureView, LastFixtureView };

/** The previous matches include=last_fixtures shows, fetched by the caller (one _msearch per page). */
export type LastFixturesDocs = { home: readonly FixtureDocument[]; away: readonly FixtureDocument[] };

export type PresentFixtureOptions = {
  /** The requested language; the fixture's `language` echoes it. */
  language: string;
  includes: ReadonlySet<string>;
  filters: Filters;
  variant: FixtureVariant;
  /** Needed only with include=last_fixtures; missing lists present as empty arrays. */
  lastFixtures?: LastFixturesDocs;
};

/** What each variant presents (fixture-schema.ts). */
export type VariantView = { fixtures: FixtureView; livescores: LivescoreFixtureView; search: SearchFixtureView; entity: EntityFixtureView };

/** The public Fixture object: its own fields, then the included modules in the schema's order. */
export function presentFixture<V extends FixtureVariant>(doc: FixtureDocument, options: PresentFixtureOptions & { variant: V }): VariantView[V] {
  const view = presentOwnFields(doc, options) as VariantView[V];
  const { includes, filters, variant } = options;
  if (includes.has("odds")) view.odds = presentOdds(doc, filters.odds, variant === "livescores");
  Object.assign(view, presentModulesAfterOdds(doc, options));
  return view;
}

/**
 * `JSON.stringify(presentFixture(doc, options))`, with the odds written by hand (odds-json.ts:
 * odds are most of what presenting a fixture costs as objects). They have a fixed
 * place: right after the fixture's own fields, before every other module.
 */
export function presentFixtureJson(doc: FixtureDocument, options: PresentFixtureOptions): string {
  const { includes, filters, variant } = options;
  if (!includes.has("odds")) return JSON.stringify(presentFixture(doc, options));
  const own = JSON.stringify(presentOwnFields(doc, options));
  const rest = JSON.stringify(presentModulesAfterOdds(doc, options));
  const odds = oddsJson(doc, filters.odds, variant === "livescores");
  return `${own.slice(0, -1)},"odds":${odds}${rest === "{}" ? "}" : `,${rest.slice(1)}`}`;
}

type ModulesAfterOdds = Partial<Pick<FixtureView, "statistics" | "metrics" | "fair_odds" | "movement" | "trends" | "last_fixtures">>;

/** The modules after odds, in the schema's order; last_fixtures last, so the cache can splice it in (fixture-json-cache.ts). */
function presentModulesAfterOdds(doc: FixtureDocument, options: PresentFixtureOptions): ModulesAfterOdds {
  const { language, includes, filters, variant } = options;
  const modules: ModulesAfterOdds = {};
  if (includes.has("statistics")) modules.statistics = presentStatEntries(narrowStatistics(doc.statistics ?? [], filters.statistics));
  if (includes.has("metrics")) modules.metrics = presentStatEntries(narrowMetrics(doc.metrics ?? [], filters.metrics));
  if (includes.has("fair_odds")) modules.fair_odds = unpackFairOdds(doc.fair_odds);
  if (includes.has("movement")) modules.movement = unpackMovement(doc.movement ?? [], doc.id);
  if (includes.has("trends")) modules.trends = presentTrends(doc, filters.trends);
  if (includes.has("last_fixtures")) {
    const previous = { language, includes: LAST_FIXTURE_INCLUDES, filters: {}, variant } as const;
    const present = (docs: readonly FixtureDocument[] | undefined) => (docs ?? []).map((entry) => presentFixture(entry, previous) as LastFixtureView);
    modules.last_fixtures = { home: present(options.lastFixtures?.home), away: present(options.lastFixtures?.away) };
  }
  return modules;
}

/** The fixture's own fields (no module), as the variant shows them. */
function presentOwnFields(doc: FixtureDocument, { language, variant }: PresentFixtureOptions): AnyFixtureView {
  const names = doc.names ?? {};
  const head = {
    id: doc.id,
    date_time: variant === "entity" ? withoutMilliseconds(doc.date_time) : withMilliseconds(doc.date_time),
    status: doc.status,
    is_live: doc.is_live,
    language,
    sport: { id: doc.sport.id, name: doc.sport.name },
    country: { id: doc.country.id, name: names.country?.[language] ?? doc.country.name, alpha3: doc.country.alpha3 },
    league: { id: doc.league.id, name: names.league?.[language] ?? doc.league.name, level: doc.league.level },
  };
  const { season } = doc;
  const fullSeason = { id: season.id, name: season.name, starting_at: season.starting_at, ending_at: season.ending_at, is_current: season.is_current };
  const participants = doc.participants.map((participant) => ({
    id: participant.id,
    name: names.teams?.[String(participant.id)]?.[language] ?? participant.name,
    position: participant.position,
    location: participant.location,
  }));
  const scores = (doc.scores ?? []).map(presentScore);
  const periods = (doc.periods ?? []).map(presentPeriod);
  switch (variant) {
    case "fixtures":
      return { ...head, season: fullSeason, group: presentNamed(doc.group), stage: presentNamed(doc.stage), participants, scores, periods, updated_at: doc.updated_at } satisfies FixtureView;
    case "livescores":
      return { ...head, season: { id: season.id, name: season.name }, group: presentNamed(doc.group), stage: presentNamed(doc.stage), participants, scores, periods, updated_at: doc.updated_at } satisfies LivescoreFixtureView;
    case "search":
      return { ...head, season: fullSeason, participants, scores, periods, updated_at: doc.updated_at } satisfies SearchFixtureView;
    case "entity": {
      const withoutPosition = participants.map(({ id, name, location }) => ({ id, name, location }));
      return { ...head, season: fullSeason, group: presentNamed(doc.group), stage: presentNamed(doc.stage), participants: withoutPosition, scores, periods } satisfies EntityFixtureView;
    }
  }
}

/** A group or stage: `{ id, name }`, or null when not applicable. */
function presentNamed(value: { id: number; name: string } | null | undefined): { id: number; name: string } | null {
  return value ? { id: value.id, name: value.name } : null;
}

function presentScore(score: Score): Score {
  return { fixture_id: score.fixture_id, team_id: score.team_id, value: score.value, developer_name: score.developer_name };
}

function presentPeriod(period: Period): Period {
  return {
    period_id: period.period_id,
    fixture_id: period.fixture_id,
    started: period.started,
    ended: period.ended,
    counts_from: period.counts_from,
    ticking: period.ticking,
    sort_order: period.sort_order,
    time_added: period.time_added,
    period_length: period.period_length,
    minutes: period.minutes,
    seconds: period.seconds,
    developer_name: period.developer_name,
  };
}

/** YYYY-MM-DDTHH:mm:ss.sssZ, whatever form the stored value has. */
function withMilliseconds(dateTime: string): string {
  return new Date(dateTime).toISOString();
}

function withoutMilliseconds(dateTime: string): string {
  return new Date(dateTime).toISOString().replace(/\.\d{3}Z$/, "Z");
}
