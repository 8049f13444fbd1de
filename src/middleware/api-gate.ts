import type { Next } from "koa";
import type { AppContext } from "../http/context.js";
import { TooManyRequestsError } from "../http/errors.js";
import { matchedRoute } from "../http/matched-route.js";
import { UNMATCHED_ROUTE } from "../monitoring/service-metrics.js";
import type { FairShare } from "../rate-limit/fair-share.js";
import { requestClass } from "../rate-limit/request-class.js";
import { costUnits } from "../rate-limit/request-cost.js";
import { allowanceOf, type Allowance } from "../rate-limit/token-bucket.js";
import { withWorkMeter, WorkMeter, type SearchBounds, type SearchSlots } from "../store/work-meter.js";
import { authenticate } from "./authenticate.js";
import { clientLeft, laneRefusal, ranOutOfTime } from "./fair-share-refusals.js";
import { requireWellFormedQuery } from "./well-formed-query.js";

/**
 * Before every API route, in this order, in one middleware (one router layer, frame and promise
 * per request): the key (403); the request's estimated cost from the key's budget (429, with
 * RateLimit-* headers in units on every limited answer); the query's hygiene (400); for an
 * expensive request a turn in its lane (429 past the key's cap, 503 when full), given back to the
 * ordinary requests' admission first; then the route, its work metered, and the request settled
 * with what it measured to cost (`Request-Cost`). docs/operations.md, "Fair share".
 */
export function apiGate(fair: FairShare, opensStream: (ctx: AppContext) => boolean) {
  return async function gate(ctx: AppContext, next: Next): Promise<void> {
    await authenticate(ctx);
    // A stream's opening costs one unit: its snapshot and every round after it are read for all
    // the streams of a query together, by the stream hub, work no one key asked for alone.
    if (opensStream(ctx)) {
      const allowance = await takeFromBudget(ctx, fair, 1);
      requireWellFormedQuery(ctx);
      settle(ctx, fair, allowance, 1, 1);
      await next();
      return;
    }
    const { lane, scope } = requestClass(ctx.path, ctx.query);
    const expensive = lane === "expensive";
    const estimate = expensive ? fair.estimates.estimate(scope) : 1;
    const allowance = await takeFromBudget(ctx, fair, estimate);
    let leaveLane: (() => void) | undefined;
    let bounds: RequestBounds | null = null;
    let meter: WorkMeter | null = null;
    // A request the lane refused did no work: it costs nothing. Anything else costs what it measured.
    let charged = true;
    try {
      requireWellFormedQuery(ctx);
      if (expensive) {
        // Waiting for (and holding) a turn in the lane takes no ordinary admission slot.
        ctx.state.leaveAdmission?.();
        const turn = await fair.enterLane(ctx.state.principal!, (cancel) => whenClientGone(ctx, cancel));
        if ("denied" in turn) {
          charged = false;
          throw laneRefusal(turn.denied, fair.settings.lane);
        }
        leaveLane = turn.release;
        bounds = new RequestBounds(ctx, fair.settings.timeoutMs, fair.nodeSlots);
      }
      meter = new WorkMeter(bounds?.searchBounds ?? null);
      await withWorkMeter(meter, next);
    } catch (error) {
      if (bounds?.ranOut || meter?.timedOut) throw ranOutOfTime(fair.settings.timeoutMs);
      if (bounds?.clientGone) throw clientLeft();
      throw error;
    } finally {
      if (meter) meter.closed = true;
      bounds?.end();
      leaveLane?.();
      const work = { nodeMs: meter?.nodeMs ?? 0, parseMs: meter?.parseMs ?? 0, answerChars: meter?.answerChars ?? 0, bodyBytes: bodyBytes(ctx) };
      const cost = charged ? costUnits(work, fair.model) : 0;
      settle(ctx, fair, allowance, estimate, cost);
      if (expensive && charged) fair.estimates.learn(scope, cost);
    }
  };
}

