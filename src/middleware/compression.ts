import { constants } from "node:zlib";
import compress from "koa-compress";

/** Bodies smaller than this go out as they are: compressing them saves little and costs a zlib stream. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * gzip or br, whichever the client prefers (br on a tie), for JSON and text above the
 * threshold. br quality 4 (not the default 11, which costs tens of milliseconds) and
 * gzip's default level 6 each compress a 60 kB JSON body in 0.3 to 1.5 ms (README, "Compression").
 */
export function compression() {
  return compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Only what the API documents: no zstd (few clients), no deflate (ambiguous framing).
    deflate: false,
    zstd: false,
    encodingPreference: ["br", "gzip", "identity"],
  });
}
