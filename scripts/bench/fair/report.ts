/**
 * bench:fair's closing table: per phase and group, what was answered, how fast, at what cost
 * against the budget and what was refused; then the node's side, the targets of issue 50 as
 * figures (printed, never asserted), the cost of each kind of request and the header checks.
 */
import type { CpuUse } from "../../lib/cpu.js";
import { targetLine } from "../../lib/target-line.js";
import type { DisconnectFigures } from "./disconnect.js";
import type { GroupFigures, KindTotals } from "./recorder.js";
import type { Budget } from "./services.js";

export type PhaseResult = {
  name: string;
  hammeringKeys: number;
  seconds: number;
  ordinary: GroupFigures;
  hammering: GroupFigures;
  /** Searches the node's thread pool rejected during the window. */
  rejections: number;
  cpu: CpuUse;
};

export type FairRun = {
  title: string;
  /** Real data (the 1.5x target with one hammering key) or a synthetic catalogue (the 2x target with three). */
  synthetic: boolean;
  budget: Budget;
  ordinaryKeys: number;
  phases: PhaseResult[];
  disconnect: DisconnectFigures & { attempts: number };
  byKind: ReadonlyMap<string, KindTotals>;
  anomalies: ReadonlyMap<string, { count: number; example: string }>;
};

const num = (value: number, digits = 1): string => (Number.isFinite(value) ? value.toFixed(digits) : "-");

/** Hammering keys' answered units per second over what their budgets allow together. */
export const budgetRatio = (phase: PhaseResult, budget: Budget): number =>
  phase.hammeringKeys === 0 ? Number.NaN : phase.hammering.costPerSecond / (phase.hammeringKeys * budget.perSecond);

function groupRow(phase: string, group: string, keys: number, f: GroupFigures, ratio: string, alone: string): string {
  return (
    `  ${phase.padEnd(16)} ${group.padEnd(9)} ${String(keys).padStart(4)} ${String(f.answered).padStart(8)} ${num(f.p50).padStart(8)} ${num(f.p95).padStart(8)}` +
    ` ${num(f.unitsPerRequest).padStart(9)} ${num(f.costPerSecond).padStart(7)} ${ratio.padStart(8)} ${alone.padStart(9)} ${String(f.refused429).padStart(5)} ${String(f.shed503).padStart(5)} ${String(f.other5xx).padStart(5)} ${String(f.other).padStart(6)}`
  );
}

export function printReport(run: FairRun): void {
  const { phases, budget } = run;
  const alone = phases[0]!.ordinary.p95;
  console.log(`\n== bench:fair: ${run.title}`);
  console.log(`Budget ${budget.perSecond} units/s a key, burst ${budget.burst}; cost/s: Request-Cost of 2xx/304 answers per second; x budget: hammering keys' cost/s over their budgets together.`);
  console.log("  phase            group     keys answered   p50 ms   p95 ms units/req  cost/s x budget p95/alone   429   503   5xx  other");
  for (const phase of phases) {
    console.log(groupRow(phase.name, "ordinary", run.ordinaryKeys, phase.ordinary, "-", num(phase.ordinary.p95 / alone, 2)));
    if (phase.hammeringKeys > 0) console.log(groupRow("", "hammering", phase.hammeringKeys, phase.hammering, num(budgetRatio(phase, budget), 2), "-"));
  }
  console.log("  phase            node search rejections  CPU ms per answered request: service, node");
  for (const phase of phases) {
    const count = phase.ordinary.answered + phase.hammering.answered;
    console.log(`  ${phase.name.padEnd(16)} ${String(phase.rejections).padStart(22)}  ${num(phase.cpu.serviceMs / count, 2)}, ${num(phase.cpu.nodeMs / count, 2)}`);
  }

  console.log("Targets:");
  for (const phase of phases.slice(1)) {
    const ratio = phase.ordinary.p95 / alone;
    // Issue 50's two targets: 1.5x beside one hammering key on the real data, 2x beside three at 1M fixtures.
    const limit = phase.hammeringKeys === 1 && !run.synthetic ? 1.5 : phase.hammeringKeys === 3 && run.synthetic ? 2 : null;
    const figure = `ordinary p95 with ${phase.hammeringKeys} hammering / alone:`;
    console.log(`  ${limit === null ? `${figure} ${num(ratio, 2)} (no target for this data)` : targetLine(figure, ratio, "<=", limit)}`);
    // Few dear requests fit in a window (at 1M fixtures a backtest is worth seconds of budget): one more or less moves the ratio by this much.
    const step = budgetRatio(phase, budget) / phase.hammering.answered;
    console.log(`  ${targetLine(`hammering cost/s with ${phase.hammeringKeys} key(s), |x budget - 1|:`, Math.abs(budgetRatio(phase, budget) - 1), "<=", 0.1)} (one request more or less: ${num(step, 2)})`);
  }
  const sum = (pick: (phase: PhaseResult) => number) => phases.reduce((total, phase) => total + pick(phase), 0);
  console.log(`  ${targetLine("node search rejections, every phase:", sum((p) => p.rejections), "<=", 0, "", 0)}`);
  console.log(`  ${targetLine("5xx to ordinary keys (503 included):", sum((p) => p.ordinary.shed503 + p.ordinary.other5xx), "<=", 0, "", 0)}`);
  console.log(`  ${targetLine("5xx other than 503 + Retry-After, every key:", sum((p) => p.ordinary.other5xx + p.hammering.other5xx), "<=", 0, "", 0)}`);
  const d = run.disconnect;
  const tries = d.attempts > 1 ? ` (the last of ${d.attempts} tries)` : "";
  if (d.finished) console.log(`  disconnect: the backtest answered (HTTP ${d.status}) in ${num(d.ms)} ms, before the client would have left${tries}: nothing measured`);
  else if (d.tasksBefore === 0 && !d.seenAfter) console.log(`  disconnect: no search of the backtest ran when its client left or after (between two rounds, or not begun)${tries}: nothing measured`);
  else if (d.drainedMs === null) console.log(`  disconnect: ${d.tasksBefore} search tasks when the client left, some still running after 60 s FAIL`);
  else {
    const restarted = d.restarted ? "; searches STARTED again after the client left" : "";
    console.log(`  ${targetLine(`disconnect: ${d.tasksBefore} search tasks when the client left${tries}; none left from this long after (${d.polls} polls over 2 s${restarted}):`, d.drainedMs, "<", 1000, " ms", 0)}`);
  }

  console.log("Cost by kind over the whole run (answered requests; 1 unit is about 5 ms of work):");
  for (const [kind, t] of [...run.byKind].sort((a, b) => a[0].localeCompare(b[0]))) {
    const units = t.costSum / t.costed;
    console.log(`  ${kind.padEnd(22)} ${String(t.count).padStart(6)} answered, ${num(units).padStart(6)} units, ${num(t.msSum / t.count).padStart(7)} ms on average (ms per unit ${num(t.msSum / t.count / units, 2)})`);
  }
  console.log(run.anomalies.size === 0 ? "Header checks: every response carried what issue 50 promises." : "Header checks:");
  for (const [problem, { count, example }] of run.anomalies) console.log(`  ${count} x ${problem} (first: ${example})`);
}
