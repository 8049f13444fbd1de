import { chown, mkdir } from "node:fs/promises";
import { ensureDistributionZip } from "./download.js";
import { ES_VERSION } from "./distribution.js";
import { fetchHealth, fetchNodeVersion, waitForCluster, type ClusterHealth } from "./health.js";
import { findJava, probeJava, type JavaHome } from "./java.js";
import { planCluster, type ClusterPlan, type NodePlan } from "./layout.js";
import { withLock } from "./lock.js";
import { isBootstrapped, writeNodeConfig } from "./node-config.js";
import { fileSize, findErrorLines, readTail } from "./log-tail.js";
import { launchNode, livePid, stopProcess, removePidFile, type LaunchContext } from "./node-process.js";
import { resolveEsOptions, type EsOptionsInput } from "./options.js";
import { assertOutsideRepo, resolvePaths, type EsPaths } from "./paths.js";
import { chownTree, ensureSystemUser, type SystemUser } from "./system-user.js";
import { ensureUnpacked } from "./unpack.js";

export { isReachable } from "./health.js";
export { stopElasticsearch, type StoppedNode } from "./stop.js";
export { elasticsearchStatus, type NodeStatus } from "./status.js";

export type Log = (line: string) => void;

export interface ProvisionOptions extends EsOptionsInput {
  /** Progress lines; defaults to stderr. */
  log?: Log;
}

export interface EnsureResult {
  url: string;
  /** False when a node already answered and was reused. */
  startedNow: boolean;
  health: ClusterHealth;
  seconds: number;
}

/** Carries the log tails that explain a failed start, for the CLI to print under the message. */
export class ElasticsearchStartError extends Error {
  constructor(
    message: string,
    readonly details: string,
  ) {
    super(message);
  }
}

const START_TIMEOUT_MS = 120_000;
const LOG_TAIL_LINES = 40;

export const stderrLog: Log = (line) => process.stderr.write(`${line}\n`);

const elapsed = (since: number): number => (performance.now() - since) / 1000;

function describeHealth(health: ClusterHealth, seconds?: number): string {
  const parts: string[] = [health.status];
  if (health.number_of_nodes !== 1) parts.push(`${health.number_of_nodes} nodes`);
  if (seconds !== undefined) parts.push(`${seconds.toFixed(1)} s`);
  return parts.join(", ");
}

/** A cluster that already answers with enough nodes is reused, whoever started it. */
async function reuseIfUp(cluster: ClusterPlan, log: Log, started: number): Promise<EnsureResult | null> {
  const health = await fetchHealth(cluster.url);
  if (!health || health.number_of_nodes < cluster.nodes.length) return null;
  const first = cluster.nodes[0];
  const pid = first ? await livePid(first) : null;
  const owner = pid ? `pid ${pid}` : "not started by this script";
  log(`Elasticsearch already running at ${cluster.url} (${describeHealth(health)}, ${owner}); reusing it.`);
  const version = await fetchNodeVersion(cluster.url);
  if (version && version !== ES_VERSION) log(`Warning: it runs Elasticsearch ${version}, not the pinned ${ES_VERSION}.`);
  return { url: cluster.url, startedNow: false, health, seconds: elapsed(started) };
}

async function prepareUser(paths: EsPaths, log: Log): Promise<SystemUser | null> {
  if (!paths.runAs) return null;
  const user = await ensureSystemUser(paths.runAs, paths.esHome, log);
  await chown(paths.esHome, user.uid, user.gid);
  return user;
}

/** As root the JDK must also be usable by the service user (e.g. not one under /root). */
async function checkJavaForUser(java: JavaHome, user: SystemUser | null): Promise<void> {
  if (!user || process.getuid?.() !== 0) return;
  const ok = await probeJava(java.home, user.name);
  if (!ok) throw new Error(`User ${user.name} cannot run ${java.home}/bin/java; use a JDK outside /root (set ES_JAVA_HOME).`);
}

async function prepareNode(cluster: ClusterPlan, node: NodePlan, distDir: string, bootstrap: boolean, user: SystemUser | null): Promise<void> {
  await writeNodeConfig(cluster, node, distDir, bootstrap);
  if (!user) return;
  // Only what root just wrote; files the node created itself are already the user's.
  await chownTree(node.confDir, user);
  for (const dir of [node.dir, node.dataDir, node.logsDir]) await chown(dir, user.uid, user.gid);
}

/**
 * What explains a failed start: the node's own log when it got that far (its fatal error first,
 * since a stack trace easily fills the tail), else the launcher's output (JVM or CLI failures).
 */
