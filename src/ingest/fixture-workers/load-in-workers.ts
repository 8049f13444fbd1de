import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Config } from "../../config.js";
import type { WalkCheckpoint } from "../fixtures/match-plans.js";
import type { FixturePlacement } from "../fixture-placement.js";
import type { FixtureShare } from "./fixture-share.js";

/** What one fixture worker is given: its share, how to reach the node, and where its fixtures go. */
export type WorkerTask = { share: FixtureShare; elasticsearch: Config["elasticsearch"]; placement: FixturePlacement };

/** What a worker tells the rebuild: documents sent so far, and at the end what it did. */
export type WorkerMessage =
  | { kind: "progress"; sent: number }
  | { kind: "done"; sent: number; inPlaySeasons: number[]; taken: WalkCheckpoint | null };

export type WorkerResult = Extract<WorkerMessage, { kind: "done" }>;

/**
 * Each worker's heap, as `npm run rebuild` bounds its own (scripts/runtime/rebuild-memory.ts): a
 * worker keeps what a whole rebuild's walk keeps (the model, the seasons in play, the positions).
 */
const WORKER_OLD_SPACE_MB = 256;

/**
 * Runs one thread per task (fixture-worker.ts) and waits for all of them; `onProgress` hears the
 * documents they sent together. The first fault stops every worker and is thrown: nothing of the
 * version is kept by the caller then. Under tsx (the scripts, the tests) the worker runs the
 * TypeScript source through tsx too; the built service runs the compiled file.
 */
export async function loadInWorkers(tasks: readonly WorkerTask[], onProgress: (sent: number) => void): Promise<WorkerResult[]> {
  const sent = tasks.map(() => 0);
  const workers = tasks.map((task) => new Worker(WORKER_FILE, { workerData: task, execArgv: WORKER_EXEC_ARGV, resourceLimits: { maxOldGenerationSizeMb: WORKER_OLD_SPACE_MB } }));
  try {
    return await Promise.all(
      workers.map(
        (worker, i) =>
          new Promise<WorkerResult>((resolve, reject) => {
            let result: WorkerResult | null = null;
            worker.on("message", (message: WorkerMessage) => {
              if (message.kind === "done") result = message;
              else {
                sent[i] = message.sent;
                onProgress(sent.reduce((sum, n) => sum + n, 0));
              }
            });
            worker.on("error", reject);
            worker.on("exit", (code) => (result ? resolve(result) : reject(new Error(`Fixture worker ${i + 1} of ${tasks.length} stopped (exit code ${code}) before it finished`))));
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

const SOURCE_EXTENSION = extname(fileURLToPath(import.meta.url));
const WORKER_FILE = new URL(`./fixture-worker${SOURCE_EXTENSION}`, import.meta.url);
/** The TypeScript source needs tsx's loader in the thread; the compiled file runs with the process's own flags. */
const WORKER_EXEC_ARGV = SOURCE_EXTENSION === ".ts" ? ["--import", import.meta.resolve("tsx")] : undefined;
