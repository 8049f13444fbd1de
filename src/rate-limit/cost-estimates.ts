import { LRUCache } from "lru-cache";

/**
 * What an expensive request is expected to cost before it runs, by its scope (endpoint and the
 * range, leagues or page it asks for: src/rate-limit/request-class.ts): a moving average of what the
 * requests of that scope measured lately on this instance, so the estimate follows the catalogue
 * it runs on (a backtest over all history costs tens of units on the real data, hundreds at a
 * million fixtures) without a table to keep. The estimate only decides when a request may start;
 * every request is settled with what it measured.
 */
export class CostEstimates {
  private readonly averages: LRUCache<string, number>;

  /**
   * `initial`: the estimate of a scope never measured here; `weight`: how much the newest
   * measure moves the average (0.2: about the last five requests count).
   */
  constructor(
    private readonly initial: number,
    private readonly weight = 0.2,
    maxScopes = 1_000,
  ) {
    this.averages = new LRUCache<string, number>({ max: maxScopes });
  }

  estimate(scope: string): number {
    return Math.max(1, Math.round(this.averages.get(scope) ?? this.initial));
  }

  learn(scope: string, cost: number): void {
    const average = this.averages.get(scope);
    this.averages.set(scope, average === undefined ? cost : average + this.weight * (cost - average));
  }
}