async function failureDetails(nodes: readonly NodePlan[], logStarts: ReadonlyMap<NodePlan, number>): Promise<string> {
  const sections: string[] = [];
  for (const node of nodes) {
    const log = await readTail(node.logFile, logStarts.get(node) ?? 0);
    if (log === null) {
      const launcher = await readTail(node.launcherLog);
      const lines = launcher ? launcher.split("\n").slice(-LOG_TAIL_LINES).join("\n") : "(no output)";
      sections.push(`--- ${node.name}: launcher output (${node.launcherLog}) ---\n${lines}`);
      continue;
    }
    const errors = findErrorLines(log);
    if (errors.length > 0) sections.push(`--- ${node.name}: errors in ${node.logFile} ---\n${errors.join("\n")}`);
    sections.push(`--- ${node.name}: last ${LOG_TAIL_LINES} lines of ${node.logFile} ---\n${log.split("\n").slice(-LOG_TAIL_LINES).join("\n")}`);
  }
  return sections.join("\n");
}

/** Leaves no half-started node behind: the next start would otherwise wait on it again. */
async function stopLaunched(nodes: readonly NodePlan[], log: Log): Promise<void> {
  for (const node of nodes) {
    const pid = await livePid(node);
    if (!pid) continue;
    await stopProcess(pid, 15_000).catch(() => undefined);
    await removePidFile(node);
    log(`Stopped ${node.name} (pid ${pid}) after the failed start.`);
  }
}

async function startCluster(cluster: ClusterPlan, paths: EsPaths, log: Log, started: number): Promise<EnsureResult> {
  const states = await Promise.all(
    cluster.nodes.map(async (node) => ({ node, answering: (await fetchHealth(node.url, 1500)) !== null, pid: await livePid(node) })),
  );
  const strangers = states.filter((state) => state.answering && state.pid === null);
  if (strangers.length > 0) {
    const ports = strangers.map((state) => state.node.httpPort).join(", ");
    throw new Error(`Port(s) ${ports} already answer, but not as nodes of the ${cluster.id} layout; stop them (npm run es:stop) or choose another --port.`);
  }
  const zip = await ensureDistributionZip(paths, log);
  const user = await prepareUser(paths, log);
  await ensureUnpacked(zip.path, paths.esHome, paths.distDir, log, user ? (dir) => chownTree(dir, user) : undefined);
  const java = await findJava(process.env, log);
  await checkJavaForUser(java, user);
  log(`Using Java ${java.major} at ${java.home}`);

  // A node with a live pid that does not answer yet is still starting: wait for it, do not relaunch.
  const toLaunch = states.filter((state) => !state.answering && state.pid === null).map((state) => state.node);
  const bootstrap = !cluster.single && !(await isBootstrapped(cluster));
  for (const node of toLaunch) await prepareNode(cluster, node, paths.distDir, bootstrap, user);

  const logStarts = new Map(await Promise.all(toLaunch.map(async (node) => [node, await fileSize(node.logFile)] as const)));
  const ctx: LaunchContext = { distDir: paths.distDir, java, runAs: user?.name ?? null };
  const deadline = performance.now() + START_TIMEOUT_MS;
  const who = user ? ` as ${user.name}` : "";
  log(`Starting ${toLaunch.map((node) => `${node.name} (${node.url})`).join(", ")} with ${cluster.heap} heap${who} ...`);
  try {
    // In parallel: a multi-node cluster cannot elect a master until enough nodes are up.
    await Promise.all(toLaunch.map((node) => launchNode(node, ctx, START_TIMEOUT_MS)));
    const health = await waitForCluster(cluster.url, {
      nodes: cluster.nodes.length,
      timeoutMs: Math.max(1000, deadline - performance.now()),
      checkAlive: async () => {
        for (const node of cluster.nodes) if (!(await livePid(node))) return `${node.name} exited during start-up`;
        return null;
      },
    });
    const seconds = elapsed(started);
    log(`Elasticsearch ${ES_VERSION} ready at ${cluster.url} (${describeHealth(health, seconds)})`);
    return { url: cluster.url, startedNow: true, health, seconds };
  } catch (err) {
    const details = await failureDetails(toLaunch, logStarts);
    await stopLaunched(toLaunch, log);
    throw new ElasticsearchStartError(`Elasticsearch did not start: ${(err as Error).message}`, details);
  }
}

/**
 * Makes sure a local Elasticsearch node (or `nodes`-node cluster) answers on `port` and returns its
 * URL: downloads and unpacks the pinned distribution on first use, starts the node(s) and waits
 * for at least yellow health. Safe to call from several processes at once.
 */
export async function ensureElasticsearch(opts: ProvisionOptions = {}): Promise<EnsureResult> {
  const started = performance.now();
  const log = opts.log ?? stderrLog;
  const options = resolveEsOptions(opts);
  const paths = resolvePaths();
  assertOutsideRepo(paths.esHome);
  const cluster = planCluster(options, paths.nodesDir);

  const reused = await reuseIfUp(cluster, log, started);
  if (reused) return reused;
  await mkdir(paths.esHome, { recursive: true });
  return withLock(paths.lockPath, log, async () => (await reuseIfUp(cluster, log, started)) ?? startCluster(cluster, paths, log, started));
}
