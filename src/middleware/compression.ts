import { constants } from "node:zlib";
import compress from "koa-compress";

/** Bodies smaller than this go out as they are: compressing them saves little and costs a zlib stream. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * gzip or br, whichever the client prefers (br on a tie), for JSON and text above the
 * threshold. Levels are chosen for latency, not size: br quality 4 and gzip level 4
 * compress a 100 kB fixtures page in about a millisecond (README, "Compression").
 */
export function compression() {
  return compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 4 },
    // Only what the API documents: no zstd (few clients), no deflate (ambiguous framing).
    deflate: false,
    zstd: false,
    encodingPreference: ["br", "gzip", "identity"],
  });
}
