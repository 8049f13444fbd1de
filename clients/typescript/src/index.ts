export { createClient, type ClientOptions, type FixturesParams, type FixturesSearchParams, type LivescoresParams, type Schemas, type SearchOptions, type SportsFixturesClient, type StreamSearchParams } from "./client.js";
export type { OnResponse, RateLimitState, ResponseInfo } from "./cost.js";
export { ApiError } from "./errors.js";
export { LiveResultSet, type LiveEvents, type LiveState } from "./live/result-set.js";
export { compareFixtures, valueOf } from "./live/order.js";
export { serializeQuery, type Order, type Range, type Scope, type Where } from "./query.js";
export type { RetryOptions } from "./retry.js";
export type { components, paths } from "./generated/openapi.js";
