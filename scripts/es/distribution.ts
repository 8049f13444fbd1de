/**
 * The one Elasticsearch build this project runs locally. Maven Central publishes no checksum next
 * to this zip, so the SHA-512 is pinned here (see docs/ELASTICSEARCH.md); bumping the version means
 * downloading it once, hashing it and updating both constants together.
 */
import { join } from "node:path";

export const ES_VERSION = "9.5.4";

export const DIST_URL =
  "https://repo.maven.apache.org/maven2/org/elasticsearch/distribution/integ-test-zip/elasticsearch/" +
  `${ES_VERSION}/elasticsearch-${ES_VERSION}.zip`;

export const DIST_SHA512 =
  "a75df614854ace52dd0bce977662b3792873ac077ec0af9026cd0b2a0eb119e449910f8eb8ed577d1a83c51c6ee6af71bf5004c3cf5b418c979186de8b5dd9e6";

/** Used for progress when the server sends no Content-Length. */
export const DIST_SIZE = 132_432_175;

export const DIST_ZIP_NAME = `elasticsearch-${ES_VERSION}.zip`;

/** The single top-level directory inside the zip. */
export const DIST_DIR_NAME = `elasticsearch-${ES_VERSION}`;

/** The server's launcher inside an unpacked distribution. */
export function launcherPath(distDir: string): string {
  return join(distDir, "bin", "elasticsearch");
}

/** Oldest Java the 9.x server accepts. */
export const MIN_JAVA_MAJOR = 21;

export const CLUSTER_NAME = "sfd-local";
