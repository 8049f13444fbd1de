/**
 * A request's cost in units, from the work it measured (src/store/work-meter.ts) and the bytes it
 * answered. A unit is `unitMs` of work of the node and of this process together, so that an
 * ordinary request (a fixture by id, a day's fixtures, a live search, the livescores) costs one:
 * - the node's time: the sum of each search's `took` (the round trip of calls without one), and
 *   writing its answers, which `took` does not hold and which follows their size;
 * - this process's time: a fixed part for what every request does (routing, the key, logging),
 *   the measured parse of the node's answers, and presenting and compressing the body, which
 *   follows its bytes.
 * docs/operations.md, "What requests cost", has the model's figures and how they were measured.
 */
export type CostModel = {
  /** The work one unit stands for, in ms. */
  unitMs: number;
  /** This process's work on every request, in ms. */
  baseMs: number;
  /** This process's work per KiB of body (presenting, compressing, writing), in ms. */
  msPerKiB: number;
  /** The node's work per KiB of its answers (writing them), in ms. */
  answerMsPerKiB: number;
};

export const DEFAULT_COST_MODEL: CostModel = { unitMs: 5, baseMs: 1, msPerKiB: 0.012, answerMsPerKiB: 0.02 };

export type MeasuredWork = { nodeMs: number; parseMs: number; answerChars: number; bodyBytes: number };

/** The work in ms the model sees in a request. */
export function workMs(work: MeasuredWork, model: CostModel): number {
  const node = work.nodeMs + (work.answerChars / 1024) * model.answerMsPerKiB;
  const service = model.baseMs + work.parseMs + (work.bodyBytes / 1024) * model.msPerKiB;
  return node + service;
}

/** Whole units, at least one: every answered request costs something. */
export function costUnits(work: MeasuredWork, model: CostModel = DEFAULT_COST_MODEL): number {
  return Math.max(1, Math.round(workMs(work, model) / model.unitMs));
}
