/**
 * How every bench prints a target beside its figure: "service/stack p50 1.04 (target <= 1.10)
 * PASS". A figure that could not be read (NaN) fails: a target is met only when measured.
 */
export type Comparison = "<=" | "<" | ">=";

export function verdict(value: number, comparison: Comparison, limit: number): "PASS" | "FAIL" {
  if (Number.isNaN(value)) return "FAIL";
  const ok = comparison === "<=" ? value <= limit : comparison === "<" ? value < limit : value >= limit;
  return ok ? "PASS" : "FAIL";
}

export function targetLine(figure: string, value: number, comparison: Comparison, limit: number, unit = "", digits = 2): string {
  const shown = Number.isNaN(value) ? "-" : value.toFixed(digits);
  return `${figure} ${shown}${unit} (target ${comparison} ${limit.toFixed(digits)}${unit}) ${verdict(value, comparison, limit)}`;
}
