import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { access, mkdir, rename, rm } from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { markerConfirms, sha512File, writeChecksumMarker } from "./checksum.js";
import { DIST_SHA512, DIST_SIZE, DIST_URL, DIST_ZIP_NAME } from "./distribution.js";
import type { EsPaths } from "./paths.js";
import { createProgressReporter } from "./progress.js";
import { removeStaleTemps } from "./temp-files.js";

type Log = (line: string) => void;

/** Where the zip comes from and what it must hash to; a parameter only so the mismatch path can be exercised. */
export interface DistributionSource {
  url: string;
  sha512: string;
}

const PINNED: DistributionSource = { url: DIST_URL, sha512: DIST_SHA512 };

/** Streams the zip to a temp file beside the cache entry, hashing on the way, and returns its SHA-512. */
async function fetchToFile(url: string, dest: string, log: Log): Promise<string> {
  const response = await fetch(url);
  if (!response.ok || !response.body) {
    throw new Error(`Downloading ${url} failed: HTTP ${response.status} ${response.statusText}`);
  }
  const total = Number(response.headers.get("content-length")) || DIST_SIZE;
  const report = createProgressReporter(total, log);
  const hash = createHash("sha512");
  let received = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      received += chunk.length;
      report(received);
      done(null, chunk);
    },
  });
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  await pipeline(body, meter, createWriteStream(dest));
  return hash.digest("hex");
}

async function cachedZipIsGood(paths: EsPaths, sha512: string, log: Log): Promise<boolean> {
  if (!(await access(paths.zipPath).then(() => true, () => false))) return false;
  if (await markerConfirms(paths.zipMarkerPath, paths.zipPath, sha512)) return true;
  log(`Verifying cached ${DIST_ZIP_NAME} ...`);
  if ((await sha512File(paths.zipPath)) === sha512) {
    await writeChecksumMarker(paths.zipMarkerPath, paths.zipPath, sha512);
    return true;
  }
  log(`Cached ${paths.zipPath} does not match the pinned SHA-512; downloading it again.`);
  await rm(paths.zipPath, { force: true });
  return false;
}

/**
 * Makes sure a verified copy of the distribution zip is in the cache. Downloads land in a temp
 * name and are renamed only after the checksum matched, so the cache never holds a partial or
 * tampered file, even when a download is interrupted.
 */
export async function ensureDistributionZip(
  paths: EsPaths,
  log: Log,
  source: DistributionSource = PINNED,
): Promise<{ path: string; downloaded: boolean }> {
  await mkdir(paths.cacheDir, { recursive: true });
  await removeStaleTemps(paths.cacheDir, /^elasticsearch-.*\.zip\.([0-9]+)\.part$/);
  if (await cachedZipIsGood(paths, source.sha512, log)) return { path: paths.zipPath, downloaded: false };

  const partial = `${paths.zipPath}.${process.pid}.part`;
  log(`Downloading ${source.url}`);
  const started = Date.now();
  try {
    const digest = await fetchToFile(source.url, partial, log);
    if (digest !== source.sha512) {
      throw new Error(`Checksum mismatch for ${source.url}: expected SHA-512 ${source.sha512}, got ${digest}. The download was deleted.`);
    }
    await rename(partial, paths.zipPath);
  } finally {
    await rm(partial, { force: true });
  }
  await writeChecksumMarker(paths.zipMarkerPath, paths.zipPath, source.sha512);
  log(`Downloaded and verified ${DIST_ZIP_NAME} in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${paths.zipPath}`);
  return { path: paths.zipPath, downloaded: true };
}
