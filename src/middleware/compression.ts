import { constants } from "node:zlib";
import compress from "koa-compress";
import type { Next } from "koa";
import type { AppContext } from "../http/context.js";
import { PartsBody } from "../http/parts-body.js";

/** Bodies smaller than this go out as they are: compressing them saves little and costs a zlib stream. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * How a body goes on the wire. gzip or br, whichever the client prefers (br on a tie), for
 * JSON and text above the threshold, both at their fastest level: on the API's JSON (3-150
 * KiB) gzip 1 and br 1 keep nearly as many bytes off the wire as gzip 6 and br 4 for about a
 * third of their CPU (docs/operations.md, "Compression", has `npm run bench:capacity`'s table).
 * A large list left as it is (no encoding asked for) is written from its parts here rather
 * than piped by Koa (`PartsBody.writeTo`).
 */
export function compression() {
  const compressor = compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    gzip: { level: 1 },
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    // Only what the API documents: no zstd (few clients), no deflate (ambiguous framing).
    deflate: false,
    zstd: false,
    encodingPreference: ["br", "gzip", "identity"],
  });
  return async function compressOrWriteParts(ctx: AppContext, next: Next): Promise<void> {
    await compressor(ctx, next);
    // Koa's respond() is skipped: the body is written here, with the headers already set. No
    // rule of Koa's is copied: setting a bodiless status (204, 205, 304) drops the body in Koa's
    // own setter, so none reaches here, and Node's http drops the writes of a HEAD answer.
    if (ctx.body instanceof PartsBody) {
      ctx.respond = false;
      ctx.body.writeTo(ctx.res);
    }
  };
}
