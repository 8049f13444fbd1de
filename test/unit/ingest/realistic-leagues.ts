import type { CatalogLeague } from "../../../src/domain/catalog.js";
import { REGIONS, type RegionKey } from "../../../src/ingest/synthetic/regions.js";

/** Twenty domestic level-1 leagues of 12 to 20 teams across the world's zones, as the real data has. */
const SPECS: Array<[code: string, timezone: string, region: RegionKey, teams: number]> = [
  ["en.1", "Europe/London", "Europe", 20],
  ["de.1", "Europe/Berlin", "Europe", 18],
  ["es.1", "Europe/Madrid", "Europe", 20],
  ["it.1", "Europe/Rome", "Europe", 20],
  ["fr.1", "Europe/Paris", "Europe", 18],
  ["nl.1", "Europe/Amsterdam", "Europe", 18],
  ["pt.1", "Europe/Lisbon", "Europe", 18],
  ["be.1", "Europe/Brussels", "Europe", 16],
  ["at.1", "Europe/Vienna", "Europe", 12],
  ["sco.1", "Europe/London", "Europe", 12],
  ["gr.1", "Europe/Athens", "Europe", 14],
  ["tr.1", "Europe/Istanbul", "Europe", 19],
  ["br.1", "America/Sao_Paulo", "South America", 20],
  ["ar.1", "America/Argentina/Buenos_Aires", "South America", 20],
  ["co.1", "America/Bogota", "South America", 20],
  ["mx.1", "America/Mexico_City", "North and Central America", 18],
  ["mls", "America/New_York", "North and Central America", 20],
  ["jp.1", "Asia/Tokyo", "Asia", 20],
  ["cn.1", "Asia/Shanghai", "Asia", 16],
  ["au.1", "Australia/Sydney", "Oceania", 12],
];

export function realisticLeagues(): { leagues: CatalogLeague[]; teamsByLeague: Map<number, number[]> } {
  const leagues = SPECS.map(
    ([code, timezone, region], i): CatalogLeague => ({
      id: 1000 + i,
      code,
      name: `League ${code}`,
      alternate_names: [],
      names: { en: `League ${code}` },
      level: 1,
      country_id: 1 + i,
      region: { ...REGIONS[region] },
      popular: false,
      timezone,
    }),
  );
  const teamsByLeague = new Map(
    SPECS.map(([, , , teams], i) => [1000 + i, Array.from({ length: teams }, (_, j) => (i + 1) * 1000 + j)] as const),
  );
  return { leagues, teamsByLeague: new Map(teamsByLeague) };
}
