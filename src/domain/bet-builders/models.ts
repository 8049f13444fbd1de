/**
 * The models that generate bet builders. Both are baselines on one documented
 * probability engine (probability.ts): the fixture's model goal means (the
 * PREDICTION_EXPECTED_GOALS metrics, conditioned on the score and the minutes left
 * while in play) give a score grid, and a combination's probability is the grid's
 * mass where every selection wins, so correlated legs ("Home" and "Over 1.5") are
 * priced jointly, never as a naive product. They differ only in what they maximize:
 *
 * - 1 Baseline Value: the largest expected return, model probability x combined
 *   price, among combinations the model gives at least a 12% chance.
 * - 2 Baseline Banker: the most likely combination whose combined price is at
 *   least 2.00 (a "safer" double-the-stake suggestion).
 *
 * Ids, names and colours are part of the API (model_id filter, model object) and
 * must not change.
 */
export type BetBuilderModel = {
  id: number;
  name: string;
  /** Hex colour clients show the model in. */
  color: string;
  objective: "value" | "banker";
  /** Combinations below this model probability are never suggested. */
  minProbability: number;
  /** Combinations below this combined price are never suggested. */
  minPrice: number;
};

export const BET_BUILDER_MODELS: readonly BetBuilderModel[] = [
  { id: 1, name: "Baseline Value", color: "#1E88E5", objective: "value", minProbability: 0.12, minPrice: 1.5 },
  { id: 2, name: "Baseline Banker", color: "#43A047", objective: "banker", minProbability: 0.2, minPrice: 2 },
];

export const MIN_SELECTIONS = 2;
export const MAX_SELECTIONS = 4;

export function modelById(id: number): BetBuilderModel | undefined {
  return BET_BUILDER_MODELS.find((model) => model.id === id);
}
