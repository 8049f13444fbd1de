import type { CatalogLeague } from "../../domain/catalog.js";
import { REGIONS } from "../synthetic/regions.js";
import { addDays, zonedToUtc, type LocalDate } from "../../domain/time/zoned-time.js";

/**
 * Local kick-off slots of a weekly round, around its Saturday: Friday and Monday evenings,
 * Saturday and Sunday afternoons and evenings. Listed by priority: a round of m matches uses the
 * first m slots (a bigger round repeats the main afternoon slots). European-style leagues play
 * from early afternoon; leagues in the Americas mostly late afternoon and evening.
 */
type Slot = { day: number; hour: number; minute: number };

const slot = (day: number, time: string): Slot => {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return { day, hour, minute };
};
const FRI = -1;
const SAT = 0;
const SUN = 1;
const MON = 2;

const AFTERNOON_STYLE: readonly Slot[] = [
  slot(SAT, "15:00"), slot(SUN, "15:00"), slot(SAT, "17:30"), slot(SUN, "17:30"), slot(SAT, "15:00"),
  slot(SAT, "12:30"), slot(SUN, "13:30"), slot(SAT, "20:00"), slot(FRI, "20:00"), slot(SUN, "20:00"),
  slot(MON, "20:00"), slot(SAT, "15:00"),
];

const EVENING_STYLE: readonly Slot[] = [
  slot(SAT, "18:30"), slot(SUN, "16:00"), slot(SAT, "21:00"), slot(SUN, "18:30"), slot(SAT, "16:00"),
  slot(SUN, "20:00"), slot(SAT, "19:00"), slot(FRI, "21:00"), slot(SUN, "16:00"), slot(MON, "20:00"),
  slot(SAT, "18:30"), slot(SUN, "18:30"),
];

function styleOf(league: Pick<CatalogLeague, "region">): readonly Slot[] {
  const americas: number[] = [REGIONS["South America"].id, REGIONS["North and Central America"].id];
  return americas.includes(league.region.id) ? EVENING_STYLE : AFTERNOON_STYLE;
}

/**
 * UTC kick-offs (epoch ms, ascending) for `count` matches of the round whose Saturday is
 * `saturday` in the league's zone.
 */
export function roundKickoffs(
  league: Pick<CatalogLeague, "region" | "timezone">,
  saturday: LocalDate,
  count: number,
): number[] {
  const style = styleOf(league);
  const kickoffs: number[] = [];
  for (let i = 0; i < count; i++) {
    const { day, hour, minute } = style[i < style.length ? i : i % 4] as Slot;
    kickoffs.push(zonedToUtc(addDays(saturday, day), hour, minute, league.timezone));
  }
  return kickoffs.sort((a, b) => a - b);
}
