import type { Region } from "../../domain/catalog.js";

/**
 * Continental areas with small stable ids (docs/data.md, "Leagues"), keyed by their
 * English name so a source that already names the area (the openfootball country table) can look
 * it up directly. Shared by the synthetic data and the real-data importer: ids must never change.
 */
export const REGIONS = {
  Europe: { id: 1, name: "Europe" },
  "South America": { id: 2, name: "South America" },
  "North and Central America": { id: 3, name: "North and Central America" },
  Asia: { id: 4, name: "Asia" },
  Africa: { id: 5, name: "Africa" },
  Oceania: { id: 6, name: "Oceania" },
} as const satisfies Record<string, Region>;

export type RegionKey = keyof typeof REGIONS;
