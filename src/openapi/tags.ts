/**
 * The groups /docs shows the endpoints in, in this order (OpenAPI `tags`): each path has one.
 * What a user comes for, not how the code is laid out.
 */
export const API_TAGS = [
  { name: "fixtures", description: "Fixtures by date, team, league or id, with their scores, odds, statistics, metrics and trends; head-to-head; the types" },
  { name: "live", description: "What is in play now: live scores and the scanner's search by statistics and metrics" },
  { name: "search", description: "Teams, leagues and fixtures by name, as a search box asks while a person types" },
  { name: "standings", description: "League tables" },
  { name: "bet builders", description: "AI bet-builder suggestions" },
  { name: "backtests", description: "A rule tried on past seasons: pre-match, and in play minute by minute" },
  { name: "streams", description: "Server-sent events: live scores and a scanner's own query, pushed as they change" },
  { name: "operations", description: "Liveness and readiness, for load balancers and orchestrators" },
] as const;

export type ApiTag = (typeof API_TAGS)[number]["name"];
