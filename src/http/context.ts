import type { Client } from "@elastic/elasticsearch";
import type Koa from "koa";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import type { KeyCache, Principal } from "../auth/key-cache.js";
import type { ServiceMetrics } from "../monitoring/service-metrics.js";
import type { FixtureJsonCache } from "../presenters/fixture-json-cache.js";
import type { FairShare } from "../rate-limit/fair-share.js";
import type { SharedState } from "../shared-state/shared-state.js";
import type { AdmissionGate } from "./admission-gate.js";
import type { IndexNames } from "../store/index-names.js";
import type { StreamHub } from "../streams/stream-hub.js";
import type { CachePolicy } from "./cache-policy.js";
import type { Draining } from "./draining.js";

/** Everything a request handler may use; built once per process and shared. */
export type AppDeps = {
  config: Config;
  es: Client;
  logger: Logger;
  indices: IndexNames;
  keys: KeyCache;
  metrics: ServiceMetrics;
  /** Presented fixture JSON by document version (FIXTURE_CACHE_MB). */
  fixtureJsonCache: FixtureJsonCache;
  /** Keys' budgets of cost units (shared by every instance when REDIS_URL is set), the estimates and the lane of expensive requests. */
  fairShare: FairShare;
  /** The connection to Redis (REDIS_URL) for limits across instances; null without it. */
  sharedState: SharedState | null;
  /** API requests worked on and waiting (ADMISSION_*); null when ADMISSION_MAX_IN_FLIGHT is 0. */
  admission: AdmissionGate | null;
  /** The open streams of this instance, grouped by standing query. */
  streams: StreamHub;
  /** Set on SIGTERM: not ready, no new streams, ordinary requests answered until the server closes. */
  draining: Draining;
};

export type AppState = Koa.DefaultState & {
  requestId: string;
  log: Logger;
  principal?: Principal;
  /** What the request was charged, in cost units (src/middleware/api-gate.ts); logged with it. */
  cost?: number;
  /** The 500 text for this route when it differs from the generic one (/search). */
  faultMessage?: string;
  /** How a successful response may be cached (Cache-Control, ETag); set by the route. */
  cache?: CachePolicy;
  /**
   * Gives the request's admission slot back before the response is sent (src/middleware/admission.ts);
   * set while a slot is held. A stream calls it once it waits on the stream hub, whose rounds bound that work.
   */
  leaveAdmission?: () => void;
  /**
   * The ETag's value (inside `W/"..."`) derived from what determines the body rather than from
   * the bytes (a fixture list: src/http/fixture-list-response.ts), asked for only where the
   * policy gives an ETag; without it, or when it gives null, the body is hashed.
   */
  entityTag?: () => string | null;
};

export type AppContext = Koa.ParameterizedContext<AppState, Koa.DefaultContext & { deps: AppDeps }>;
