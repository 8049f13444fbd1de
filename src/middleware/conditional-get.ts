import { createHash } from "node:crypto";
import type { AppContext } from "../http/context.js";
import { PartsBody } from "../http/parts-body.js";

/**
 * The conditional GET, decided here and only here: the route's cache policy applied to a
 * successful response, Cache-Control always, and for cacheable data a weak ETag, answering
 * 304 (no body) when the client's If-None-Match matches. Weak, because compression changes
 * the bytes sent but not the data. The tag is the route's own where it has one
 * (`ctx.state.entityTag`, a digest of what determines the body: hashing a 1-6 MB fixture
 * list costs milliseconds per request), else a SHA-1 of the body. Runs inside the
 * compressor, so a 304 has nothing to compress.
 */
export function applyCachePolicy(ctx: AppContext): void {
  const policy = ctx.state.cache;
  if (policy === undefined || ctx.status !== 200) return;
  ctx.set("Cache-Control", policy.cacheControl);
  if (!policy.etag) return;
  const tag = ctx.state.entityTag?.() ?? bodyDigest(ctx);
  if (tag === null) return;
  ctx.etag = `W/"${tag}"`;
  if (ctx.fresh) ctx.status = 304;
}

/** SHA-1 of the body's bytes (base64url); null for a stream, whose bytes are not at hand (a body of parts has them). */
function bodyDigest(ctx: AppContext): string | null {
  const body = bodyBytes(ctx.body);
  if (body === null) return null;
  // Serialized once here; Koa sends this buffer as it is instead of stringifying again.
  ctx.body = body;
  return createHash("sha1").update(body).digest("base64url");
}

function bodyBytes(body: unknown): Buffer | null {
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof PartsBody) return body.joined();
  if (typeof body === "string") return Buffer.from(body);
  if (body !== null && typeof body === "object" && typeof (body as { pipe?: unknown }).pipe !== "function") {
    return Buffer.from(JSON.stringify(body));
  }
  return null;
}
