/**
 * Updates per second the live update path sustains while /livescores is polled at a fixed
 * 50 requests/s, with the poll's latency.
 *
 *   npm run bench:updates [-- --duration 20] [--workers 4]
 *
 * Data: the versioned indices under INDEX_PREFIX (default `bench_updates`); when there are
 * none, a synthetic rebuild is made there first (with the demo users' bet builders, so the
 * pricing follow-up has work). The service runs as a child process (its CPU apart from this
 * one's), without a rate limit (startService). The writers move the slate's fixtures one match minute
 * per update through the real path (applyFixtureUpdate + follow-ups: bet-builder pricing,
 * standings at full time), each fixture on its own clock that starts again at kick-off after
 * full time; workers take fixtures in turn, so two may race for one and retry on conflict.
 * The poller is open-loop: a request every 20 ms whatever the previous one does.
 */
import { parseArgs } from "node:util";
import { availableParallelism } from "node:os";
import { ApiKeyStore } from "../../src/store/api-key-store.js";
import { betBuildersAfterRebuild } from "../../src/bet-builders/after-rebuild.js";
import { loadConfig } from "../../src/config.js";
import { buildDataSet } from "../../src/ingest/data-set.js";
import { rebuild } from "../../src/ingest/rebuild.js";
import { applyFixtureUpdate, updateTarget, type UpdateTarget } from "../../src/live/apply-update.js";
import { runFollowUps } from "../../src/live/follow-ups.js";
import { changeAt, liveFixtureOf, type LiveFixture } from "../../src/live/live-fixture.js";
import { readLiveSlate } from "../../src/live/slate.js";
import { PROJECT_ROOT } from "../../src/paths.js";
import { ensurePersistentIndices } from "../../src/store/ensure-index.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { indexNames } from "../../src/store/index-names.js";
import { currentVersion } from "../../src/store/index-versions.js";
import { percentile } from "../lib/percentile.js";
import { freePort, serviceEntry, startService } from "../lib/service.js";
import { runScript } from "../lib/cli.js";

const POLL_PER_SECOND = 50;
const POLL_PATH = "/livescores?include=odds,statistics,metrics";

type WriterTotals = { updates: number; written: number; conflicts: number; errors: number; finished: number };

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { duration: { type: "string", default: "20" }, workers: { type: "string", default: "4" } } });
  const durationMs = Number(values.duration) * 1000;
  const workers = Number(values.workers);
  if (!(durationMs > 0) || !Number.isInteger(workers) || workers < 1) throw new Error("--duration must be positive seconds and --workers a positive integer");
  const prefix = process.env.INDEX_PREFIX ?? "bench_updates";
  const config = loadConfig({ ...process.env, INDEX_PREFIX: prefix });
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 120_000 });
  const names = indexNames(prefix);
  let service: Awaited<ReturnType<typeof startService>> | undefined;
  try {
    if (!(await currentVersion(es, names))) {
      console.log(`No data under '${prefix}': a synthetic rebuild first`);
      const { dataSet } = await buildDataSet({ source: "synthetic" }, new Date());
      await rebuild(es, names, dataSet);
      await betBuildersAfterRebuild(es, names);
    }
    const fixtures = (await readLiveSlate(es, names.fixtures, new Date(Date.now() + 3 * 3600_000)))
      .map(liveFixtureOf)
      .filter((fixture): fixture is LiveFixture => fixture !== null);
    if (fixtures.length === 0) throw new Error(`no simulated fixture in play or kicking off soon under '${prefix}'; rebuild it`);

    // An api_keys index from an older release may lack fields a new key carries.
    await ensurePersistentIndices(es, names);
    const store = new ApiKeyStore(es, names.api_keys);
    const { key, record } = await store.create({ userId: 0, roles: [], label: "bench:updates" });
    const port = await freePort();
    service = await startService(await serviceEntry(), [], { PORT: String(port), INDEX_PREFIX: prefix });
    console.log(`Machine: ${availableParallelism()} cores. ${fixtures.length} live fixtures under '${prefix}'; ${workers} writers; /livescores at ${POLL_PER_SECOND}/s for ${durationMs / 1000} s.`);

    const endsAt = Date.now() + durationMs;
    const [poll, totals] = await Promise.all([
      pollLivescores(`http://127.0.0.1:${port}${POLL_PATH}`, key, endsAt),
      drive(updateTarget(es, names), names, fixtures, workers, endsAt),
    ]);
    await store.revoke(record.id);

    const seconds = durationMs / 1000;
    const sorted = poll.latencies.sort((a, b) => a - b);
    console.log(`\nUpdates: ${(totals.updates / seconds).toFixed(1)}/s (${totals.updates} in ${seconds} s, ${totals.written} written, ${totals.finished} full times), conflicts retried ${totals.conflicts}, errors ${totals.errors}`);
    console.log(`/livescores: ${poll.sent} requests (${(poll.sent / seconds).toFixed(1)}/s), p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, errors ${poll.errors}`);
  } finally {
    service?.kill();
    await es.close();
  }
}

/** Workers take fixtures in turn and move each one match minute per update. */
async function drive(target: UpdateTarget, names: ReturnType<typeof indexNames>, fixtures: readonly LiveFixture[], workers: number, endsAt: number): Promise<WriterTotals> {
  const totals: WriterTotals = { updates: 0, written: 0, conflicts: 0, errors: 0, finished: 0 };
  const minuteOf = new Map(fixtures.map((fixture) => [fixture.id, 0]));
  let turn = 0;
  const worker = async () => {
    while (Date.now() < endsAt) {
      const fixture = fixtures[turn++ % fixtures.length]!;
      const length = fixture.script.endUnix - fixture.kickoffUnix + 120;
      const minute = minuteOf.get(fixture.id)!;
      minuteOf.set(fixture.id, minute + 1);
      const { change } = changeAt(fixture, fixture.kickoffUnix + ((minute * 60) % length));
      try {
        const result = await applyFixtureUpdate(target, fixture.id, change);
        await runFollowUps(target.es, names, [result]);
        totals.updates++;
        if (result.written) totals.written++;
        if (result.effects.finished) totals.finished++;
        totals.conflicts += result.conflicts;
      } catch (error) {
        totals.errors++;
        if (totals.errors <= 3) console.error(`update of ${fixture.id} failed: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return totals;
}

/** Open loop: one request every 1000/50 ms, each timed on its own. */
async function pollLivescores(url: string, key: string, endsAt: number): Promise<{ sent: number; errors: number; latencies: number[] }> {
  const latencies: number[] = [];
  const inFlight: Array<Promise<void>> = [];
  let errors = 0;
  const interval = 1000 / POLL_PER_SECOND;
  const start = Date.now();
  for (let i = 0; start + i * interval < endsAt; i++) {
    const due = start + i * interval;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const sentAt = performance.now();
    inFlight.push(
      fetch(url, { headers: { "x-api-key": key } }).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.status !== 200) errors++;
          else latencies.push(performance.now() - sentAt);
        },
        () => {
          errors++;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  return { sent: inFlight.length, errors, latencies };
}

runScript("bench:updates", main);
