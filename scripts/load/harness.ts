/**
 * What the operations scripts (load, chaos, fuzz) share: a synthetic data set and a key under
 * an index prefix of their own, the production service started as a child against it, and
 * the cleanup that deletes exactly that prefix's indices.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ApiKeyStore } from "../../src/store/api-key-store.js";
import { betBuildersAfterRebuild } from "../../src/bet-builders/after-rebuild.js";
import { loadConfig } from "../../src/config.js";
import { buildDataSet } from "../../src/ingest/data-set.js";
import { rebuild } from "../../src/ingest/rebuild.js";
import { PROJECT_ROOT } from "../../src/paths.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { indexNames, type IndexNames } from "../../src/store/index-names.js";
import { deleteIndicesWithPrefix } from "../../src/store/index-versions.js";
import type { PhaseSummary } from "../lib/load-driver.js";
import { freePort, serviceEntry, startService } from "../lib/service.js";
import type { Client } from "@elastic/elasticsearch";

export interface OwnData {
  es: Client;
  names: IndexNames;
  /** Deletes the prefix's indices and closes the client. */
  drop: () => Promise<void>;
}

/** A fresh prefix such as `chaos_1f2e3d4c`, so a run never touches anyone else's indices. */
export function ownPrefix(purpose: string): string {
  return `${purpose}_${randomBytes(4).toString("hex")}`;
}

/** The synthetic data set (about 4,700 fixtures) under `prefix`, loaded by the real rebuild, with bet builders. */
export async function loadOwnData(nodes: string[], prefix: string, log: (line: string) => void): Promise<OwnData> {
  const config = loadConfig({ ...process.env, ELASTICSEARCH_URL: nodes.join(","), INDEX_PREFIX: prefix });
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 120_000 });
  const names = indexNames(prefix);
  const drop = async () => {
    await deleteIndicesWithPrefix(es, prefix).catch((error: unknown) => log(`Could not delete ${prefix}_*: ${(error as Error).message}`));
    await es.close();
  };
  try {
    const started = Date.now();
    const { dataSet } = await buildDataSet({ source: "synthetic" }, new Date(), () => {});
    const report = await rebuild(es, names, dataSet, () => {}, config.indexLayout);
    // Demo users 1-3 (the load key is user 1's) get bet builders, so their routes answer with data.
    await betBuildersAfterRebuild(es, names);
    log(`Loaded ${report.counts.fixtures.toLocaleString("en")} synthetic fixtures under ${prefix}_* in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return { es, names, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

export async function createLoadKey(es: Client, names: IndexNames, label: string): Promise<string> {
  return (await new ApiKeyStore(es, names.api_keys).create({ userId: 1, roles: ["standings"], label })).key;
}

export interface RunningService {
  url: string;
  /** The service's log (one line per request, faults in full), for a look after a failed run. */
  logFile: string;
  child: ChildProcess;
  stop: () => void;
}

/**
 * The production service (compiled, as in the Dockerfile) as a child, against `nodes`, on a
 * free port. Rate limiting is off: the load is the point of the run, not something to turn away.
 * `serviceDir` (`--service-dir`): another checkout's compiled service (`serviceEntry`), run from that directory.
 */
export async function startOwnService(nodes: string[], prefix: string, extraEnv: NodeJS.ProcessEnv = {}, serviceDir?: string): Promise<RunningService> {
  const entry = await serviceEntry(serviceDir);
  const port = await freePort();
  const logFile = join(tmpdir(), `${prefix}-service.log`);
  const out = await open(logFile, "w");
  try {
    const env = {
      PORT: String(port),
      ELASTICSEARCH_URL: nodes.join(","),
      INDEX_PREFIX: prefix,
      ...extraEnv,
    };
    const child = await startService(entry, [], env, { stdout: out.fd, cwd: serviceDir ?? PROJECT_ROOT });
    return { url: `http://127.0.0.1:${port}`, logFile, child, stop: () => void child.kill("SIGTERM") };
  } finally {
    // The child holds its own copy of the descriptor.
    await out.close();
  }
}

const ms = (value: number): string => (Number.isNaN(value) ? "-" : `${value.toFixed(1)} ms`);

/** One line per phase, then the failure reasons. */
export function formatPhases(phases: readonly PhaseSummary[]): string[] {
  const lines = phases.map(
    (p) => `  ${p.phase.padEnd(8)} sent ${String(p.sent).padStart(6)}  shed ${String(p.shed).padStart(5)}  failed ${String(p.failed).padStart(5)}  p50 ${ms(p.p50).padStart(9)}  p99 ${ms(p.p99).padStart(9)}  max ${ms(p.max).padStart(9)}`,
  );
  for (const p of phases) for (const [reason, count] of p.reasons.slice(0, 5)) lines.push(`    ${p.phase}: ${count} x ${reason}`);
  return lines;
}
