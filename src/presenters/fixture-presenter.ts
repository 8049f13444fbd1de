import { randomUUID } from "node:crypto";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { LAST_FIXTURE_INCLUDES } from "../domain/fixture/includes.js";
import type { FairOdd, Movement, Odd, Period, Score } from "../domain/fixture-parts.js";
import type { TrendEntry } from "../domain/football/match/projection.js";
import type { Filters } from "./fixture-filters.js";
import {
  presentFairOdds,
  presentMovement,
  presentOdds,
  presentStatEntries,
  presentTrends,
  type StatisticView,
} from "./fixture-modules.js";
import { narrowMetrics, narrowStatistics } from "./narrow.js";
import { oddsJsonOnce } from "./odds-json.js";
import { statEntriesJson } from "./stat-entries-json.js";

/**
 * The one presenter of the public Fixture object (/fixtures, /livescores,
 * /fixtures/search, /search, /bet-builders). Every output field is listed one by
 * one, so stored-only fields (league.code, round, minute, home_team_id, simulation...)
 * can never leak.
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

export type ParticipantView = { id: number; name: string; position?: number | null; location: "home" | "away" };
export type SeasonView = { id: number; name: string; starting_at?: string | null; ending_at?: string | null; is_current?: boolean };
export type LastFixtureView = FixtureView & { statistics: StatisticView[]; metrics: StatisticView[] };

export type FixtureView = {
  id: number;
  date_time: string;
  status: string;
  is_live: boolean;
  language: string;
  sport: { id: number; name: string };
  country: { id: number; name: string; alpha3: string };
  league: { id: number; name: string; level: number };
  season: SeasonView;
  group?: { id: number; name: string } | null;
  stage?: { id: number; name: string } | null;
  participants: ParticipantView[];
  scores: Score[];
  periods: Period[];
  /** When the stored state shown was written (absent in the entity variant). */
  updated_at?: string;
  odds?: Odd[];
  statistics?: StatisticView[];
  metrics?: StatisticView[];
  fair_odds?: FairOdd[];
  movement?: Movement[];
  trends?: TrendEntry[];
  last_fixtures?: { home: LastFixtureView[]; away: LastFixtureView[] };
};


/**
 * `JSON.stringify(presentFixture(doc, options))`, with the odds, statistics and metrics written
 * as JSON from the stored values (odds-json.ts, stat-entries-json.ts) rather than built as
 * objects first: they are most of what presenting costs. The view is stringified with a mark
 * where each of them goes (a string no stored value can hold: it carries a random id drawn at
 * start), and their JSON takes the marks' places, in the order presentFixture writes them.
 * They are written after the other modules: a document with a bad odd and another bad module
 * fails on the other one first (it fails either way).
 */
export function presentFixtureJson(doc: FixtureDocument, options: PresentFixtureOptions): string {
  const { includes } = options;
  if (!WRITTEN_LATER.some(({ include }) => includes.has(include))) return JSON.stringify(presentFixture(doc, options));
  const text = JSON.stringify(presentFixture(doc, options, true));
  let json = "";
  let from = 0;
  for (const { include, markJson, write } of WRITTEN_LATER) {
    if (!includes.has(include)) continue;
    const at = text.indexOf(markJson, from);
    if (at < 0) throw new Error(`presentFixtureJson: the mark of ${include} is missing from the presented fixture`);
    json += text.slice(from, at) + write(doc, options);
    from = at + markJson.length;
  }
  return json + text.slice(from);
}

/** Where presentFixture(..., later) puts each module presentFixtureJson writes itself, in presentFixture's order of fields. */
const RUN_MARK = randomUUID();
const MARKS = {
  odds: `\u0000odds ${RUN_MARK}\u0000`,
  statistics: `\u0000statistics ${RUN_MARK}\u0000`,
  metrics: `\u0000metrics ${RUN_MARK}\u0000`,
} as const;

/** The entries statistics and metrics show, whichever way they are presented: the stored ones narrowed by their filters. */
const shownStatistics = (doc: FixtureDocument, filters: Filters) => narrowStatistics(doc.statistics ?? [], filters.statistics);
const shownMetrics = (doc: FixtureDocument, filters: Filters) => narrowMetrics(doc.metrics ?? [], filters.metrics);

