/**
 * `npm run bench:nightly -- --base <git ref> [--sizes 100000,300000] [--repeats 3]
 *   [--base-prefix bench_nightly_base_{size}] [--head-prefix bench_nightly_head_{size}] [--full base,head]`
 *
 * The nightly rebuild (docs/data.md, "Nightly rebuilds") of two checkouts side by side: the
 * base's code (a worktree of `--base`, made once with its own `npm ci` and kept, as bench:compare
 * makes it) and this checkout's, each on bench:scale's synthetic catalogue of each size under a
 * prefix of its own. Per size, each side first gets a full rebuild by its own code (`--full`
 * names the sides that need one: a side whose prefix already holds a version its code built, such
 * as bench:scale's `--keep`, can skip it), then one nightly rebuild each not counted (the warm-up,
 * and a check that history is kept), then `--repeats` pairs alternated: base, this, base, this.
 * Each nightly rebuild is a child process as `npm run rebuild` runs it; per run: wall time, the
 * rebuild process's CPU and the node's (from /proc), documents generated and loaded. Printed: the
 * figures side by side per size (bench:compare's table: medians, ratio this/base, the per-repeat
 * ratios' range, each side's spread), then each side's growth from the smallest size to the others.
 * Heavy: run it alone on the machine.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../../src/config.js";
import { PROJECT_ROOT } from "../../src/paths.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { preparedWorktree } from "../lib/checkout.js";
import { runScript, UsageError, wholeOption } from "../lib/cli.js";
import { cpuWindow } from "../lib/cpu.js";
import { localNodePids } from "../lib/es-pids.js";
import { rebuildInChild, type RebuildRun } from "../lib/rebuild-child.js";
import { historyArgs, scaleLeagues } from "../lib/scale-catalogue.js";
import { compareRow, median, tableLines, type Repeats } from "./compare/table.js";

type SideName = "base" | "head";
type Side = { name: SideName; label: string; root: string; prefix: (size: number) => string };
/** One nightly rebuild's figures. */
type Figures = { wall: number; rebuildCpu: number; nodeCpu: number; loaded: number; kept: number; resumed: boolean };
type Medians = Omit<Figures, "resumed">;
const FIGURES: ReadonlyArray<[Exclude<keyof Figures, "resumed">, string]> = [
  ["wall", "wall s"],
  ["rebuildCpu", "rebuild process CPU s"],
  ["nodeCpu", "node CPU s"],
  ["loaded", "documents loaded"],
  ["kept", "fixtures kept"],
];
const log = (line: string): void => console.log(line);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      base: { type: "string" },
      sizes: { type: "string", default: "100000,300000" },
      repeats: { type: "string", default: "3" },
      "base-prefix": { type: "string", default: "bench_nightly_base_{size}" },
      "head-prefix": { type: "string", default: "bench_nightly_head_{size}" },
      full: { type: "string", default: "base,head" },
    },
  });
  if (!values.base) throw new UsageError("--base <git ref> is required: the code to compare this checkout's nightly rebuild with");
  const sizes = values.sizes.split(",").map((text) => wholeOption(text, "sizes", 10_000, 100_000_000));
  const repeats = wholeOption(values.repeats, "repeats", 1, 20);
  const full = new Set(values.full.split(",").filter(Boolean));
  for (const name of full) if (name !== "base" && name !== "head") throw new UsageError(`--full names base and/or head, not ${name}`);
  for (const option of ["base-prefix", "head-prefix"] as const) {
    if (!values[option].includes("{size}")) throw new UsageError(`--${option} must hold {size}, to keep the sizes apart`);
  }
  const prefixOf = (template: string) => (size: number) => template.replaceAll("{size}", String(size));
  const sides: Side[] = [
    { ...(await baseCheckout(values.base)), name: "base", prefix: prefixOf(values["base-prefix"]) },
    { name: "head", label: `this checkout (${PROJECT_ROOT})`, root: PROJECT_ROOT, prefix: prefixOf(values["head-prefix"]) },
  ];
  const config = loadConfig();
  const es = createElasticsearchClient(config.elasticsearch);
  const nodePids = await localNodePids(es);
  await es.close();
  const leagues = scaleLeagues(Math.min(...sizes));
  log(`base: ${sides[0]!.label}\nthis: ${sides[1]!.label}`);
  const medians = new Map<number, Record<SideName, Medians>>();
  for (const size of sizes) {
    const sourceArgs = historyArgs(size, leagues);
    log(`\n== ${size.toLocaleString("en")} fixtures (${sourceArgs.join(" ")})`);
    for (const side of sides.filter((side) => full.has(side.name))) {
      log(`  ${side.name}: full rebuild under ${side.prefix(size)}...`);
      const run = await rebuildInChild(side.prefix(size), { sourceArgs, root: side.root, log });
      log(`  ${side.name}: rebuilt in ${run.seconds.toFixed(0)} s`);
    }
    const nightly = async (side: Side): Promise<Figures> => {
      const cpu = cpuWindow(null, nodePids);
      const run: RebuildRun = await rebuildInChild(side.prefix(size), { sourceArgs, root: side.root, mode: "nightly" });
      const figures = { wall: run.seconds, rebuildCpu: run.cpuSeconds, nodeCpu: cpu.end().nodeMs / 1000, loaded: run.loaded, kept: run.keptFixtures, resumed: run.resumed };
      log(`  ${side.name}: nightly in ${figures.wall.toFixed(1)} s, CPU rebuild ${figures.rebuildCpu.toFixed(1)} s / node ${figures.nodeCpu.toFixed(1)} s, ${figures.loaded.toLocaleString("en")} documents loaded, ${figures.kept.toLocaleString("en")} fixtures kept${run.resumed ? "" : " (history played from the start: see its log)"}`);
      return figures;
    };
    log("  warm-up (not counted):");
    for (const side of sides) {
      const warm = await nightly(side);
      if (!(warm.kept > 0)) throw new Error(`${side.name}'s nightly rebuild kept no history under ${side.prefix(size)}: give it a full rebuild by its own code first (--full ${side.name})`);
      if (!warm.resumed) throw new Error(`${side.name}'s nightly rebuild kept history but played it from the start (its log says why): not the path to compare`);
    }
    const runs: Record<SideName, Figures[]> = { base: [], head: [] };
    for (let repeat = 1; repeat <= repeats; repeat++) {
      log(`  repeat ${repeat} of ${repeats}:`);
      for (const side of sides) runs[side.name].push(await nightly(side));
    }
    const pick = (key: Exclude<keyof Figures, "resumed">): Repeats => ({ base: runs.base.map((run) => run[key]), head: runs.head.map((run) => run[key]) });
    log("");
    for (const line of tableLines(FIGURES.map(([key, label]) => compareRow(label, pick(key))))) log(`  ${line}`);
    const medianOf = (name: SideName) => Object.fromEntries(FIGURES.map(([key]) => [key, median(runs[name].map((run) => run[key]))])) as Medians;
    medians.set(size, { base: medianOf("base"), head: medianOf("head") });
  }
  const smallest = Math.min(...sizes);
  for (const size of sizes.filter((size) => size !== smallest)) {
    log(`\nGrowth from ${smallest.toLocaleString("en")} to ${size.toLocaleString("en")} fixtures (median / median):`);
    for (const [key, label] of FIGURES) {
      const ratio = (name: SideName) => (medians.get(size)![name][key] / medians.get(smallest)![name][key]).toFixed(2);
      log(`  ${label.padEnd(22)} base ${ratio("base")}x   this ${ratio("head")}x`);
    }
  }
  return 0;
}

/** The base's worktree, made once with its own `npm ci` (its rebuild runs from source through tsx). */
async function baseCheckout(ref: string): Promise<{ label: string; root: string }> {
  return preparedWorktree(ref, "bench-nightly", { log });
}

runScript("bench:nightly", main);