/** Takes `units` from the key's budget, sets the RateLimit-* headers, and throws 429 when they are not there. */
async function takeFromBudget(ctx: AppContext, fair: FairShare, units: number): Promise<Allowance | null> {
  const principal = ctx.state.principal!;
  const allowance = fair.limiter ? await fair.limiter.take(principal.keyId, principal.rateLimit, units) : null;
  if (!allowance) return null;
  setRateHeaders(ctx, allowance.limit, allowance.remaining, allowance.resetSeconds);
  if (!allowance.allowed) throw new TooManyRequestsError(allowance.retryAfterSeconds);
  return allowance;
}

function setRateHeaders(ctx: AppContext, limit: number, remaining: number, resetSeconds: number): void {
  ctx.set("RateLimit-Limit", String(limit));
  ctx.set("RateLimit-Remaining", String(remaining));
  ctx.set("RateLimit-Reset", String(resetSeconds));
}

/**
 * Settles the request with the key's budget (the estimate taken, less what it cost) and tells the
 * client: `Request-Cost`, and the RateLimit-* headers as they stand after settling.
 */
function settle(ctx: AppContext, fair: FairShare, allowance: Allowance | null, estimate: number, cost: number): void {
  const principal = ctx.state.principal!;
  ctx.state.cost = cost;
  ctx.deps.metrics.charged(matchedRoute(ctx) ?? UNMATCHED_ROUTE, cost);
  if (allowance) fair.limiter?.settle(principal.keyId, principal.rateLimit, estimate - cost);
  if (ctx.res.headersSent) return;
  ctx.set("Request-Cost", String(cost));
  if (allowance && cost !== estimate) {
    // What the bucket holds now, as far as this request knows (others of the key may have taken some meanwhile).
    const policy = { perSecond: allowance.perSecond, burst: allowance.limit };
    const settled = allowanceOf(true, Math.min(policy.burst, allowance.tokens + estimate - cost), policy);
    setRateHeaders(ctx, settled.limit, settled.remaining, settled.resetSeconds);
  }
}

/** The bytes of the answer as it stands: a joined body's, or a streamed one's Content-Length (0 for an object not yet serialized). */
function bodyBytes(ctx: AppContext): number {
  const body: unknown = ctx.body;
  if (typeof body === "string") return Buffer.byteLength(body);
  if (Buffer.isBuffer(body)) return body.length;
  const length = ctx.response.get("Content-Length");
  return length ? Number(length) : 0;
}

/** Calls `cancel` if the client leaves before the answer is written; returns how to stop watching. */
function whenClientGone(ctx: AppContext, cancel: () => void): () => void {
  const onClose = () => {
    if (!ctx.res.writableFinished) cancel();
  };
  ctx.res.once("close", onClose);
  return () => ctx.res.off("close", onClose);
}

/**
 * How long an expensive request may run, and whether its client is still there: aborted either
 * way, every Elasticsearch call it makes is cancelled, and each search carries the node-side
 * timeout left (src/store/work-meter.ts).
 */
class RequestBounds {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly stopWatching: () => void;
  ranOut = false;
  clientGone = false;
  readonly searchBounds: SearchBounds;

  constructor(ctx: AppContext, timeoutMs: number, slots: SearchSlots) {
    this.searchBounds = { signal: this.controller.signal, deadlineMs: Date.now() + timeoutMs, opaqueId: ctx.state.requestId, slots };
    this.timer = setTimeout(() => {
      this.ranOut = true;
      this.controller.abort();
    }, timeoutMs);
    this.stopWatching = whenClientGone(ctx, () => {
      this.clientGone = true;
      this.controller.abort();
    });
  }

  /**
   * Once the request is settled: a search of it still queued for a slot of the node (a sibling of
   * one that failed, left behind by Promise.all) or still running is for no one, so it is
   * cancelled too.
   */
  end(): void {
    clearTimeout(this.timer);
    this.stopWatching();
    this.controller.abort(new Error("The request is settled"));
  }
}
