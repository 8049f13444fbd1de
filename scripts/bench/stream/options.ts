import { parseArgs } from "node:util";
import { wholeOption } from "../../lib/cli.js";

export const PHASES = ["one", "many", "polling", "two", "burst"] as const;
export type PhaseName = (typeof PHASES)[number];

export type StreamBenchOptions = {
  streams: number;
  queries: number;
  durationSeconds: number;
  seed: string;
  rebuild: boolean;
  phases: ReadonlySet<PhaseName>;
  /** Fixtures the burst phase rewrites. */
  burst: number;
  /** Another checkout whose compiled service is measured instead of this one's (bench:compare). */
  serviceDir: string | undefined;
  /** Where to write each phase's figures as JSON (bench:compare reads them). */
  json: string | undefined;
};

/**
 * `npm run bench:stream [-- --streams 1000 --queries 100 --duration 60 --seed streams --rebuild
 * --own --phases one,many,polling,two,burst --burst 20000 --service-dir DIR --json FILE]`. `--own`
 * gives every client its own query (`--queries` = `--streams`): a bettor sets their own
 * thresholds. `--service-dir` measures another checkout's compiled service (DIR/dist/src/server.js);
 * `--json` writes each stream phase's figures to FILE (`npm run bench:compare` runs it so).
 */
export function parseStreamBenchOptions(args: readonly string[]): StreamBenchOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      streams: { type: "string", default: "1000" },
      queries: { type: "string" },
      own: { type: "boolean", default: false },
      duration: { type: "string", default: "60" },
      seed: { type: "string", default: "bench:stream" },
      rebuild: { type: "boolean", default: false },
      phases: { type: "string", default: "one,many,polling,two" },
      burst: { type: "string", default: "20000" },
      "service-dir": { type: "string" },
      json: { type: "string" },
    },
  });
  const streams = wholeOption(values.streams, "streams", 1, 10_000);
  if (values.own && values.queries !== undefined) throw new Error("--own gives every stream its own query: leave --queries out");
  const queries = values.own ? streams : wholeOption(values.queries ?? "100", "queries", 1, 10_000);
  if (queries > streams) throw new Error(`--queries (${queries}) must not exceed --streams (${streams}): every query has a subscriber`);
  const phases = new Set<PhaseName>();
  for (const name of values.phases.split(",").map((part) => part.trim())) {
    if (!(PHASES as readonly string[]).includes(name)) throw new Error(`--phases: unknown phase "${name}" (one of ${PHASES.join(", ")})`);
    phases.add(name as PhaseName);
  }
  return {
    streams,
    queries,
    durationSeconds: wholeOption(values.duration, "duration", 5, 3_600),
    seed: values.seed,
    rebuild: values.rebuild,
    phases,
    burst: wholeOption(values.burst, "burst", 1, 1_000_000),
    serviceDir: values["service-dir"],
    json: values.json,
  };
}
