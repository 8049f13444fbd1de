import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat, writeFile } from "node:fs/promises";
import { pipeline } from "node:stream/promises";

export async function sha512File(path: string): Promise<string> {
  const hash = createHash("sha512");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

interface Marker {
  sha512: string;
  size: number;
  mtimeMs: number;
}

/**
 * Records that the file as it is now (size and mtime) had this digest, so later starts can skip
 * hashing 130 MB; any change to the file invalidates the marker.
 */
export async function writeChecksumMarker(markerPath: string, filePath: string, sha512: string): Promise<void> {
  const { size, mtimeMs } = await stat(filePath);
  const marker: Marker = { sha512, size, mtimeMs };
  await writeFile(markerPath, `${JSON.stringify(marker)}\n`);
}

export async function markerConfirms(markerPath: string, filePath: string, sha512: string): Promise<boolean> {
  try {
    const marker = JSON.parse(await readFile(markerPath, "utf8")) as Partial<Marker>;
    const { size, mtimeMs } = await stat(filePath);
    return marker.sha512 === sha512 && marker.size === size && marker.mtimeMs === mtimeMs;
  } catch {
    return false;
  }
}
