/**
 * The figures of bench:compare side by side: each figure's repeats on the base and on this
 * checkout, the ratio this/base of the medians with the range of the per-repeat ratios, and
 * the spread of each side's repeats. A difference counts only above the noise: when the
 * ratio of the medians leaves 1 by more than the larger of the two spreads (as
 * fast-json-stringify's bench-cmp-branch calls a change faster only above a threshold).
 */
export type Repeats = { base: number[]; head: number[] };

export type Row = {
  figure: string;
  base: number;
  head: number;
  /** head / base of the medians. */
  ratio: number;
  /** The lowest and highest of the per-repeat ratios head[i] / base[i]. */
  ratioRange: [number, number];
  /** (max - min) / median of each side's repeats. */
  spreadBase: number;
  spreadHead: number;
  verdict: "within noise" | "higher" | "lower" | "one repeat";
};

/** The middle value, or the mean of the middle two (with two repeats, the rank rule of lib/percentile.ts would give the lower). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
const spread = (values: readonly number[]): number => (Math.max(...values) - Math.min(...values)) / median(values);

export function compareRow(figure: string, { base, head }: Repeats): Row {
  const ratio = median(head) / median(base);
  const ratios = head.map((value, i) => value / base[i]!);
  const spreadBase = spread(base);
  const spreadHead = spread(head);
  const noise = Math.max(spreadBase, spreadHead);
  const verdict = Math.min(base.length, head.length) < 2 ? "one repeat" : Math.abs(ratio - 1) <= noise ? "within noise" : ratio > 1 ? "higher" : "lower";
  return { figure, base: median(base), head: median(head), ratio, ratioRange: [Math.min(...ratios), Math.max(...ratios)], spreadBase, spreadHead, verdict };
}

const num = (value: number, digits: number): string => (Number.isFinite(value) ? value.toFixed(digits) : "-");
const pct = (value: number): string => (Number.isFinite(value) ? `${(100 * value).toFixed(1)}%` : "-");

/** The table as printed lines: medians, ratio, per-repeat ratios' range, each side's spread ((max - min) / median), verdict. */
export function tableLines(rows: readonly Row[]): string[] {
  const width = Math.max(6, ...rows.map((row) => row.figure.length));
  const header = `${"figure".padEnd(width)}  ${"base".padStart(9)}  ${"this".padStart(9)}  ${"this/base".padStart(9)}  ${"per-repeat".padStart(13)}  ${"spread base".padStart(11)}  ${"spread this".padStart(11)}  verdict`;
  return [
    header,
    ...rows.map(
      (row) =>
        `${row.figure.padEnd(width)}  ${num(row.base, 2).padStart(9)}  ${num(row.head, 2).padStart(9)}  ${num(row.ratio, 3).padStart(9)}  ` +
        `${`${num(row.ratioRange[0], 2)}-${num(row.ratioRange[1], 2)}`.padStart(13)}  ${pct(row.spreadBase).padStart(11)}  ${pct(row.spreadHead).padStart(11)}  ${row.verdict}`,
    ),
  ];
}
