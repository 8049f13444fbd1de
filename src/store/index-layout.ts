import type { estypes } from "@elastic/elasticsearch";
import { DEFAULT_LIVE_HOURS, type IndexLayout, type IndexReplicas } from "../config.js";
import type { VersionedIndex } from "./index-names.js";
import { replicaSettings } from "./replicas.js";

/** Helpers over `IndexLayout` (src/config.ts): per index family, its shards, replicas and codec. */

/** The layout with the defaults, and `replicas` for every index. */
export function uniformLayout(replicas: IndexReplicas = "auto"): IndexLayout {
  return {
    replicas,
    fixturesShards: 1,
    historyShards: 1,
    historyReplicas: replicas,
    historyCodec: "best_compression",
    liveHours: DEFAULT_LIVE_HOURS,
  };
}

/** A layout, or a replica count meaning the default layout with it (what callers gave before families). */
export function layoutOf(layout: IndexLayout | IndexReplicas): IndexLayout {
  return typeof layout === "object" ? layout : uniformLayout(layout);
}

/** Replicas of one versioned index. */
export function familyReplicas(layout: IndexLayout, logical: VersionedIndex): IndexReplicas {
  return logical === "fixtures_history" ? layout.historyReplicas : layout.replicas;
}

/** The settings an index is created with beyond its definition's: shards and codec (fixed at creation). */
export function creationSettings(layout: IndexLayout, logical: VersionedIndex): estypes.IndicesIndexSettings {
  if (logical === "fixtures") return { number_of_shards: layout.fixturesShards };
  if (logical === "fixtures_history") return { number_of_shards: layout.historyShards, codec: layout.historyCodec };
  return {};
}

/** The replica settings one versioned index ends with once loaded. */
export function loadedReplicaSettings(layout: IndexLayout, logical: VersionedIndex): estypes.IndicesIndexSettings {
  return replicaSettings(familyReplicas(layout, logical));
}
