import { constants } from "node:zlib";
import compress from "koa-compress";

/** Bodies smaller than this go out as they are: compressing them saves little and costs a zlib stream. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * gzip or br, whichever the client prefers (br on a tie), for JSON and text above the
 * threshold, both at their fastest level: on the API's JSON (3-150 KiB) gzip 1 and br 1 keep
 * 89-90% of the bytes off the wire for a third of the CPU of gzip 6 and br 4, which keep
 * 92% (docs/operations.md, "Compression"; measured by `npm run bench:capacity`).
 */
export function compression() {
  return compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    gzip: { level: 1 },
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    // Only what the API documents: no zstd (few clients), no deflate (ambiguous framing).
    deflate: false,
    zstd: false,
    encodingPreference: ["br", "gzip", "identity"],
  });
}
