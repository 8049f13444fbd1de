/**
 * What the two latency-ratio benchmarks (bench:search, bench:fixtures) share: four targets
 * (the service, the stack floor, the bare floor, the raw node: floor-server.ts) measured in
 * rotating slices of one run, and the checks of their common options.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { percentile } from "../../lib/percentile.js";
import type { TargetCpu, TargetCpuMeter } from "./target-cpu.js";
import { perTarget, TARGET_NAMES, type TargetName } from "./targets.js";

export { perTarget, TARGET_NAMES, type TargetName } from "./targets.js";
export type Measured = { rps: number; p50: number; p99: number; samples: number; cpu: TargetCpu };

/**
 * `rounds` rounds of one slice per target, who goes first rotating each round, so all
 * targets see the same background load on a shared machine. `slice` measures one target
 * once, adds every latency to `latencies` and returns the slice's requests per second;
 * a target's percentiles come from all its slices together, its rate is their mean, its CPU
 * per request `meter`'s reading over its slices.
 */
export async function rotate(
  rounds: number,
  meter: TargetCpuMeter,
  slice: (target: TargetName, latencies: number[]) => Promise<number>,
): Promise<Record<TargetName, Measured>> {
  const samples = perTarget((): number[] => []);
  const rates = perTarget((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < TARGET_NAMES.length; turn++) {
      const target = TARGET_NAMES[(round + turn) % TARGET_NAMES.length]!;
      const end = meter.slice(target);
      rates[target].push(await slice(target, samples[target]));
      end();
    }
  }
  const summarize = (target: TargetName): Measured => {
    const sorted = samples[target].sort((a, b) => a - b);
    const rps = rates[target].reduce((sum, rate) => sum + rate, 0) / rates[target].length;
    return { rps, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), samples: sorted.length, cpu: meter.perRequest(target, sorted.length) };
  };
  return perTarget(summarize);
}

export type RunOptions = {
  connections: number;
  duration: number;
  rounds: number;
  warmup: number;
  /** --service-dir: another checkout (npm ci done there) whose service is measured, for before/after figures on the same data. */
  serviceDir?: string;
};

/** --connections, --duration, --rounds, --warmup and --service-dir from the command line, with the benchmark's defaults, checked. */
export function parseRunOptions(defaults: Omit<RunOptions, "serviceDir">): RunOptions {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      connections: { type: "string", default: String(defaults.connections) },
      duration: { type: "string", default: String(defaults.duration) },
      rounds: { type: "string", default: String(defaults.rounds) },
      warmup: { type: "string", default: String(defaults.warmup) },
      "service-dir": { type: "string" },
    },
  });
  const options = {
    connections: Number(values.connections),
    duration: Number(values.duration),
    rounds: Number(values.rounds),
    warmup: Number(values.warmup),
    ...(values["service-dir"] === undefined ? {} : { serviceDir: resolve(values["service-dir"]) }),
  };
  checkRunOptions(options);
  return options;
}

/** --connections, --duration and --rounds are positive integers, --warmup seconds >= 0. */
function checkRunOptions(options: RunOptions): void {
  for (const [name, value] of Object.entries({ connections: options.connections, duration: options.duration, rounds: options.rounds })) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  }
  if (!(options.warmup >= 0)) throw new Error("--warmup must be a number of seconds, 0 or more");
}
