/**
 * Pre-match price history of one bookmaker: 4-10 updates from the opening, 3-7 days before
 * kick-off, to the closing price shortly before kick-off. Updates cluster towards kick-off and
 * the probabilities drift geometrically from the opening view to the closing one, with noise
 * that fades out, so the last point is exactly the closing (starting) price.
 */
import type { Random } from "../random.js";
import { interpolate, type Book } from "./book.js";

export type PricePoint = { timestamp: number; book: Book };

const HOUR = 3600;

export function priceSchedule(
  random: Random,
  kickoffUnix: number,
  opening: Book,
  closing: Book,
): PricePoint[] {
  const count = random.int(4, 10);
  const openedAt = kickoffUnix - random.int(3 * 24, 7 * 24) * HOUR - random.int(0, 59) * 60;
  const closedAt = kickoffUnix - random.int(1, 30) * 60;
  const span = closedAt - openedAt;
  const middle = Array.from({ length: count - 2 }, () => {
    const u = random.next();
    return openedAt + 60 + Math.floor((1 - (1 - u) ** 2) * (span - 120));
  }).sort((a, b) => a - b);
  // Strictly increasing, so "oldest first" is unambiguous.
  const timestamps = [openedAt, ...middle, closedAt].map((ts, i) => Math.min(ts, closedAt - (count - 1 - i)));
  for (let i = 1; i < timestamps.length; i++) {
    timestamps[i] = Math.max(timestamps[i] ?? 0, (timestamps[i - 1] ?? 0) + 1);
  }
  return timestamps.map((timestamp) => {
    const t = (timestamp - openedAt) / span;
    return { timestamp, book: interpolate(opening, closing, t, random, 0.03) };
  });
}
