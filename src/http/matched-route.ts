import type { AppContext } from "./context.js";

type MatchedLayer = { methods: readonly string[]; path: string | RegExp };

/**
 * The route pattern (`/bet-builders/:id`) the routers matched, or null. Read from the
 * matched layers rather than `_matchedRoute`, which a router's `use()` middleware
 * overwrites with its own pattern when it answers first (a 403 or a 429).
 */
export function matchedRoute(ctx: AppContext): string | null {
  const layers = (ctx as { matched?: readonly MatchedLayer[] }).matched;
  if (!layers) return null;
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i];
    if (layer && layer.methods.length > 0 && typeof layer.path === "string") return layer.path;
  }
  return null;
}