const WRITERS: Record<keyof typeof MARKS, (doc: FixtureDocument, options: PresentFixtureOptions) => string> = {
  odds: (doc, { filters, variant }) => oddsJsonOnce(doc, filters.odds, variant === "livescores"),
  statistics: (doc, { filters }) => statEntriesJson(shownStatistics(doc, filters)),
  metrics: (doc, { filters }) => statEntriesJson(shownMetrics(doc, filters)),
};

/** The modules presentFixtureJson writes as JSON, with their marks as JSON.stringify writes them. */
const WRITTEN_LATER = (Object.keys(MARKS) as Array<keyof typeof MARKS>).map((include) => ({ include, markJson: JSON.stringify(MARKS[include]), write: WRITERS[include] }));

/** The public Fixture object; `later` puts marks where odds, statistics and metrics go (presentFixtureJson only). */
export function presentFixture(doc: FixtureDocument, options: PresentFixtureOptions, later = false): FixtureView {
  const { language, includes, filters, variant } = options;
  const names = doc.names ?? {};
  const view: FixtureView = {
    id: doc.id,
    date_time: variant === "entity" ? withoutMilliseconds(doc.date_time) : withMilliseconds(doc.date_time),
    status: doc.status,
    is_live: doc.is_live,
    language,
    sport: { id: doc.sport.id, name: doc.sport.name },
    country: { id: doc.country.id, name: names.country?.[language] ?? doc.country.name, alpha3: doc.country.alpha3 },
    league: { id: doc.league.id, name: names.league?.[language] ?? doc.league.name, level: doc.league.level },
    season: presentSeason(doc.season, variant),
    ...(variant === "search" ? {} : { group: presentNamed(doc.group), stage: presentNamed(doc.stage) }),
    participants: doc.participants.map((participant) => {
      const name = names.teams?.[String(participant.id)]?.[language] ?? participant.name;
      return variant === "entity"
        ? { id: participant.id, name, location: participant.location }
        : { id: participant.id, name, position: participant.position, location: participant.location };
    }),
    scores: (doc.scores ?? []).map(presentScore),
    periods: (doc.periods ?? []).map(presentPeriod),
  };
  if (variant !== "entity") view.updated_at = doc.updated_at;
  if (includes.has("odds")) view.odds = later ? (MARKS.odds as unknown as Odd[]) : presentOdds(doc, filters.odds, variant === "livescores");
  if (includes.has("statistics")) view.statistics = later ? (MARKS.statistics as unknown as StatisticView[]) : presentStatEntries(shownStatistics(doc, filters));
  if (includes.has("metrics")) view.metrics = later ? (MARKS.metrics as unknown as StatisticView[]) : presentStatEntries(shownMetrics(doc, filters));
  if (includes.has("fair_odds")) view.fair_odds = presentFairOdds(doc);
  if (includes.has("movement")) view.movement = presentMovement(doc);
  if (includes.has("trends")) view.trends = presentTrends(doc, filters.trends);
  // Last, so the cached JSON of a fixture's own fields can be extended with it (fixture-json-cache.ts).
  if (includes.has("last_fixtures")) {
    const previous = { language, includes: LAST_FIXTURE_INCLUDES, filters: {}, variant } as const;
    const present = (docs: readonly FixtureDocument[] | undefined) =>
      (docs ?? []).map((entry) => presentFixture(entry, previous) as LastFixtureView);
    view.last_fixtures = { home: present(options.lastFixtures?.home), away: present(options.lastFixtures?.away) };
  }
  return view;
}

/** A group or stage: `{ id, name }`, or null when not applicable. */
function presentNamed(value: { id: number; name: string } | null | undefined): { id: number; name: string } | null {
  return value ? { id: value.id, name: value.name } : null;
}

function presentSeason(season: FixtureDocument["season"], variant: FixtureVariant): SeasonView {
  if (variant === "livescores") return { id: season.id, name: season.name };
  return {
    id: season.id,
    name: season.name,
    starting_at: season.starting_at,
    ending_at: season.ending_at,
    is_current: season.is_current,
  };
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
