import { existsSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../paths.js";
import type { Catalog } from "../domain/catalog.js";
import { catalogSource, type CatalogSource } from "./catalog-source.js";
import { outlineCatalog, stagesOf, type CatalogOutline } from "./documents/catalog-outline.js";
import { catalogLookups, type CatalogLookups } from "./documents/catalog-lookups.js";
import { runWalk, runWalkYielding, type Walk } from "./walk.js";
import { countryDocument, leagueDocument, seasonDocument, teamDocument } from "./documents/reference-documents.js";
import { searchExtras } from "./documents/search-extras.js";
import { fixtureDocuments, pausing, withoutPauses } from "./fixtures/fixture-documents.js";
import { CheckpointTaker, type ResumeAt } from "./fixtures/match-plans.js";
import { SeasonTablesBuilder, standingDocuments, walkSeasonTables, type SeasonTables } from "./season-tables.js";
import { checkpointInstant, seasonsBefore } from "./kept-history/model-checkpoint.js";
import type { WalkedParts, WalkStart } from "./kept-history/kept-history.js";
import { historyAtCut, nextCut } from "./kept-history/history-fingerprint.js";
import { splitFixtureWalk } from "./fixture-workers/fixture-share.js";
import type { DataSet } from "./rebuild.js";
import type { DataOrigin } from "../store/index-versions.js";
import { assertUniqueFixtureIds, loadCatalogSource, sourceStamp, type SourceOptions } from "./sources/load-source.js";

export const DEFAULT_OPENFOOTBALL_DIR = join(PROJECT_ROOT, "..", "shared", "data", "openfootball");

/** The source a data set was read from, and what it was then (`sourceStamp`): what a fixture worker reads again. */
type ReadAgain = { options: SourceOptions; stamp: string };

/** Real data when the shared folder is there, else the synthetic set (what `npm start` uses). */
export function defaultSource(): SourceOptions {
  const dir = process.env.OPENFOOTBALL_DIR ?? DEFAULT_OPENFOOTBALL_DIR;
  return existsSync(join(dir, "football.json")) ? { source: "openfootball", dir } : { source: "synthetic" };
}

/**
 * Everything one rebuild loads, from a source: the catalog (with the simulated current season
 * around `now`) read as a stream of matches in kick-off order, walked once for each season's
 * outline (but the seasons the source declares, catalog-source.ts), once for the tables
 * (positions kept, rows written to a small file) and once more while the fixtures are loaded, so
 * no walk keeps the catalogue's matches or documents in memory.
 */
export async function buildDataSet(
  options: SourceOptions,
  now: Date,
  log: (line: string) => void = () => {},
): Promise<{ dataSet: DataSet; summary: string[] }> {
  // Before the read: a source that changes while it is read is caught by a worker's read after it.
  const readAgain: ReadAgain = { options, stamp: sourceStamp(options) };
  const source = loadCatalogSource(options, now);
  const { dataSet, summary } = await runWalkYielding(dataSetWalk(source, now, log, readAgain));
  return { dataSet: { ...dataSet, origin: originOf(options) }, summary: [`Source: ${options.source}`, ...summary] };
}

/** A synthetic set's scale: a positive whole number of fixtures. */
export function isSyntheticScale(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1;
}

/** A count of leagues or seasons: a whole number, 0 or more. */
export function isWholeNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/** What the rebuild records of a source: enough to read it again (`sourceToRebuild`). */
function originOf(options: SourceOptions): DataOrigin {
  if (options.source === "openfootball") return { source: "openfootball", dir: options.dir };
  const origin: Record<string, string | number> = { source: "synthetic" };
  for (const key of SYNTHETIC_SIZES) if (options[key] !== undefined) origin[key] = options[key];
  return origin;
}

/** The options that size a synthetic set, as recorded with its version. */
const SYNTHETIC_SIZES = ["scale", "leagues", "historySeasons"] as const;

/**
 * The source an automatic rebuild (`npm start` after a mapping change) reads: the one the data
 * was built from, as its version recorded it, so the rebuild does not swap a synthetic set for
 * the real data or back; the default source when nothing usable was recorded, saying why.
 */
export function sourceToRebuild(origin: DataOrigin | null): { options: SourceOptions; why: string } {
  if (origin?.source === "synthetic") {
    const sizes: Partial<Record<(typeof SYNTHETIC_SIZES)[number], number>> = {};
    let usable = true;
    for (const key of SYNTHETIC_SIZES) {
      const value = origin[key];
      if (value === undefined) continue;
      if (key === "scale" ? isSyntheticScale(value) : isWholeNumber(value)) sizes[key] = value as number;
      else usable = false;
    }
    if (usable) {
      const told = Object.entries(sizes).map(([key, value]) => `${key} ${value}`);
      const why = told.length > 0 ? `the source the data was built from (${told.join(", ")})` : "the source the data was built from";
      return { options: { source: "synthetic", ...sizes }, why };
    }
  }
  if (origin?.source === "openfootball" && typeof origin.dir === "string") {
    if (existsSync(join(origin.dir, "football.json"))) {
      return { options: { source: "openfootball", dir: origin.dir }, why: `the source the data was built from (${origin.dir})` };
    }
    return { options: defaultSource(), why: `the default source: the data's own folder ${origin.dir} is gone` };
  }
  return { options: defaultSource(), why: "the default source: the data does not record its own (built by an older version)" };
}

/** The documents of any catalog held whole (tests build small catalogs of their own and load them with `rebuild`). */
export function buildDataSetFromCatalog(
  catalog: Catalog,
  now: Date,
  log: (line: string) => void = () => {},
): { dataSet: DataSet; summary: string[] } {
  assertUniqueFixtureIds(catalog);
  return runWalk(dataSetWalk(catalogSource(catalog), now, log));
}

/**
 * The documents of a streamed catalog: the outline walk runs here; the table walk when the
 * documents are first asked for (a rebuild runs it through `history.walk`, from the start or
 * from a checkpoint), the fixture walk while loading. A catalog read from a source (`readAgain`)
 * can be read again, so its fixture walk can be split between fixture workers.
 */
function* dataSetWalk(
  source: CatalogSource,
  now: Date,
  log: (line: string) => void,
  readAgain?: ReadAgain,
): Walk<{ dataSet: DataSet; summary: string[] }> {
  const outline = yield* outlineCatalog(source, now);
  log(
    `Catalog: ${source.leagues.length} leagues, ${source.seasons.length} seasons, ${source.teams.length} teams, ` +
      `${outline.fixtureCount.toLocaleString("en")} fixtures`,
  );
  const lookups = catalogLookups(source, outline);
  // Read without a rebuild (a bench's raw load): the tables from the start, walked once.
  let fromStart: SeasonTables | undefined;
  const tablesFromStart = () => (fromStart ??= runWalk(tablesWalk(source, lookups, now, new SeasonTablesBuilder(), {})));
  const dataSet: DataSet = {
    ...referenceDocuments(source, lookups, outline),
    standings: {
      get count() {
        return tablesFromStart().rowCount;
      },
      documents: () => standingDocuments(lookups.teams, tablesFromStart()),
    },
    fixtures: { count: outline.fixtureCount, documents: () => withoutPauses(fixtureDocuments(source, lookups, tablesFromStart().positions, now, {})) },
    history: {
      at: (cut, salt) => runWalkYielding(historyAtCut({ source, outlines: outline.seasons, summaries: lookups.summaries, salt }, cut)),
      cutAfter: (inPlaySeasons, notAfter) => nextCut(inPlaySeasons, outline.seasons, notAfter),
      walk: (start) => walkForRebuild({ source, readAgain }, lookups, outline, now, start, log),
    },
    now,
  };
  return { dataSet, summary: [`${outline.inPlay} fixtures in play at ${now.toISOString()}`] };
}

/**
 * A rebuild's standings and fixtures: the table walk (results only) now, from the start or resumed
 * at the checkpoint (a kept history's seasons then keep the previous version's rows); the fixture
 * walk, from the same start, as the fixtures are loaded, taking on its way the checkpoint for the
 * cut the rebuild will record. That cut is foreseen here from the outline: a season is in play
 * when a fixture of it kicks off at `liveFrom` or later (every such fixture is in the live part);
 * the rebuild records the checkpoint only when the cut it finds is this one. A source that can be
 * read again (`readAgain`) can have its fixture walk split between workers (`split`).
 */
async function walkForRebuild(
  { source, readAgain }: { source: CatalogSource; readAgain: ReadAgain | undefined },
  lookups: CatalogLookups,
  outline: CatalogOutline,
  now: Date,
  start: WalkStart,
  log: (line: string) => void,
): Promise<WalkedParts> {
  const inPlay = [...outline.seasons].filter(([, season]) => season.last !== null && season.last >= start.liveFrom).map(([id]) => id);
  const cut = nextCut(inPlay, outline.seasons, start.liveFrom);
  const take = new CheckpointTaker(checkpointInstant(cut, outline.seasons), new Set(seasonsBefore(cut, outline.seasons)));
  const resume: ResumeAt | undefined = start.resume ? { checkpoint: start.resume.checkpoint, kept: start.kept } : undefined;
  const builder = new SeasonTablesBuilder();
  let tables: SeasonTables;
  try {
    if (start.resume) await builder.keepPositions(start.resume.keptStandings.positions);
    tables = await runWalkYielding(tablesWalk(source, lookups, now, builder, { resume }));
  } catch (error) {
    builder.rows.discard();
    throw error;
  }
  log(
    resume
      ? `Computed the tables of the seasons not kept, from the results from ${resume.checkpoint.instant} on (the model resumed there)`
      : "Computed every season's tables from the results",
  );
  return {
    standings: {
      count: tables.rowCount + (start.resume?.keptStandings.rows ?? 0),
      kept: start.resume?.keptStandings.rows ?? 0,
      documents: () => standingDocuments(lookups.teams, tables),
    },
    fixtures: { count: outline.fixtureCount, documents: () => pausing(fixtureDocuments(source, lookups, tables.positions, now, { kept: start.kept, resume, take })) },
    checkpoint: () => {
      if (!take.finished) throw new Error("The model checkpoint is taken by the fixture walk: read it once every fixture document was made");
      return take.taken && { ...take.taken, cut };
    },
    ...(readAgain && {
      split: (workers: number) =>
        splitFixtureWalk({ ...readAgain, now, outline, positions: tables.positions, kept: start.kept, resume, take, cut }, workers),
    }),
  };
}

function* tablesWalk(
  source: CatalogSource,
  lookups: CatalogLookups,
  now: Date,
  builder: SeasonTablesBuilder,
  walk: { resume?: ResumeAt | undefined },
): Walk<SeasonTables> {
  yield* walkSeasonTables(source, lookups, now, builder, walk);
  return builder.finish();
}

function referenceDocuments(
  source: CatalogSource,
  lookups: CatalogLookups,
  outline: CatalogOutline,
): Pick<DataSet, "countries" | "leagues" | "teams" | "seasons"> {
  const { leagues, countries, summaries } = lookups;
  const currentSeasonOf = (leagueId: number) =>
    [...summaries.values()].find((summary) => summary.season.league_id === leagueId && summary.is_current) ?? null;
  const searchableTeams = source.teams.filter((team) => !team.placeholder);
  const extras = searchExtras({ ...source, matches: source.realMatches() });
  return {
    countries: { count: source.countries.length, documents: () => source.countries.map(countryDocument) },
    leagues: {
      count: source.leagues.length,
      documents: () =>
        source.leagues.map((league) => leagueDocument(league, countries.get(league.country_id)!, currentSeasonOf(league.id), extras.league(league))),
    },
    teams: {
      count: searchableTeams.length,
      documents: () =>
        searchableTeams.map((team) =>
          teamDocument(
            team,
            countries.get(team.country_id)!,
            [...(outline.leagueIdsByTeam.get(team.id) ?? [])].sort((a, b) => a - b).map((id) => leagues.get(id)!),
            extras.team(team),
          ),
        ),
    },
    seasons: {
      count: source.seasons.length,
      documents: () => source.seasons.map((season) => seasonDocument(summaries.get(season.id)!, stagesOf(outline.seasons.get(season.id)))),
    },
  };
}
