import { OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { registry } from "./registry.js";
import { API_TAGS } from "./tags.js";

const DESCRIPTION = `Read-only JSON API over football fixtures, live scores, odds, statistics, metrics,
per-minute trends, standings, entity search and bet-builder suggestions.

Every API endpoint needs an API key, given as \`Authorization: Bearer <key>\`, \`X-API-Key: <key>\`
or the query parameter \`api_token\` (in that order of precedence). A missing, malformed, unknown or
revoked key gets 403 \`{"error":"Unauthorized"}\`. Every error body is \`{"error": "<text>"}\`; every
response carries \`X-Request-Id\`.

Common rules: \`language\` (alias \`lang\`) is an ISO 639-1 code, default \`en\`; both together must be
equal. A repeated single-valued parameter is a 400; unknown plain parameters are ignored. Unknown
paths are 404 \`{"error":"Not found"}\`; methods other than GET and HEAD on a known path are 405.
Parameters must be valid percent-encoded UTF-8 without control characters (\`%FF\`, \`%00\`: 400).

Costs and budgets: every response says what it cost in \`Request-Cost\`, in units of about 5 ms of
the node's and the service's work (an ordinary request 1, an all-history backtest tens to
hundreds; a refusal 0). Each key has a budget of units a second (default 40, bursts of 80; a key
may have its own) that every request is charged from: its estimate before it runs, settled with its
measured cost after, so a dear request may leave a debt that is paid first. Responses carry
\`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` in units; a spent budget gets 429
\`{"error":"Too many requests"}\` with \`Retry-After\`. Expensive requests (backtests, \`/fixtures\`
with \`last_fixtures\` or \`trends\`, \`/search\` over fixtures) run in a lane of their own, at most 2 of
a key's at once (one more: 429 with \`Retry-After\`), and within a time limit (past it: 503 with
\`Retry-After\`, never a partial answer).

Overload: each instance works on a bounded number of API requests at once and lets a bounded
number wait, each for a bounded time. A request it has no room for gets 503 at once, with
\`Retry-After\` (seconds) and a text that says what happened, rather than an answer that never
comes; send it again after that many seconds. \`/health\`, \`/ready\` and the documentation are
never refused this way. A stream's opening is admitted like any request while its key and query
are checked, waiting in places of its own; an open stream is not counted.

Caching: every response is \`private\`. \`/types\`, \`/standings\` and \`/fixtures\` pages whose
fixtures are all settled (FT, AWARDED, CANCELLED, ABANDONED, NO_RESULT) carry an \`ETag\`; send it
in \`If-None-Match\` to get 304 while unchanged. Live data is \`no-cache\`. Bodies over 1 kB are
compressed with gzip or br when the client accepts it.`;

/** The API's version in /openapi.json and /asyncapi.json: the package's (a unit test keeps them equal). */
export const API_VERSION = "0.1.0";

let cached: object | undefined;

/** The OpenAPI 3.1 document, generated once from the registered zod schemas. */
export function openApiDocument(): object {
  cached ??= new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title: "Sports Fixtures Data Service", version: API_VERSION, description: DESCRIPTION },
    servers: [{ url: "/" }],
    tags: API_TAGS.map((tag) => ({ ...tag })),
  });
  return cached;
}
