import type { Client, estypes } from "@elastic/elasticsearch";
import { betBuildersAfterRebuild } from "../../../src/bet-builders/after-rebuild.js";
import { buildDataSet, DEFAULT_OPENFOOTBALL_DIR } from "../../../src/ingest/data-set.js";
import { rebuild } from "../../../src/ingest/rebuild.js";
import { ensurePersistentIndices } from "../../../src/store/ensure-index.js";
import { mappingGaps } from "../../../src/store/mapping-gaps.js";
import { versionedIndexName, versionOf, type IndexNames } from "../../../src/store/index-names.js";
import { replicaSettings } from "../../../src/store/replicas.js";

/**
 * The real data (the openfootball rebuild) under the benchmark's prefix, kept between runs,
 * and a fresh copy of its fixtures for every phase.
 *
 * The simulator plays matches to full time, and the real slate around a rebuild's `now` is
 * thin (a dozen matches in play, a few kicking off per hour; at speed 60 they are all over
 * within two minutes). So the rebuild's fixtures index is kept as it was written (write-
 * blocked, the "pristine" copy) and every phase plays on a clone of it (`_clone`: hard links,
 * indexed-only fields included, a second or so), with the simulator's clock starting at the
 * rebuild's own `now`: every phase replays the same match hour, so phases are comparable
 * (the same writes at 100 and at 1,000 subscribers). The alias moves to the clone as a
 * rebuild moves it; each phase starts its own service after that.
 */
export type RealData = { pristine: string; version: string; playedFrom: Date };

/** Older data is rebuilt: its fixtures not in play are dated from then, so time windows would miss them. */
const MAX_AGE_MS = 24 * 3_600_000;
const PLAY_SUFFIX = "-play";

export async function ensureRealData(es: Client, names: IndexNames, options: { rebuild: boolean }, log: (line: string) => void): Promise<RealData> {
  await dropPlayCopies(es, names);
  let version = await teamsVersion(es, names);
  let playedFrom = version ? await rebuildNow(es, versionedIndexName(names.fixtures, version)) : null;
  const gaps = version ? await mappingGaps(es, names) : [];
  const reason = options.rebuild
    ? "--rebuild"
    : !version || !playedFrom
      ? `no real data under '${names.prefix}'`
      : Date.now() - playedFrom.getTime() > MAX_AGE_MS
        ? `the real data under '${names.prefix}' is from ${playedFrom.toISOString()}`
        : gaps.length > 0
          ? `the real data under '${names.prefix}' was built with older mappings (no ${gaps.join(", ")})`
          : null;
  if (reason) {
    log(`${reason}: the openfootball rebuild first (about a minute)`);
    const now = new Date();
    const { dataSet } = await buildDataSet({ source: "openfootball", dir: DEFAULT_OPENFOOTBALL_DIR }, now);
    version = (await rebuild(es, names, dataSet)).version;
    await ensurePersistentIndices(es, names);
    await betBuildersAfterRebuild(es, names);
    playedFrom = now;
  } else {
    log(`Real data under '${names.prefix}' (rebuilt at ${playedFrom!.toISOString()}), kept from an earlier run.`);
  }
  const pristine = versionedIndexName(names.fixtures, version!);
  await es.indices.putSettings({ index: pristine, settings: { "index.blocks.write": true } });
  return { pristine, version: version!, playedFrom: playedFrom! };
}

/** A fresh clone of the pristine fixtures behind the alias; the previous clone is deleted. Returns its name. */
export async function playCopy(es: Client, names: IndexNames, data: RealData, phase: number): Promise<string> {
  const target = `${data.pristine}${PLAY_SUFFIX}${phase}`;
  await es.indices.clone({
    index: data.pristine,
    target,
    settings: { "index.blocks.write": null, ...replicaSettings("auto") } as estypes.IndicesIndexSettings,
    wait_for_active_shards: 1,
  });
  await es.indices.updateAliases({
    actions: [
      { remove: { index: `${names.fixtures}-*`, alias: names.fixtures, must_exist: false } },
      { add: { index: target, alias: names.fixtures } },
    ],
  });
  await dropPlayCopies(es, names, target);
  return target;
}

/** Puts the alias back on the pristine copy and deletes every clone: what stays between runs. */
export async function restPristine(es: Client, names: IndexNames, data: RealData): Promise<void> {
  await es.indices.updateAliases({
    actions: [
      { remove: { index: `${names.fixtures}-*`, alias: names.fixtures, must_exist: false } },
      { add: { index: data.pristine, alias: names.fixtures } },
    ],
  });
  await dropPlayCopies(es, names);
}

async function dropPlayCopies(es: Client, names: IndexNames, keep?: string): Promise<void> {
  const rows = await es.cat.indices({ index: `${names.fixtures}-*`, h: "index", format: "json" });
  const copies = rows.map((row) => row.index ?? "").filter((index) => index.includes(PLAY_SUFFIX) && index !== keep);
  if (copies.length > 0) await es.indices.delete({ index: copies });
}

/** The version the teams alias points at: clones never touch it, so it names the pristine fixtures too. */
async function teamsVersion(es: Client, names: IndexNames): Promise<string | null> {
  const response = await es.indices.getAlias({ name: names.teams }, { ignore: [404] });
  const index = Object.keys(response).find((key) => key.startsWith(`${names.teams}-`));
  return index ? versionOf(names.teams, index) : null;
}

/** The rebuild's `now`: every fixture it wrote carries it as `updated_at`, and the pristine copy is never written. */
async function rebuildNow(es: Client, pristine: string): Promise<Date | null> {
  const response = await es.search({ index: pristine, size: 0, aggs: { newest: { max: { field: "updated_at" } } } }, { ignore: [404] });
  const value = (response.aggregations?.newest as estypes.AggregationsMaxAggregate | undefined)?.value;
  return typeof value === "number" ? new Date(value) : null;
}
