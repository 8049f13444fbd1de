import type { FixtureJsonOptions } from "../presenters/fixture-json-cache.js";
import { fixtureListJson, type JsonParts } from "../presenters/fixture-list-json.js";
import { fixtureListTag } from "../presenters/fixture-list-tag.js";
import type { PresentableFixture } from "../reading/presentable-fixture.js";
import type { CachePolicy } from "./cache-policy.js";
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

/** A fixture list as every list route answers it: `{"fixtures":[...],...rest}` under a cache policy. */
export type FixtureList = {
  fixtures: readonly PresentableFixture[];
  /** Per fixture, its last_fixtures entries (with include=last_fixtures). */
  previous?: ReadonlyArray<{ home: readonly PresentableFixture[]; away: readonly PresentableFixture[] } | undefined>;
  /** How every fixture is presented (variant, language, includes, filters). */
  options: FixtureJsonOptions;
  /** The body's other fields (pagination, a summary). */
  rest?: Record<string, unknown>;
  cache: CachePolicy;
};

/**
 * The one response path of every fixture-list route (/fixtures, /livescores, /fixtures/search,
 * /fixtures/head-to-head): each fixture's JSON from the presented-JSON cache, the list around
 * it, and its entity tag offered to the conditional GET (src/middleware/conditional-get.ts),
 * which asks for it only where the policy gives an ETag.
 */
export function sendFixtureList(ctx: AppContext, list: FixtureList): void {
  const { fixtures, previous = [], options, rest = {} } = list;
  const cache = ctx.deps.fixtureJsonCache;
  ctx.state.cache = list.cache;
  ctx.state.entityTag = () => fixtureListTag({ key: "fixtures", options, fixtures, previous, rest });
  sendJsonParts(ctx, fixtureListJson("fixtures", fixtures.map((fixture, i) => cache.chunks(fixture, options, previous[i])), rest));
}

/** A large body sent from its parts with its Content-Length, a small one joined. */
function sendJsonParts(ctx: AppContext, json: JsonParts): void {
  ctx.type = "json";
  if (json.byteLength < PARTS_BODY_MIN_BYTES) {
    ctx.body = Buffer.concat(json.parts, json.byteLength);
    return;
  }
  ctx.body = new PartsBody(json);
  ctx.length = json.byteLength;
}
