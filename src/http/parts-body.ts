import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { JsonParts } from "../presenters/fixture-list-json.js";

/**
 * A response body sent from its parts (the presented-JSON cache's buffers) without joining
 * them first: a `Buffer.concat` of a 1-6 MB list would be a fresh allocation (page faults, a
 * copy, external memory for the GC to account) on every request.
 *
 * Two ways out: `writeTo` when the body goes out as it is (src/middleware/compression.ts),
 * every part as it is; and, as a Readable, through koa-compress's zlib stream when the client
 * asked for an encoding: then the parts are joined first, into one zlib write (compressing
 * costs far more than the copy). Content-Length comes from `byteLength` (set by
 * `sendFixtureList`), so a HEAD or an identity answer carries it.
 */
export class PartsBody extends Readable {
  readonly #parts: readonly Buffer[];

  constructor(json: JsonParts) {
    super();
    this.#parts = json.parts;
  }

  /**
   * Writes every part to `res` in one go and ends it. Node's response corks its socket until
   * the next tick, so the parts leave in writev calls of up to 1,024 buffers, as much as the
   * socket takes each time, like one joined buffer would, where a pipe writes a chunk per
   * 'drain' (koa's `stream.pipeline`, with its AbortController per response) and joining the
   * small parts makes fresh buffers: on the largest lists that is over half as much CPU again
   * (docs/benchmarks.md, bench:fixtures).
   * `write`'s backpressure is not waited for on purpose: the parts are in memory already and
   * the socket holds references to them, not copies. Node's http writes no body where HTTP has
   * none (HEAD, 204, 304): the writes are dropped there, as Koa's respond would not make them.
   */
  writeTo(res: ServerResponse): void {
    for (const part of this.#parts) if (part.length > 0) res.write(part);
    res.end();
  }

  /** The parts as one buffer: for the compressor's one zlib write, or a body that must be hashed. */
  joined(): Buffer {
    return Buffer.concat(this.#parts);
  }

  override _read(): void {
    this.push(this.joined());
    this.push(null);
  }
}
