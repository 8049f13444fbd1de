/**
 * Stand-in teams for sides the source does not know yet: "N.N." (nomen nescio) and
 * "Sieger EF" (German: winner of the elimination final) in the 2024-25 A-League finals.
 * Each side of each such match gets a team of its own (an "N.N." v "N.N." final still has
 * two distinct participants), with a readable English name; they are flagged `placeholder`
 * so entity search never offers them.
 */
import { buildCountry } from "./countries.js";
import { describeCompetition } from "./competition-codes.js";
import { IdRegistry } from "../../domain/stable-id.js";
import type { Team } from "./team-resolver.js";

const READABLE_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/^sieger\s+ef$/i, "Winner Elimination Final"],
  [/^verlierer\s+ef$/i, "Loser Elimination Final"],
  [/^(sieger|winner)\b/i, "Winner of a previous round"],
  [/^(verlierer|loser)\b/i, "Loser of a previous round"],
];

export function readablePlaceholderName(sourceName: string): string {
  return READABLE_NAMES.find(([re]) => re.test(sourceName.trim()))?.[1] ?? "To be decided";
}

export class PlaceholderTeams {
  private readonly ids = new IdRegistry("team");
  private readonly byId = new Map<number, Team>();

  teamFor(ref: { code: string; seasonKey: string; index: number; side: "home" | "away"; sourceName: string }): number {
    const key = `placeholder:${ref.seasonKey}:${ref.index}:${ref.side}`;
    const id = this.ids.idFor(key);
    if (!this.byId.has(id)) {
      const country = buildCountry(describeCompetition(ref.code).country_key);
      const name = readablePlaceholderName(ref.sourceName);
      this.byId.set(id, {
        id,
        key,
        placeholder: true,
        name,
        short_code: "TBD",
        country: { key: country.key, name: country.name, alpha2: country.alpha2, alpha3: country.alpha3 },
        national_team: false,
        alternate_names: [ref.sourceName],
        localized_names: {},
        spellings: [],
      });
    }
    return id;
  }

  keyOf(id: number): string | undefined {
    return this.byId.get(id)?.key;
  }

  teams(): Team[] {
    return [...this.byId.values()];
  }
}
