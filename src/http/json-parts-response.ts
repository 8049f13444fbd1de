import type { JsonParts } from "../presenters/fixture-list-json.js";
import type { AppContext } from "./context.js";
import { PartsBody } from "./parts-body.js";

/**
 * Bodies from this size on are sent from their parts; smaller ones are joined first. 128 KiB is
 * glibc's mmap threshold in production (MALLOC_MMAP_THRESHOLD_, scripts/runtime/service-memory.ts):
 * above it every joined body is a fresh mapping (page faults, zeroing, external memory that
 * drives V8's full collections), below it joining is a cheap copy, cheaper than sending the
 * parts (docs/benchmarks.md, bench:search).
 */
export const PARTS_BODY_MIN_BYTES = 128 * 1024;

/**
 * Answers `json`: a large body sent from its parts with its Content-Length, a small one joined,
 * and `entityTag` (the route's digest of what determines the bytes, e.g. `fixtureListTag`) as the
 * ETag where the route's cache policy gives one, so the body is never hashed. Set
 * `ctx.state.cache` first. A policy with an ETag but no tag (a fixture without a version) gets
 * the joined bytes, which the cache policy hashes.
 */
export function sendJsonParts(ctx: AppContext, json: JsonParts, entityTag: string | null = null): void {
  ctx.type = "json";
  if (entityTag !== null) ctx.state.entityTag = entityTag;
  if (json.byteLength < PARTS_BODY_MIN_BYTES || (ctx.state.cache?.etag && entityTag === null)) {
    ctx.body = Buffer.concat(json.parts, json.byteLength);
    return;
  }
  ctx.body = new PartsBody(json);
  ctx.length = json.byteLength;
}
