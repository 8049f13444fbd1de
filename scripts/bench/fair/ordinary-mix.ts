/**
 * What an ordinary key of bench:fair asks for: a score page and a scanner, in turn. Fixtures of
 * a day and live scores with statistics, a live search with the key's own thresholds, an entity
 * search of teams and leagues as typed (a letter missing), fixtures by id. None is one of the
 * service's expensive kinds (backtests, last_fixtures or trends, fixture search), so these keys
 * stay in the ordinary lane; their values come from the data under test (scripts/load/targets.ts).
 */
import type { LoadRequest } from "../../load/answer.js";
import { misspelt, pick, type LoadTargets } from "../../load/targets.js";

/** Statistics a scanner watches in play; each key takes its own with its own range. */
const WATCHED = ["CORNERS", "SHOTS_ON_TARGET", "DANGEROUS_ATTACKS", "GOALS", "YELLOWCARDS", "ATTACKS"] as const;

/** The request rotation of ordinary key `k`: every key asks other values, and the same key never twice the same in a row. */
export function ordinaryMix(targets: LoadTargets, k: number): () => LoadRequest {
  const statistic = pick(WATCHED, k);
  let n = 0;
  const kinds: Array<(i: number) => LoadRequest> = [
    (i) => ({ kind: "fixtures by day", path: `/fixtures?date=${pick(targets.days, i * 7 + k)}&include=statistics` }),
    (i) => ({ kind: "live search", path: `/fixtures/search?window=live&include=statistics&where[${statistic}]=${k % 3}:${k % 3 + 3 + (i % 4)}` }),
    () => ({ kind: "livescores", path: "/livescores?include=statistics" }),
    (i) => ({ kind: "entity search", path: `/search?q=${encodeURIComponent(misspelt(pick(targets.teamNames, i * 5 + k), i))}&types=team,league` }),
    (i) => {
      const start = (i * 3 + k * 11) % Math.max(1, targets.stableIds.length - 3);
      return { kind: "fixtures by id", path: `/fixtures?fixture_id=${targets.stableIds.slice(start, start + 1 + (i % 3)).join(",")}` };
    },
  ];
  return () => {
    const i = n++;
    return pick(kinds, i)(Math.floor(i / kinds.length));
  };
}
