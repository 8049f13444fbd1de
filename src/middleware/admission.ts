import type { Next } from "koa";
import type { AdmissionGate, RefusalReason } from "../http/admission-gate.js";
import type { AppContext } from "../http/context.js";
import { HttpError, NOTHING_CHARGED } from "../http/errors.js";

/**
 * 503 for a request the service had no room for: what happened, and when to come back. Nothing is
 * charged for it, unless `charged`: an expensive request stopped while it ran did its work
 * (src/middleware/fair-share-refusals.ts), and the gate tells what it cost.
 */
export class ServiceOverloadedError extends HttpError {
  constructor(text: string, retryAfterSeconds: number, charged = false) {
    super(503, `${text}; retry after ${retryAfterSeconds} s`, { "Retry-After": String(retryAfterSeconds), ...(charged ? {} : NOTHING_CHARGED) });
  }
}

function refusalText(reason: RefusalReason, gate: AdmissionGate): string {
  switch (reason) {
    case "queue_full":
      // Not how many: the queue's size is the operator's setting, and this answer goes out before the key check.
      return "The service is overloaded: too many requests are already waiting";
    case "queue_timeout":
      return `The service is overloaded: the request waited ${gate.limits.maxWaitMs} ms for a turn`;
    case "client_closed":
      return "The client closed the connection while the request waited for a turn";
  }
}

/**
 * Admission control for the API (src/http/admission-gate.ts). It runs first in the API
 * router, before the key check: a key lookup is Elasticsearch work too, and after a restart
 * under overload every request is one. Public pages (health, readiness, metrics, docs,
 * demo) are other routers and never wait here, so probes and scrapes answer under overload.
 *
 * A slot is held until the response is sent (or its connection is gone), at most SEND_SLOT_MS
 * after the route returns: the body is compressed and written after that, and that is work and
 * memory too, but a client that does not read must not keep the slot.
 *
 * A stream's opening holds a slot while its key and query are checked, like any request, and
 * gives it back (`ctx.state.leaveAdmission`) once it is handed to the stream hub to wait for its
 * snapshot: the hub reads the snapshots of all waiting streams in one round at a time, so that
 * work is bounded however many wait. It waits for its slot in places of its own
 * (ADMISSION_MAX_QUEUED_STREAMS, 1,000), not the 64 of other requests: a 503 ends a browser's
 * EventSource for good, and a burst of reconnecting streams (1,000 after a restart) would
 * otherwise be refused. Open streams are bounded by STREAMS_PER_KEY instead.
 */
/** The longest a slot is held for sending after the route answered (see below). */
export const SEND_SLOT_MS = 1_000;

export function admission(gate: AdmissionGate, onRefused: (reason: RefusalReason) => void, opensStream: (ctx: AppContext) => boolean) {
  const refusal = (reason: RefusalReason): ServiceOverloadedError => {
    onRefused(reason);
    return new ServiceOverloadedError(refusalText(reason, gate), gate.limits.retryAfterSeconds);
  };
  return async function admit(ctx: AppContext, next: Next): Promise<void> {
    if (!gate.tryEnter()) {
      const ticket = gate.wait({ stream: opensStream(ctx) });
      if (!ticket) throw refusal("queue_full");
      ctx.res.once("close", ticket.cancel);
      const outcome = await ticket.outcome;
      ctx.res.off("close", ticket.cancel);
      if (outcome !== "admitted") throw refusal(outcome);
    }
    let released = false;
    let sendLimit: NodeJS.Timeout | undefined;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(sendLimit);
      gate.leave();
    };
    ctx.state.leaveAdmission = release;
    try {
      await next();
    } finally {
      ctx.state.leaveAdmission = undefined;
      // Released at once when nothing more will be sent by Koa (a stream, a gone client),
      // else once the response is handed to the system ('finish') or its connection is gone
      // ('close'), but never later than SEND_SLOT_MS after the route answered: a client that
      // does not read, or pipelines requests behind a stream on one connection, must not
      // hold slots for as long as it likes.
      // A stream that gave its slot back already is released again as a no-op.
      if (released || ctx.respond === false || ctx.res.writableFinished || ctx.res.destroyed) release();
      else {
        ctx.res.once("finish", release);
        ctx.res.once("close", release);
        sendLimit = setTimeout(release, SEND_SLOT_MS);
      }
    }
  };
}
