import { z } from "zod";
import file from "./search-aliases.json" with { type: "json" };

/**
 * The curated entity-search aliases (search-aliases.json, docs/api-behaviour.md, "Entity search
 * aliases"): names fans type that the source data lacks ("Juve", "Barça", "UCL"). Each entry
 * names its entity the way the data does (a team by its name, a league by its code) and says
 * why; an entry the data set does not hold (the synthetic data has none of these clubs) adds
 * nothing.
 */
const Entry = z.object({ aliases: z.array(z.string().min(1)).min(1), why: z.string().min(10) });
const AliasFile = z.object({
  about: z.string(),
  teams: z.array(Entry.extend({ team: z.string().min(1) })),
  leagues: z.array(Entry.extend({ league: z.string().min(1) })),
});

export type SearchAliases = { teams: ReadonlyMap<string, readonly string[]>; leagues: ReadonlyMap<string, readonly string[]> };

export function loadSearchAliases(data: unknown = file): SearchAliases {
  const parsed = AliasFile.parse(data);
  return {
    teams: byKey(parsed.teams.map((entry) => [entry.team, entry.aliases])),
    leagues: byKey(parsed.leagues.map((entry) => [entry.league, entry.aliases])),
  };
}

/** Entries for one entity are merged (the file may list a club twice by mistake; nothing is lost). */
function byKey(entries: Array<[string, string[]]>): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const [key, aliases] of entries) result.set(key, [...(result.get(key) ?? []), ...aliases]);
  return result;
}
