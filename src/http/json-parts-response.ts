import type { JsonParts } from "../presenters/fixture-list-json.js";
import type { AppContext } from "./context.js";
import { PartsBody } from "./parts-body.js";

/**
 * Answers `json`: sent from its parts with its Content-Length, and `entityTag` (the route's
 * digest of what determines the bytes, e.g. `fixtureListTag`) as the ETag where the route's
 * cache policy gives one, so the body is never hashed. Set `ctx.state.cache` first. A policy
 * with an ETag but no tag (a fixture without a version) gets the joined bytes, which the
 * cache policy hashes as it always did.
 */
export function sendJsonParts(ctx: AppContext, json: JsonParts, entityTag: string | null = null): void {
  ctx.type = "json";
  if (ctx.state.cache?.etag && entityTag === null) {
    ctx.body = Buffer.concat(json.parts, json.byteLength);
    return;
  }
  if (entityTag !== null) ctx.state.entityTag = entityTag;
  ctx.body = new PartsBody(json);
  ctx.length = json.byteLength;
}
