import { parseArgs } from "node:util";
import { wholeOption } from "../../load/cli.js";

export type StreamBenchOptions = { streams: number; queries: number; durationSeconds: number; seed: string; rebuild: boolean };

/** `npm run bench:stream [-- --streams 1000 --queries 100 --duration 60 --seed streams --rebuild]` */
export function parseStreamBenchOptions(args: readonly string[]): StreamBenchOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      streams: { type: "string", default: "1000" },
      queries: { type: "string", default: "100" },
      duration: { type: "string", default: "60" },
      seed: { type: "string", default: "bench:stream" },
      rebuild: { type: "boolean", default: false },
    },
  });
  const streams = wholeOption(values.streams, "streams", 1, 10_000);
  const queries = wholeOption(values.queries, "queries", 1, 1_000);
  if (queries > streams) throw new Error(`--queries (${queries}) must not exceed --streams (${streams}): every query has a subscriber`);
  return { streams, queries, durationSeconds: wholeOption(values.duration, "duration", 5, 3_600), seed: values.seed, rebuild: values.rebuild };
}
