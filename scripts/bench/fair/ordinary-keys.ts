/**
 * The ordinary keys of bench:fair: each its own key and its own open loop (scripts/lib/load-driver.ts)
 * at a score page's pace, so a starved key shows as latency and refusals rather than as a lower
 * rate. The loops start staggered over one interval: six keys firing on the same tick would
 * measure their own burst.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { OpenLoop } from "../../lib/load-driver.js";
import type { LoadTargets } from "../../load/targets.js";
import { answerOf, exchange } from "./exchange.js";
import { ordinaryMix } from "./ordinary-mix.js";
import type { Recorder } from "./recorder.js";

const TIMEOUT_MS = 30_000;

export type OrdinaryKeys = { stop: () => Promise<void> };

export async function startOrdinaryKeys(options: { baseUrl: string; keys: readonly string[]; rate: number; targets: LoadTargets; recorder: Recorder }): Promise<OrdinaryKeys> {
  const { baseUrl, keys, rate, targets, recorder } = options;
  const loops = keys.map((key, k) => {
    const next = ordinaryMix(targets, k);
    return new OpenLoop({
      rate,
      // Never reached (the timeout bounds what is in flight): a request not sent would be missing from the figures.
      maxInFlight: Math.ceil((rate * TIMEOUT_MS) / 1000) + 10,
      attempt: async (agent) => {
        const sent = await exchange(agent, baseUrl, key, { group: "ordinary", ...next() }, TIMEOUT_MS);
        recorder.add(sent);
        return answerOf(sent);
      },
    });
  });
  for (const loop of loops) {
    loop.start();
    await sleep(1000 / rate / loops.length);
  }
  return { stop: async () => void (await Promise.all(loops.map((loop) => loop.stop()))) };
}
