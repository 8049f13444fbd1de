import { homedir } from "node:os";
import { join, relative, resolve, isAbsolute } from "node:path";
import { fileURLToPath } from "node:url";
import { DIST_DIR_NAME, DIST_ZIP_NAME } from "./distribution.js";

/** Elasticsearch refuses to run as root, so root runs it as this system user. */
export const SERVICE_USER = "sfd-es";

/**
 * Where root keeps the node: the service user cannot enter /root (mode 700), so the distribution,
 * config, data and logs live in a directory that user owns.
 */
export const ROOT_ES_HOME = "/var/lib/sports-fixtures-data/es";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface EsPaths {
  /** Holds the downloaded zip and its checksum marker. */
  cacheDir: string;
  zipPath: string;
  zipMarkerPath: string;
  /** Holds the unpacked distribution and every node's config, data and logs. */
  esHome: string;
  distDir: string;
  nodesDir: string;
  lockPath: string;
  /** The user the node runs as, or null to run as the caller. */
  runAs: string | null;
}

export function resolveCacheDir(env: NodeJS.ProcessEnv): string {
  if (env.SFD_CACHE_DIR) return resolve(env.SFD_CACHE_DIR);
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), ".cache");
  return resolve(base, "sports-fixtures-data");
}

export function resolvePaths(env: NodeJS.ProcessEnv = process.env, uid = process.getuid?.() ?? -1): EsPaths {
  const cacheDir = resolveCacheDir(env);
  const isRoot = uid === 0;
  const esHome = isRoot ? ROOT_ES_HOME : join(cacheDir, "es");
  return {
    cacheDir,
    zipPath: join(cacheDir, DIST_ZIP_NAME),
    zipMarkerPath: join(cacheDir, `${DIST_ZIP_NAME}.verified.json`),
    esHome,
    distDir: join(esHome, DIST_DIR_NAME),
    nodesDir: join(esHome, "nodes"),
    lockPath: join(esHome, "provision.lock"),
    runAs: isRoot ? SERVICE_USER : null,
  };
}

/** Node data and logs must never land in the working tree (git noise, huge diffs, lost on clean). */
export function assertOutsideRepo(dir: string, repoRoot = REPO_ROOT): void {
  const rel = relative(repoRoot, dir);
  if (rel === "" || (!rel.startsWith("..") && !isAbsolute(rel))) {
    throw new Error(`Refusing to keep Elasticsearch files inside the repository (${dir}); set SFD_CACHE_DIR elsewhere.`);
  }
}
