import { BadRequestError } from "../http/errors.js";
import { parsePlainDate } from "../http/timestamps.js";

const DAY_MS = 86_400_000;

/** Days a backtest looks back without start_date: the last 365 days, today (UTC) included. */
export const DEFAULT_DAYS = 365;

function plainDate(name: string, raw: string): Date {
  const result = parsePlainDate(raw);
  if (result.ok) return result.date;
  throw new BadRequestError(result.reason === "format" ? `${name} must be a date in the form YYYY-MM-DD` : `${name} is not a valid date: ${raw}`);
}

/**
 * start_date and end_date, plain UTC days of kick-off, both inclusive, as the half-open interval the
 * query reads [start, end + 1 day). end_date defaults to today and may not be later (a backtest
 * reads finished fixtures); start_date defaults to DEFAULT_DAYS days ending on end_date.
 */
export function kickoffDays(startRaw: string | undefined, endRaw: string | undefined, now: Date): { start: Date; end: Date } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = startRaw === undefined ? undefined : plainDate("start_date", startRaw);
  const last = endRaw === undefined ? today : plainDate("end_date", endRaw);
  if (last.getTime() > today.getTime()) {
    throw new BadRequestError(`end_date must not be after today (${today.toISOString().slice(0, 10)} UTC): a backtest reads finished fixtures`);
  }
  const first = start ?? new Date(last.getTime() - (DEFAULT_DAYS - 1) * DAY_MS);
  if (first.getTime() > last.getTime()) throw new BadRequestError("start_date must not be after end_date");
  return { start: first, end: new Date(last.getTime() + DAY_MS) };
}
