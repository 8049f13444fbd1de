/**
 * The rate load and chaos run at: `--rate` when given, else `--share` percent of a capacity
 * measured first on what they load (short steps of the same closed loop as bench:capacity).
 * A fixed rate meant overload on a slow machine and idling on a fast one; a share of the
 * measured capacity makes a verdict mean the same on both.
 */
import { capacityLines, DEFAULT_STEPS, measureCapacity, STEP_HEADER, stepRow, type Capacity, type Target } from "./capacity.js";
import { wholeOption } from "../lib/cli.js";
import type { LoadRequest } from "./mixed-load.js";

/** Short steps: enough to find the knee, not the per-route detail of bench:capacity. */
export const SHORT = { warmupMs: 2_000, windowMs: 4_000 };

export type RateChoice = { rate: number; capacity: Capacity | null };

export function parseShare(text: string | undefined, name = "share"): number {
  return wholeOption(text, name, 1, 500);
}

export async function measureShortCapacity(target: Target, next: () => LoadRequest, log: (line: string) => void): Promise<Capacity> {
  log(`Measuring capacity: closed-loop steps, ${SHORT.warmupMs / 1000} s warm-up + ${SHORT.windowMs / 1000} s each (npm run bench:capacity for the full table).`);
  log(`  ${STEP_HEADER}`);
  const capacity = await measureCapacity(target, next, { steps: DEFAULT_STEPS, ...SHORT, onStep: (step) => log(`  ${stepRow(step)}`) });
  for (const line of capacityLines(capacity, null)) log(line);
  if (!capacity.best) throw new Error("no capacity to take a share of: pass --rate");
  return capacity;
}

/** `share` percent of the capacity, at least 1 req/s. */
export const shareOf = (capacity: Capacity, share: number): number => Math.max(1, Math.round(((capacity.best?.rate ?? 0) * share) / 100));

export async function chooseRate(
  options: { rate: string | undefined; share: string | undefined },
  target: Target,
  next: () => LoadRequest,
  log: (line: string) => void,
): Promise<RateChoice> {
  if (options.rate !== undefined) {
    const rate = wholeOption(options.rate, "rate", 1, 2000);
    log(`Rate: ${rate} req/s (--rate).`);
    return { rate, capacity: null };
  }
  const share = parseShare(options.share);
  const capacity = await measureShortCapacity(target, next, log);
  const rate = shareOf(capacity, share);
  log(`Rate: ${rate} req/s, ${share}% of the measured capacity (--share; --rate N to set it).`);
  return { rate, capacity };
}
