export type HealthStatus = "green" | "yellow" | "red";

/** The fields of `GET _cluster/health` this tooling reads. */
export interface ClusterHealth {
  cluster_name: string;
  status: HealthStatus;
  number_of_nodes: number;
}

const RANK: Record<HealthStatus, number> = { red: 0, yellow: 1, green: 2 };

/** fetch() rejects URLs with user:password, which ELASTICSEARCH_URL may carry; send them as a header. */
function toRequest(baseUrl: string, path: string): { href: string; headers: Record<string, string> } {
  const url = new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  const headers: Record<string, string> = { accept: "application/json" };
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
    url.username = "";
    url.password = "";
  }
  return { href: url.href, headers };
}

async function getJson(baseUrl: string, path: string, timeoutMs: number): Promise<unknown> {
  const { href, headers } = toRequest(baseUrl, path);
  try {
    const response = await fetch(href, { headers, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

function isHealth(value: unknown): value is ClusterHealth {
  if (typeof value !== "object" || value === null) return false;
  const { status, number_of_nodes } = value as Record<string, unknown>;
  return (status === "green" || status === "yellow" || status === "red") && typeof number_of_nodes === "number";
}

/**
 * Health of the cluster behind `url`, or null when nothing healthy-looking answers. Readiness goes
 * through `_cluster/health` because this distribution has no `GET /` (it answers 405).
 */
export async function fetchHealth(url: string, timeoutMs = 3000): Promise<ClusterHealth | null> {
  const body = await getJson(url, "_cluster/health", timeoutMs);
  return isHealth(body) ? body : null;
}

/** True when an Elasticsearch cluster answers at `url` (credentials in the URL are honoured). */
export async function isReachable(url: string, timeoutMs = 3000): Promise<boolean> {
  return (await fetchHealth(url, timeoutMs)) !== null;
}

/** Version of the node answering at `url`, to warn when a reused node is not the pinned build. */
export async function fetchNodeVersion(url: string): Promise<string | null> {
  const body = await getJson(url, "_nodes/_local?filter_path=nodes.*.version", 3000);
  const nodes = (body as { nodes?: Record<string, { version?: unknown }> } | null)?.nodes;
  const version = nodes ? Object.values(nodes)[0]?.version : undefined;
  return typeof version === "string" ? version : null;
}

export function atLeast(health: ClusterHealth, status: HealthStatus): boolean {
  return RANK[health.status] >= RANK[status];
}

export class WaitTimeoutError extends Error {}

/**
 * Polls until the cluster is at least yellow with `nodes` members. `checkAlive` lets the caller
 * fail fast when a node process died instead of waiting out the whole timeout.
 */
export async function waitForCluster(
  url: string,
  opts: { nodes: number; timeoutMs: number; checkAlive?: () => Promise<string | null> },
): Promise<ClusterHealth> {
  const deadline = Date.now() + opts.timeoutMs;
  let last: ClusterHealth | null = null;
  while (Date.now() < deadline) {
    last = await fetchHealth(url, 2000);
    if (last && atLeast(last, "yellow") && last.number_of_nodes >= opts.nodes) return last;
    const died = await opts.checkAlive?.();
    if (died) throw new Error(died);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const seen = last ? `${last.status} with ${last.number_of_nodes} node(s)` : "no answer";
  throw new WaitTimeoutError(`Timed out after ${opts.timeoutMs / 1000} s waiting for ${url} (last seen: ${seen})`);
}
