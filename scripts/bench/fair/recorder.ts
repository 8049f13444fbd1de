/**
 * Where every exchange of bench:fair goes: into the measured window when one is open (warm-ups
 * are not counted), and always into the run's totals by kind and its header checks, which say
 * from the outside whether the service told each client what it promised.
 */
import { percentile } from "../../lib/percentile.js";
import { answered, type Exchange, type Group } from "./exchange.js";

export type KindTotals = { count: number; costSum: number; costed: number; msSum: number };

export class Recorder {
  private window: Exchange[] | null = null;
  readonly byKind = new Map<string, KindTotals>();
  /** What a response lacked or said wrong (or a charged 503, worth knowing), with a count and the first example. */
  readonly anomalies = new Map<string, { count: number; example: string }>();

  add(sent: Exchange): void {
    this.window?.push(sent);
    if (answered(sent.status)) {
      const totals = this.byKind.get(sent.kind) ?? { count: 0, costSum: 0, costed: 0, msSum: 0 };
      totals.count++;
      totals.msSum += sent.ms;
      if (sent.cost !== null) {
        totals.costSum += sent.cost;
        totals.costed++;
      }
      this.byKind.set(sent.kind, totals);
    }
    for (const problem of headerProblems(sent)) {
      const seen = this.anomalies.get(problem) ?? { count: 0, example: `${sent.kind}, HTTP ${sent.status}` };
      seen.count++;
      this.anomalies.set(problem, seen);
    }
  }

  /** Starts counting exchanges that end from now on. */
  open(): void {
    this.window = [];
  }

  /** Stops counting and returns what ended since `open()`. */
  close(): Exchange[] {
    const window = this.window ?? [];
    this.window = null;
    return window;
  }
}

/** The promises of issue 50 as a client sees them. */
function headerProblems(sent: Exchange): string[] {
  if (sent.status === 0) return [];
  const problems: string[] = [];
  if (answered(sent.status) && sent.cost === null) problems.push("answered without Request-Cost");
  if (answered(sent.status) && sent.cost === 0) problems.push("answered with Request-Cost 0 (at least 1 promised)");
  if (sent.status === 429 && sent.cost !== 0) problems.push("429 without Request-Cost: 0");
  // A 503 is charged when the request did its work (ran out of time, or its client left): only a missing header is wrong.
  if (sent.status === 503 && sent.cost === null) problems.push("503 without Request-Cost");
  if (sent.status === 503 && sent.cost !== null && sent.cost > 0) problems.push("503 charged (an expensive request stopped at its time limit, charged by design)");
  if ((sent.status === 429 || sent.status === 503) && sent.retryAfter === null) problems.push(`${sent.status} without Retry-After`);
  if (sent.status !== 503 && !sent.rateLimitHeaders) problems.push("no RateLimit-Limit");
  return problems;
}

export type GroupFigures = {
  answered: number;
  p50: number;
  p95: number;
  /** Units of answered requests per second of the window. */
  costPerSecond: number;
  /** Units an answered request cost on average: under contention a node's `took` grows, and with it the cost. */
  unitsPerRequest: number;
  refused429: number;
  shed503: number;
  /** 5xx other than a 503 with Retry-After: errors, not refusals. */
  other5xx: number;
  /** 4xx other than 429, and requests that got no answer. */
  other: number;
};

export function groupFigures(window: readonly Exchange[], group: Group, seconds: number): GroupFigures {
  const mine = window.filter((sent) => sent.group === group);
  const ok = mine.filter((sent) => answered(sent.status));
  const latencies = ok.map((sent) => sent.ms).sort((a, b) => a - b);
  const count = (test: (sent: Exchange) => boolean) => mine.filter(test).length;
  const units = ok.reduce((sum, sent) => sum + (sent.cost ?? 0), 0);
  return {
    answered: ok.length,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    costPerSecond: units / seconds,
    unitsPerRequest: units / ok.length,
    refused429: count((sent) => sent.status === 429),
    shed503: count((sent) => sent.status === 503 && sent.retryAfter !== null),
    other5xx: count((sent) => sent.status >= 500 && !(sent.status === 503 && sent.retryAfter !== null)),
    other: count((sent) => sent.status === 0 || (sent.status >= 400 && sent.status < 500 && sent.status !== 429)),
  };
}
