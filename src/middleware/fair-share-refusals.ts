import { TooManyRequestsError, type HttpError } from "../http/errors.js";
import type { LaneDenial } from "../rate-limit/fair-share.js";
import { ServiceOverloadedError } from "./admission.js";

/** When to come back after a lane's refusal, and after a request that ran out of time. */
const LANE_RETRY_AFTER_S = 1;
const TIMED_OUT_RETRY_AFTER_S = 5;

/** What the client of an expensive request the lane did not take is told (docs/operations.md, "Fair share"). */
export function laneRefusal(denial: LaneDenial, limits: { perKey: number; maxWaitMs: number }): HttpError {
  switch (denial) {
    case "key_busy":
      return new TooManyRequestsError(
        LANE_RETRY_AFTER_S,
        `this key already has ${limits.perKey} expensive requests (backtests, /fixtures pages with last_fixtures or trends, /search over fixtures) running or waiting`,
      );
    case "queue_full":
      return new ServiceOverloadedError("The service is busy with expensive requests: every place in their queue is taken", LANE_RETRY_AFTER_S);
    case "queue_timeout":
      return new ServiceOverloadedError(`The service is busy with expensive requests: the request waited ${limits.maxWaitMs} ms for a turn`, LANE_RETRY_AFTER_S);
    case "shed":
      return new ServiceOverloadedError(
        "The service is busy with expensive requests, and this key holds more of their places than the others",
        LANE_RETRY_AFTER_S,
      );
    case "client_closed":
      return new ServiceOverloadedError("The client closed the connection while the request waited for a turn", LANE_RETRY_AFTER_S);
  }
}

/** An expensive request stopped at its time limit: it did its work (charged), and is never answered in part. */
export function ranOutOfTime(timeoutMs: number): HttpError {
  return new ServiceOverloadedError(`The request ran past its time limit of ${timeoutMs} ms on the node and was stopped`, TIMED_OUT_RETRY_AFTER_S, true);
}

/** An expensive request whose client left while it ran: stopped, its searches cancelled; nobody reads this. */
export function clientLeft(): HttpError {
  return new ServiceOverloadedError("The client closed the connection while the request ran", LANE_RETRY_AFTER_S, true);
}
