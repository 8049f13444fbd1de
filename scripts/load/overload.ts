/**
 * `npm run load -- --overload`: the mixed load at 200% of the measured capacity for 30 s, then
 * at 60% while the service comes back. A service that queues without end holds every request
 * it cannot serve (memory grows, answers time out, and it is slow long after the burst); one
 * that sheds answers the excess at once with 503 + Retry-After and serves normally soon after.
 * Requests are counted under the second they left in: recovery is the first 1-second window
 * after the burst with nothing failed, nothing shed and p99 <= 250 ms.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { P99_LIMIT_MS } from "./capacity.js";
import { MixedLoad, type MixedLoadOptions, type PhaseSummary } from "./mixed-load.js";
import { RssSampler } from "../lib/rss.js";

export const OVERLOAD_SHARE = 200;
export const RECOVERY_SHARE = 60;
const RECOVERY_TARGET_S = 10;
const RSS_TARGET_MIB = 150;

export type OverloadOptions = Omit<MixedLoadOptions, "rate"> & { capacity: number; pid: number; overloadSeconds: number; afterSeconds: number };

export type OverloadOutcome = { overload: PhaseSummary; after: PhaseSummary[]; rssDuring: number; rssAfter: number; recoveredAfter: number | null };

export async function runOverload(options: OverloadOptions, log: (line: string) => void): Promise<OverloadOutcome> {
  const { capacity, pid, overloadSeconds, afterSeconds, ...loadOptions } = options;
  const high = Math.max(1, Math.round((capacity * OVERLOAD_SHARE) / 100));
  const low = Math.max(1, Math.round((capacity * RECOVERY_SHARE) / 100));
  log(`Overload: ${high} req/s (${OVERLOAD_SHARE}% of ${capacity.toFixed(1)}) for ${overloadSeconds} s, then ${low} req/s (${RECOVERY_SHARE}%) for ${afterSeconds} s.`);

  const during = new RssSampler(pid);
  const burst = new MixedLoad({ ...loadOptions, rate: high });
  burst.phase = "overload";
  during.start(500);
  burst.start();
  await sleep(overloadSeconds * 1000);
  // The burst stops sending; what it has in flight still counts as its own, answered or not.
  const burstDone = burst.stop();
  const rssDuring = during.stop();

  const afterRss = new RssSampler(pid);
  const recovery = new MixedLoad({ ...loadOptions, rate: low });
  afterRss.start(500);
  for (let second = 0; second < afterSeconds; second++) {
    recovery.phase = `+${second} s`;
    if (second === 0) recovery.start();
    await sleep(1000);
  }
  const after = await recovery.stop();
  const [overload] = await burstDone;
  const rssAfter = afterRss.stop();
  const normal = (p: PhaseSummary) => p.sent > 0 && p.failed === 0 && p.shed === 0 && p.p99 <= P99_LIMIT_MS;
  const first = after.findIndex(normal);
  return {
    overload: overload ?? { phase: "overload", sent: 0, shed: 0, failed: 0, ok: 0, p50: Number.NaN, p99: Number.NaN, max: Number.NaN, reasons: [] },
    after,
    rssDuring,
    rssAfter,
    recoveredAfter: first < 0 ? null : first,
  };
}

/** The run's figures; returns whether every target was met. */
export function reportOverload(outcome: OverloadOutcome, log: (line: string) => void): boolean {
  const { overload, after, rssDuring, rssAfter, recoveredAfter } = outcome;
  const afterTotal = MixedLoad.total(after);
  const failed = overload.failed + afterTotal.failed;
  const timeouts = [overload, ...after].flatMap((p) => p.reasons).filter(([reason]) => reason.endsWith("no answer in time")).reduce((n, [, count]) => n + count, 0);
  const met = (ok: boolean) => (ok ? "met" : "NOT met");
  log(`\nOverload: ${overload.sent} sent, ${overload.ok} answered 200, ${overload.shed} shed (503 + Retry-After), ${overload.failed} failed; p50 ${overload.p50.toFixed(1)} ms, p99 ${overload.p99.toFixed(1)} ms (answers not shed).`);
  for (const [reason, count] of overload.reasons.slice(0, 5)) log(`  ${count} x ${reason}`);
  log(`After: ${afterTotal.sent} sent, ${afterTotal.shed} shed, ${afterTotal.failed} failed; by the second the requests left:`);
  for (const p of after.slice(0, Math.min(after.length, Math.max(12, (recoveredAfter ?? 0) + 3)))) {
    log(`  ${p.phase.padStart(6)}  sent ${String(p.sent).padStart(4)}  shed ${String(p.shed).padStart(4)}  failed ${String(p.failed).padStart(4)}  p99 ${p.p99.toFixed(1).padStart(8)} ms`);
  }
  log(`Timeouts ${timeouts}, other failures ${failed - timeouts} (target 0): ${met(failed === 0)}.`);
  log(`Service RSS max during the overload ${rssDuring.toFixed(1)} MiB, after ${rssAfter.toFixed(1)} MiB (target < ${RSS_TARGET_MIB}): ${met(Math.max(rssDuring, rssAfter) < RSS_TARGET_MIB)}.`);
  const recovered = recoveredAfter !== null && recoveredAfter <= RECOVERY_TARGET_S;
  log(
    recoveredAfter === null
      ? `Never normal again within ${after.length} s (a 1-s window with nothing failed or shed and p99 <= ${P99_LIMIT_MS} ms): NOT met.`
      : `Normal again ${recoveredAfter} s after the overload ended (the first 1-s window with nothing failed or shed and p99 <= ${P99_LIMIT_MS} ms; target <= ${RECOVERY_TARGET_S} s): ${met(recovered)}.`,
  );
  const late = recoveredAfter === null ? 0 : after.slice(recoveredAfter).filter((p) => p.failed > 0 || p.shed > 0 || p.p99 > P99_LIMIT_MS).length;
  if (late > 0) log(`  ${late} later 1-s window(s) were not normal again.`);
  return failed === 0 && Math.max(rssDuring, rssAfter) < RSS_TARGET_MIB && recovered;
}
