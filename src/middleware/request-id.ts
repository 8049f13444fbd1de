import { randomUUID } from "node:crypto";
import type { Next } from "koa";
import type { AppContext } from "../http/context.js";

/** A caller's id is reused when it is safe to echo and log; anything else gets a fresh one. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

export async function requestId(ctx: AppContext, next: Next): Promise<void> {
  const incoming = ctx.get("X-Request-Id");
  const id = WELL_FORMED.test(incoming) ? incoming : randomUUID();
  ctx.state.requestId = id;
  ctx.state.log = ctx.deps.logger.child({ request_id: id });
  ctx.set("X-Request-Id", id);
  await next();
}
