/**
 * The request kinds whose latency the scale benchmark follows, with values sampled from the data
 * under test (so every request finds something), each sent one at a time (a quiet service: the
 * figure is what one request costs at this catalogue size, not a queue).
 */
import { Agent } from "node:http";
import type { Client } from "@elastic/elasticsearch";
import type { IndexNames } from "../../../src/store/index-names.js";
import { send } from "../../lib/http-send.js";
import { BROAD_ORDER, BROAD_WHERE } from "../../lib/broad-filters.js";
import { percentile } from "../../lib/percentile.js";
import { sampleTargets } from "../../load/targets.js";

export type KindLatency = { kind: string; p50: number; p95: number; failed: number };

const ORDER = BROAD_ORDER;
const WHERE = BROAD_WHERE;
const search = (window: string, filters: number) => `/fixtures/search?window=${window}&${WHERE.slice(0, filters).join("&")}&${ORDER}`;

export const KIND_NAMES = [
  "fixtures by date",
  "10 ids + last_fixtures + trends",
  ...["live", "24", "168"].flatMap((window) => [1, 5].map((filters) => `search ${window} ${filters}w+order`)),
  "livescores",
  "/search teams",
  "/search fixtures",
  "standings",
] as const;

async function requestKinds(es: Client, names: IndexNames): Promise<Map<string, (i: number) => string>> {
  const targets = await sampleTargets(es, names);
  const seasons = await es.search<{ id: number }>({ index: names.seasons, size: 200, _source: ["id"], query: { match_all: {} } });
  const seasonIds = seasons.hits.hits.map((hit) => hit._source!.id);
  const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
  const kinds = new Map<string, (i: number) => string>([
    ["fixtures by date", (i) => `/fixtures?date=${pick(targets.days, i)}`],
    ["10 ids + last_fixtures + trends", (i) => {
      const start = (i * 10) % Math.max(1, targets.stableIds.length - 10);
      return `/fixtures?fixture_id=${targets.stableIds.slice(start, start + 10).join(",")}&include=last_fixtures,trends`;
    }],
  ]);
  for (const window of ["live", "24", "168"]) for (const filters of [1, 5]) kinds.set(`search ${window} ${filters}w+order`, () => search(window, filters));
  kinds.set("livescores", () => "/livescores");
  kinds.set("/search teams", (i) => `/search?q=${encodeURIComponent(pick(targets.teamNames, i))}&types=team`);
  kinds.set("/search fixtures", (i) => `/search?q=${encodeURIComponent(pick(targets.teamNames, i))}&types=fixture`);
  kinds.set("standings", (i) => `/standings?season_id=${pick(seasonIds, i)}`);
  return kinds;
}

export async function measureKinds(
  es: Client,
  names: IndexNames,
  service: { url: string; key: string },
  requests: number,
): Promise<KindLatency[]> {
  const kinds = await requestKinds(es, names);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const results: KindLatency[] = [];
  try {
    for (const [kind, path] of kinds) {
      const latencies: number[] = [];
      let failed = 0;
      const warmup = Math.max(3, Math.round(requests / 10));
      for (let i = 0; i < warmup + requests; i++) {
        const started = performance.now();
        const reply = await send(agent, `${service.url}${path(i)}`, { headers: { "x-api-key": service.key }, timeoutMs: 30_000 });
        const elapsed = performance.now() - started;
        if (reply.status !== 200) failed++;
        else if (i >= warmup) latencies.push(elapsed);
      }
      latencies.sort((a, b) => a - b);
      results.push({ kind, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), failed });
    }
  } finally {
    agent.destroy();
  }
  return results;
}
