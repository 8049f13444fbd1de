/**
 * A whole number with its thousands grouped by commas ("10,000"), as `toLocaleString("en")`
 * writes it. Why not that: the first call loads ICU's number-formatting data, about 5 MB of
 * the process's memory for the few messages and docs that print such a number
 * (docs/operations.md, "Memory").
 */
export function digitGroups(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`digitGroups takes a safe integer, got ${value}`);
  const digits = String(Math.abs(value));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 ? `-${grouped}` : grouped;
}
