import { createHash } from "node:crypto";
import type { AppContext } from "../http/context.js";

/**
 * Applies the route's cache policy to a successful response: Cache-Control always,
 * and for cacheable data a weak ETag over the body, answering 304 (no body) when the
 * client's If-None-Match matches. Weak, because compression changes the bytes sent
 * but not the data. Runs inside the compressor, so a 304 has nothing to compress.
 */
export function applyCachePolicy(ctx: AppContext): void {
  const policy = ctx.state.cache;
  if (policy === undefined || ctx.status !== 200) return;
  ctx.set("Cache-Control", policy.cacheControl);
  if (!policy.etag) return;
  // Serialized once here; Koa sends this buffer as it is instead of stringifying again.
  const body = bodyBytes(ctx.body);
  if (body === null) return;
  ctx.body = body;
  ctx.etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
  if (ctx.fresh) ctx.status = 304;
}

function bodyBytes(body: unknown): Buffer | null {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === "string") return Buffer.from(body);
  if (body !== null && typeof body === "object" && typeof (body as { pipe?: unknown }).pipe !== "function") {
    return Buffer.from(JSON.stringify(body));
  }
  return null;
}
