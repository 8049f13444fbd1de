import { BadRequestError } from "../../http/errors.js";
import { parsePlainDate, parseTimestamp, type TimestampResult } from "./timestamps.js";

/** The kick-off interval a request selects; `to` is exclusive for a day, inclusive for a range. */
export type DateSelection = { from: Date; to: Date; toInclusive: boolean };

export const MAX_RANGE_START_AGE_DAYS = 30;
const DAY_MS = 86_400_000;

const TIMESTAMP_FORMS = "YYYY-MM-DD or YYYY-MM-DDTHH:mm[:ss[.sss]] followed by Z or ±HH:mm";

function valid(name: string, raw: string, result: TimestampResult, forms: string): Date {
  if (result.ok) return result.date;
  throw new BadRequestError(
    result.reason === "format" ? `${name} must be in the form ${forms}` : `${name} is not a valid date: ${raw}`,
  );
}

/** Checks a timestamp parameter's form and calendar; the 400 names the parameter. */
export function timestampParam(name: string, raw: string): Date {
  return valid(name, raw, parseTimestamp(raw), TIMESTAMP_FORMS);
}

/**
 * `date`, or `start_date` + `end_date`, as an interval (docs/api-behaviour.md, "Date ranges"):
 * 1. a range applies only when both ends are given (a lone end is checked, then ignored);
 * 2. start_date <= end_date;
 * 3. start_date not more than 30 days before `now` (exactly 30 days is allowed);
 * 4. impossible dates are a 400 (checked for every value given);
 * and `date` together with both ends is a 400.
 */
export function dateSelection(
  input: { date?: string | undefined; start_date?: string | undefined; end_date?: string | undefined },
  now: Date,
): DateSelection | null {
  // Rule 4 holds for every value given, so an impossible lone end is a 400; a valid one is
  // then ignored (rule 1: a range needs both ends).
  const start = input.start_date === undefined ? undefined : timestampParam("start_date", input.start_date);
  const end = input.end_date === undefined ? undefined : timestampParam("end_date", input.end_date);
  if (input.date !== undefined) {
    const day = valid("date", input.date, parsePlainDate(input.date), "YYYY-MM-DD");
    if (start && end) throw new BadRequestError("date cannot be combined with start_date and end_date");
    return { from: day, to: new Date(day.getTime() + DAY_MS), toInclusive: false };
  }
  if (!start || !end) return null;
  if (start.getTime() > end.getTime()) throw new BadRequestError("start_date must be earlier than or equal to end_date");
  if (start.getTime() < now.getTime() - MAX_RANGE_START_AGE_DAYS * DAY_MS) {
    throw new BadRequestError("start_date must not be more than 30 days before the current server time");
  }
  return { from: start, to: end, toInclusive: true };
}
