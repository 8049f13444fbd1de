import { ApiKeyStore } from "./store/api-key-store.js";
import { KeyCache } from "./auth/key-cache.js";
import type { Config } from "./config.js";
import { AdmissionGate, REFUSAL_REASONS } from "./http/admission-gate.js";
import type { AppDeps } from "./http/context.js";
import { Draining } from "./http/draining.js";
import { createLogger, type Logger } from "./logger.js";
import { ServiceMetrics } from "./monitoring/service-metrics.js";
import { FixtureJsonCache } from "./presenters/fixture-json-cache.js";
import { RateLimiter } from "./rate-limit/rate-limiter.js";
import { createElasticsearchClient } from "./store/client.js";
import { indexNames } from "./store/index-names.js";
import { StreamHub } from "./streams/stream-hub.js";
import { SharedState } from "./shared-state/shared-state.js";
import { SharedRateLimiter } from "./rate-limit/shared-rate-limiter.js";
import { EXPENSIVE_REFUSALS, ExpensiveLane } from "./rate-limit/expensive-lane.js";
import { FairShare } from "./rate-limit/fair-share.js";
import { SharedSlots } from "./shared-state/shared-slots.js";

/** Wires the process-wide dependencies once: one client, one logger, one key cache, one set of metrics, one fixture JSON cache. */
export function createDeps(config: Config, logger: Logger = createLogger(config.logLevel)): AppDeps {
  const metrics = new ServiceMetrics();
  const es = createElasticsearchClient(config.elasticsearch, metrics.observeElasticsearch);
  const indices = indexNames(config.indexPrefix);
  const keys = new KeyCache(new ApiKeyStore(es, indices.api_keys), config.keyCacheTtlMs, undefined, {
    hit: metrics.keyCacheHit,
    miss: metrics.keyCacheMiss,
  });
  // REDIS_URL shares the limits between instances; each falls back to its own while Redis is away.
  const sharedState = config.sharedState
    ? new SharedState({ url: config.sharedState.url, timeoutMs: config.sharedState.timeoutMs, logger, onFallback: metrics.sharedStateFellBack })
    : null;
  sharedState?.start();
  metrics.watchSharedState(() => sharedState?.isConnected ?? false);
  // RATE_LIMIT_PER_SECOND=0 turns limiting off altogether, keys' own limits included.
  const localLimiter = config.rateLimit.perSecond > 0 ? new RateLimiter(config.rateLimit) : null;
  const rateLimiter = localLimiter && sharedState ? new SharedRateLimiter(sharedState, localLimiter, config.sharedState!.keyPrefix) : localLimiter;
  const lane = new ExpensiveLane(config.fairShare.lane);
  const expensiveSlots = sharedState ? new SharedSlots(sharedState, config.sharedState!.keyPrefix, undefined, "expensive") : null;
  const fairShare = new FairShare(config.fairShare, rateLimiter, lane, expensiveSlots, metrics.expensiveRefused);
  metrics.watchExpensiveLane(() => ({ inFlight: lane.inFlight, queued: lane.queued, nodeSearches: fairShare.nodeSlots.inUse }), EXPENSIVE_REFUSALS);
  const fixtureJsonCache = new FixtureJsonCache(config.fixtureCacheBytes);
  const streams = new StreamHub(es, indices.fixtures, keys, logger, config.streams, {
    delivered: metrics.streamEventsDelivered,
    corrected: metrics.streamMembershipCorrected,
    droppedForMemory: metrics.streamsDroppedForMemory,
    round: metrics.streamRound,
  }, sharedState ? new SharedSlots(sharedState, config.sharedState!.keyPrefix) : null);
  metrics.watchStreams(() => ({ open: streams.openStreams, queries: streams.distinctQueries, memoryBytes: streams.memory.used }));
  // ADMISSION_MAX_IN_FLIGHT=0 turns admission control off: every request starts at once.
  const admission = config.admission ? new AdmissionGate(config.admission) : null;
  if (admission) metrics.watchAdmission(() => ({ inFlight: admission.inFlight, queued: admission.queued }), REFUSAL_REASONS);
  return { config, es, logger, indices, keys, metrics, fixtureJsonCache, fairShare, sharedState, admission, streams, draining: new Draining() };
}
