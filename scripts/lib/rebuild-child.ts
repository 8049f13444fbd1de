/**
 * One `npm run rebuild -- --source synthetic ... [--full] [--workers K]` as an operator runs it (full by default,
 * `mode: "nightly"` keeps what history it can; `workers`: fixture workers), in a child process
 * under its own prefix (against `nodes` when given; with `root`, another checkout's code), for the load script's rebuild under load
 * and bench:scale: wall time, the load phase's docs/s (from its own summary line), the
 * process's peak RSS (the shared RSS sampler, every 250 ms: the rebuild is one node process) and
 * its CPU time (read at each sample: the last reading before it exits, 250 ms short at most).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { PROJECT_ROOT } from "../../src/paths.js";
import { RssSampler } from "./rss.js";
import { cpuMs } from "./cpu.js";
import { REBUILD_NODE_FLAGS } from "../runtime/rebuild-memory.js";
import type { RebuildMode } from "../../src/ingest/rebuild.js";

export type RebuildRun = {
  seconds: number;
  docsPerSecond: number;
  /** Documents in the new version (a nightly rebuild's kept history included). */
  documents: number;
  /** Documents the rebuild generated and loaded (a nightly rebuild's: what it did not keep). */
  loaded: number;
  /** Whether a nightly rebuild's walk resumed at the model checkpoint (else it played history from the start). */
  resumed: boolean;
  /** Fixtures a nightly rebuild kept from the previous version (0 for a full one). */
  keptFixtures: number;
  peakRssMiB: number;
  cpuSeconds: number;
  summary: string;
};

export async function rebuildInChild(
  prefix: string,
  {
    sourceArgs = [],
    nodes,
    mode = "full",
    log = () => {},
    workers = 1,
    root = PROJECT_ROOT,
  }: { sourceArgs?: string[]; nodes?: string[]; mode?: RebuildMode; log?: (line: string) => void; workers?: number; root?: string } = {},
): Promise<RebuildRun> {
  const started = Date.now();
  const script = join(root, "scripts", "rebuild.ts");
  const args = [...REBUILD_NODE_FLAGS, "--import", "tsx", script, "--source", "synthetic", ...sourceArgs, ...(mode === "full" ? ["--full"] : []), "--workers", String(workers)];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...(nodes ? { ELASTICSEARCH_URL: nodes.join(",") } : {}), INDEX_PREFIX: prefix },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let childCpuMs = Number.NaN;
  const sampler = new RssSampler(child.pid!, () => (childCpuMs = cpuMs(child.pid!) ?? childCpuMs));
  sampler.start(250);
  let output = "";
  let lastProgress = 0;
  // Said early in a run, before the output kept below may have been cut.
  let loaded = Number.NaN;
  let resumed = false;
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    loaded = Number.isNaN(loaded) ? Number(/Generating and loading ([0-9,]+) documents/.exec(output)?.[1]?.replace(/,/g, "") ?? Number.NaN) : loaded;
    resumed ||= /^Resuming the model at /m.test(output);
    // The rebuild's own progress (with its ETA), every 30 s at most.
    const lines = output.split("\n");
    const progress = lines.findLast((line) => /docs\/s, ETA/.test(line));
    if (progress && Date.now() - lastProgress > 30_000) {
      lastProgress = Date.now();
      log(`    ${progress.trim()}`);
    }
    if (output.length > 1_000_000) output = output.slice(-100_000);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const [code] = (await once(child, "exit")) as [number | null];
  const peakRssMiB = sampler.stop();
  if (code !== 0) throw new Error(`the rebuild failed (exit ${code}):\n${output.split("\n").slice(-15).join("\n")}`);
  const summary = /Generated and loaded in ([0-9.]+) s \(([0-9,]+) docs\/s\)/.exec(output);
  const documents = [...output.matchAll(/^ {2}(\w+)\s+([0-9,]+)$/gm)].reduce((sum, m) => sum + Number(m[2]!.replace(/,/g, "")), 0);
  return {
    seconds: (Date.now() - started) / 1000,
    docsPerSecond: summary ? Number(summary[2]!.replace(/,/g, "")) : Number.NaN,
    documents,
    loaded,
    resumed,
    keptFixtures: Number(/^History kept: ([0-9,]+) fixtures/m.exec(output)?.[1]?.replace(/,/g, "") ?? Number.NaN),
    peakRssMiB,
    cpuSeconds: childCpuMs / 1000,
    summary: output.split("\n").find((line) => line.startsWith("Swapped every alias")) ?? "rebuilt",
  };
}
