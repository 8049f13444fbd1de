import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Config } from "../../config.js";
import type { WalkCheckpoint } from "../fixtures/match-plans.js";
import type { FixturePlacement } from "../fixture-placement.js";
import type { ModelCheckpoint } from "../kept-history/model-checkpoint.js";
import type { FixtureShare, FixtureSplit } from "./fixture-share.js";

/** Most fixture workers a rebuild takes (`--workers`): each is a thread with a heap of its own. */
export const MAX_FIXTURE_WORKERS = 64;

/** What one fixture worker is given: its share, how to reach the node, and where its fixtures go. */
export type WorkerTask = { share: FixtureShare; elasticsearch: Config["elasticsearch"]; placement: FixturePlacement };

/** What a worker tells the rebuild: documents sent so far, and at the end what it did. */
export type WorkerMessage =
  | { kind: "progress"; sent: number }
  | { kind: "done"; sent: number; inPlaySeasons: number[]; taken: WalkCheckpoint | null };

/** What the rebuild tells a worker: another one failed, so stop sending (and let what was sent settle). */
export type StopMessage = { kind: "stop" };

type WorkerResult = Extract<WorkerMessage, { kind: "done" }>;

/**
 * Each worker's heap, as `npm run rebuild` bounds its own (scripts/runtime/rebuild-memory.ts): a
 * worker keeps what a whole rebuild's walk keeps (the model, the seasons in play, the positions).
 */
const WORKER_OLD_SPACE_MB = 256;

/**
 * Builds and loads a rebuild's fixtures in one thread per share (fixture-worker.ts) and returns
 * what they sent together, the seasons in play they placed and the checkpoint they took;
 * `onProgress` hears the documents sent so far. The first fault fails the load: the other workers
 * are told to stop, and their bulk requests already on their way are let settle (up to the
 * client's request timeout) before the threads are ended, so none reaches the node after the
 * rebuild deleted the version (a write to a deleted index would create it again).
 */
export async function loadFixturesInWorkers(
  split: FixtureSplit,
  { elasticsearch, placement, onProgress }: { elasticsearch: Config["elasticsearch"]; placement: FixturePlacement; onProgress: (sent: number) => void },
): Promise<{ sent: number; inPlaySeasons: Set<number>; checkpoint: ModelCheckpoint | null }> {
  const results = await runWorkers(
    split.shares.map((share) => ({ share, elasticsearch, placement })),
    onProgress,
    elasticsearch.requestTimeoutMs + 10_000,
  );
  return {
    sent: results.reduce((sum, result) => sum + result.sent, 0),
    inPlaySeasons: new Set(results.flatMap((result) => result.inPlaySeasons)),
    checkpoint: split.checkpoint(results.map((result) => result.taken)),
  };
}

async function runWorkers(tasks: readonly WorkerTask[], onProgress: (sent: number) => void, drainMs: number): Promise<WorkerResult[]> {
  const sent = tasks.map(() => 0);
  const execArgv = workerExecArgv();
  const workers = tasks.map((task) => new Worker(WORKER_FILE, { workerData: task, execArgv, resourceLimits: { maxOldGenerationSizeMb: WORKER_OLD_SPACE_MB } }));
  let failure: Error | null = null;
  let drained: () => void = () => {};
  const drainedOrLate = new Promise<void>((resolve) => (drained = resolve));
  const fail = (error: Error) => {
    if (failure) return;
    failure = error;
    for (const worker of workers) worker.postMessage({ kind: "stop" } satisfies StopMessage);
    setTimeout(drained, drainMs).unref();
  };
  const exits = workers.map(
    (worker, i) =>
      new Promise<WorkerResult | null>((resolve) => {
        let result: WorkerResult | null = null;
        worker.on("message", (message: WorkerMessage) => {
          if (message.kind === "done") result = message;
          else if (!failure) {
            sent[i] = message.sent;
            onProgress(sent.reduce((sum, n) => sum + n, 0));
          }
        });
        worker.on("error", (error) => fail(error));
        worker.on("exit", (code) => {
          if (!result) fail(new Error(`Fixture worker ${i + 1} of ${tasks.length} stopped (exit code ${code}) before it finished`));
          resolve(result);
        });
      }),
  );
  try {
    const results = await Promise.race([Promise.all(exits), drainedOrLate.then(() => [])]);
    if (failure) throw failure;
    return results as WorkerResult[];
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** The worker's file beside this one: the TypeScript source under tsx (the scripts, the tests), the compiled file in a build. */
const SOURCE_EXTENSION = extname(fileURLToPath(import.meta.url));
const WORKER_FILE = new URL(`./fixture-worker${SOURCE_EXTENSION}`, import.meta.url);
/**
 * The TypeScript source needs tsx's loader in the thread; a compiled file runs with the process's
 * own flags. Resolved when workers start, not when this module loads: a module runner that
 * cannot resolve (vitest's global setup) may load the rebuild without ever starting a worker.
 */
function workerExecArgv(): string[] | undefined {
  return SOURCE_EXTENSION === ".ts" ? ["--import", import.meta.resolve("tsx")] : undefined;
}
