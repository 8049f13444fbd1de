import { generateBetBuilders } from "../../src/bet-builders/generate.js";
import { LiveSimulator } from "../../src/live/simulator.js";
import { matchClock } from "./match-clock.js";
import { loadCatalog, MINI_SEASONS, miniCatalog, type MiniMatch } from "./mini-catalog.js";
import { startTestEnv, type TestEnv } from "./test-env.js";

/**
 * What the clients' tests run against: the real app on the real node, over a catalog with
 * past results (standings, forms), bet builders and a slate of matches that the live
 * simulator plays at speed 60 (a match minute every real second) while the tests run.
 * - `front`: the service the clients talk to, on a fixed port so that `restart()` brings a
 *   new process-like instance (new stream hub, no event history) back where clients were;
 * - `strict`: a second instance over the same data with rate limits on and room for one
 *   request at a time, so 429 and 503 answers with Retry-After are real answers;
 * - `rebuild()`: a full rebuild of the same catalog (new indices, alias swap).
 */
const BET_BUILDER_USER = 41;
const STREAM_SETTINGS = { STREAM_POLL_MS: "100", STREAM_REFRESH_MS: "2000", STREAM_HEARTBEAT_MS: "1000" };
const STRICT_SETTINGS = { RATE_LIMIT_PER_SECOND: "20", RATE_LIMIT_BURST: "40", ADMISSION_MAX_IN_FLIGHT: "1", ADMISSION_MAX_QUEUED: "0", ADMISSION_RETRY_AFTER_S: "1" };

export type ClientHarness = {
  url: string;
  key: string;
  standingsKey: string;
  betBuilderKey: string;
  betBuilderId: number;
  seasonId: number;
  /** The instance with rate limits and one slot; `limitedKey` may send one request a second (bursts of 2). */
  strictUrl: string;
  limitedKey: string;
  /** The front instance now (a restart replaces it). */
  front: () => TestEnv;
  restart: () => Promise<void>;
  rebuild: () => Promise<void>;
  close: () => Promise<void>;
};

function slate(upcoming: (id: number, home: number, away: number, minutes: number) => MiniMatch, hours: (h: number) => string): MiniMatch[] {
  return [
    { id: 1, home: 11, away: 12, date_time: hours(-24 * 60), status: "FT", result: { ht: [1, 0], ft: [2, 1] } },
    { id: 2, home: 11, away: 13, date_time: hours(-24 * 53), status: "FT", result: { ft: [0, 0] } },
    { id: 3, home: 14, away: 12, date_time: hours(-24 * 46), status: "FT", result: { ft: [1, 3] } },
    // In play when the tests start, kicking off while they run, and one far ahead.
    upcoming(10, 13, 14, -20),
    upcoming(11, 11, 12, 1),
    upcoming(12, 15, 16, 3),
    upcoming(13, 12, 13, 30),
    upcoming(14, 14, 15, 60),
    upcoming(15, 16, 11, 60 * 24 * 2),
  ];
}

export async function startClientHarness(): Promise<ClientHarness> {
  const { start, at, upcoming } = matchClock();
  const hours = (h: number) => new Date(start.getTime() + h * 3_600_000).toISOString();
  const catalog = miniCatalog(slate(upcoming, hours));
  // The owner of the data: its prefix, its keys; its own listener is not used.
  const owner = await startTestEnv();
  const dataPrefix = owner.config.indexPrefix;
  await loadCatalog(owner, catalog, start);
  const key = await owner.createKey();
  const standingsKey = await owner.createKey({ userId: 40, roles: ["standings"] });
  const betBuilderKey = await owner.createKey({ userId: BET_BUILDER_USER });
  const limitedKey = await owner.createKey({ userId: 42, rateLimit: 1 });
  const { created } = await generateBetBuilders(owner.es, owner.deps.indices, { userId: BET_BUILDER_USER, now: start });
  await owner.es.indices.refresh({ index: owner.deps.indices.bet_builders });

  let front = await startTestEnv(STREAM_SETTINGS, { dataPrefix });
  const port = Number(new URL(front.url).port);
  const strict = await startTestEnv({ ...STREAM_SETTINGS, ...STRICT_SETTINGS }, { dataPrefix });

  const simulator = new LiveSimulator(owner.es, owner.deps.indices, { startAt: start, speed: 60 });
  let clock = 0;
  let stopped = false;
  // Half a match minute every half real second: speed 60, as the demo's test plays.
  const playing = (async () => {
    while (!stopped) {
      clock += 0.5;
      await simulator.step(at(clock));
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();

  return {
    url: front.url,
    key,
    standingsKey,
    betBuilderKey,
    betBuilderId: created[0]!.id,
    seasonId: MINI_SEASONS.current.id,
    strictUrl: strict.url,
    limitedKey,
    front: () => front,
    async restart() {
      await front.close();
      front = await startTestEnv(STREAM_SETTINGS, { dataPrefix, port });
    },
    async rebuild() {
      // The simulator's own moment, so the rebuilt documents show the matches where it plays them.
      await loadCatalog(owner, catalog, at(clock));
    },
    async close() {
      stopped = true;
      await playing;
      await front.close();
      await strict.close();
      await owner.close();
    },
  };
}
