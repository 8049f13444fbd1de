import { createHash, timingSafeEqual } from "node:crypto";
import { bearerToken } from "../../http/bearer.js";
import type { AppContext } from "../../http/context.js";

/**
 * Who may read /metrics: a caller with `Authorization: Bearer <METRICS_TOKEN>` from
 * anywhere, or a caller on this machine. A request that came through a proxy carries a
 * forwarding header and is not "on this machine", even when the proxy itself is.
 */
export type MetricsAccess = "allowed" | "bad-token" | "remote";

const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

export function metricsAccess(ctx: AppContext, token: string | null): MetricsAccess {
  const bearer = bearerToken(ctx.get("Authorization"));
  if (token !== null && typeof bearer === "string" && sameSecret(bearer, token)) return "allowed";
  if (isLoopback(ctx.socket.remoteAddress) && !FORWARDING_HEADERS.some((name) => ctx.headers[name] !== undefined)) {
    return "allowed";
  }
  return token === null ? "remote" : "bad-token";
}

function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

/** Compares digests, so neither the length nor the content leaks through timing. */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
