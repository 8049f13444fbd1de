import type { Client, estypes } from "@elastic/elasticsearch";
import type { IndexLayout } from "../config.js";
import { cloneIndex } from "./index-clone.js";
import { createLoadingIndex, deleteIndex, deleteMatching } from "./index-versions.js";
import { countDocuments } from "./searches.js";
import { searchPages } from "./search-pages.js";

/*
 * A nightly rebuild's standings (ingest/kept-history/): the kept seasons' rows stay as the live
 * version holds them, in a clone of its standings index (hard-linked segments: seconds, whatever
 * the history), and only the other seasons' rows are computed and loaded. A rebuild's rows carry
 * no `computed_at`; a live recompute's do (a correction or a move since the version was built),
 * and a full rebuild would compute such a season from the source again: then nothing is kept and
 * every season is computed.
 */

/** A kept season's team position at a stage, for a fixture of that season the nightly rebuild still builds. */
export type KeptPosition = { seasonId: number; stageId: number; teamId: number; position: number };

/** The kept seasons' rows now in the new version, and their positions (read once, from the clone). */
export type KeptStandings = { rows: number; positions: AsyncIterable<KeptPosition> };

/** A standing row's id is (season, stage, group, team): these sort every row of an index once, to page by. */
export const STANDING_ROW_ORDER: estypes.Sort = [{ season_id: "asc" }, { stage_id: "asc" }, { group_id: "asc" }, { team_id: "asc" }];
/** Rows read for their positions only, a few numbers each. */
const POSITIONS_PAGE = 10_000;

/**
 * The new version's standings index `to` (created empty for loading) replaced by a clone of `from`
 * holding only the kept `seasons`' rows, when none of them was recomputed since `from` was built;
 * else `to` is left empty again, with why. The clone is read, not `from`: it is the state the
 * rows were kept in, whatever a recompute writes to `from` after. Unlike a kept history's
 * fixtures, the kept rows are not counted against the source (it cannot say how many rows a
 * season has without walking it): a row deleted in the node by hand is not seen, which is one of
 * the reasons to run `--full` after editing the node by hand (docs/data.md).
 */
export async function keepStandings(
  es: Client,
  { from, to, meta, layout, seasons }: { from: string; to: string; meta: Record<string, unknown>; layout: IndexLayout; seasons: readonly number[] },
): Promise<KeptStandings | { why: string }> {
  await deleteIndex(es, to);
  await cloneIndex(es, from, to, meta);
  await es.indices.refresh({ index: to });
  const kept: estypes.QueryDslQueryContainer = { terms: { season_id: [...seasons] } };
  const recomputed = await countDocuments(es, to, { bool: { filter: [kept, { exists: { field: "computed_at" } }] } });
  if (recomputed > 0) {
    await deleteIndex(es, to);
    await createLoadingIndex(es, to, "standings", layout, meta);
    return { why: `${recomputed.toLocaleString("en")} standing rows of the kept seasons were recomputed since the live version was built` };
  }
  await deleteMatching(es, to, { bool: { must_not: [kept] } }, STANDING_ROW_ORDER);
  return { rows: await countDocuments(es, to), positions: positionsOf(es, to) };
}

async function* positionsOf(es: Client, index: string): AsyncGenerator<KeptPosition> {
  const fields = ["season_id", "stage_id", "team_id", "position"];
  for await (const hits of searchPages(es, { index, _source: false, docvalue_fields: fields, sort: STANDING_ROW_ORDER }, POSITIONS_PAGE)) {
    for (const hit of hits) {
      const [seasonId, stageId, teamId, position] = fields.map((field) => (hit.fields![field] as number[])[0]!);
      yield { seasonId: seasonId!, stageId: stageId!, teamId: teamId!, position: position! };
    }
  }
}
