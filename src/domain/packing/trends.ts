/**
 * Compact storage form of per-minute trends (CompactTrends): `minutes` as is, and each series as
 * a tuple [team_id, type_id, deltas] whose deltas are a string with one character per minute:
 *
 *   0..35               '0'-'9', 'a'-'z'
 *   anything else       '(' + the number in decimal + ')', e.g. "(-3)", "(41)", "(-0)"
 *
 * Counts mostly move by 0-3 a minute, so a 95-minute series is about 95 characters; negative
 * BALL_POSSESSION / PRESSURE_INDEX deltas and large EXPECTED_GOALS deltas take the escape.
 */
import type { CompactTrends, TrendMinutes } from "../fixture-parts.js";

export type PackedTrendSeries = [teamId: number, typeId: number, deltas: string];
export type PackedTrends = { minutes: TrendMinutes; series: PackedTrendSeries[] };

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
const MAX_DIGIT = DIGITS.length - 1;

export function packTrends(trends: CompactTrends): PackedTrends {
  return {
    minutes: trends.minutes,
    series: trends.series.map((series) => [series.team_id, series.type_id, encodeDeltas(series.deltas)]),
  };
}

export function unpackTrends(packed: PackedTrends): CompactTrends {
  return {
    minutes: packed.minutes,
    series: packed.series.map(([teamId, typeId, deltas]) => ({ team_id: teamId, type_id: typeId, deltas: decodeDeltas(deltas) })),
  };
}

export function encodeDeltas(deltas: readonly number[]): string {
  let out = "";
  for (const delta of deltas) {
    if (Number.isInteger(delta) && delta >= 0 && delta <= MAX_DIGIT && !Object.is(delta, -0)) {
      out += DIGITS[delta];
    } else if (Number.isFinite(delta)) {
      out += `(${Object.is(delta, -0) ? "-0" : String(delta)})`;
    } else {
      throw new RangeError(`encodeDeltas: ${delta} is not a finite number`);
    }
  }
  return out;
}

export function decodeDeltas(encoded: string): number[] {
  const deltas: number[] = [];
  for (let i = 0; i < encoded.length; i++) {
    const char = encoded[i] as string;
    if (char === "(") {
      const end = encoded.indexOf(")", i + 1);
      const value = end < 0 ? NaN : Number(encoded.slice(i + 1, end));
      if (end < 0 || end === i + 1 || Number.isNaN(value)) throw new RangeError(`decodeDeltas: bad escape at ${i} in "${encoded}"`);
      deltas.push(value);
      i = end;
      continue;
    }
    const digit = DIGITS.indexOf(char);
    if (digit < 0) throw new RangeError(`decodeDeltas: bad character "${char}" at ${i}`);
    deltas.push(digit);
  }
  return deltas;
}
