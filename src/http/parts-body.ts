import { Readable } from "node:stream";
import type { JsonParts } from "../presenters/fixture-list-json.js";

/** Parts below this are copied together into one write; larger ones are written as they are. */
const SMALL_PART_BYTES = 16 * 1024;

/**
 * A response body sent from its parts (the presented-JSON cache's buffers) without joining
 * them first: a `Buffer.concat` of a 1-6 MB list was a fresh allocation (page faults, a
 * copy, external memory for the GC to account) on every request. Small parts (commas,
 * brackets, short fixtures) are joined into writes of at least 16 KiB, so the socket sees a
 * few dozen writes rather than hundreds. Everything is pushed at the first read: the parts
 * are in memory already, so holding them back would save nothing.
 *
 * Koa pipes it like any stream (koa-compress through zlib); Content-Length comes from
 * `byteLength` (set by `sendJsonParts`), so a HEAD or an identity answer carries it.
 */
export class PartsBody extends Readable {
  readonly #parts: readonly Buffer[];

  constructor(json: JsonParts) {
    super();
    this.#parts = json.parts;
  }

  override _read(): void {
    const pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = () => {
      if (pending.length === 0) return;
      this.push(pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes));
      pending.length = 0;
      pendingBytes = 0;
    };
    for (const part of this.#parts) {
      if (part.length >= SMALL_PART_BYTES) {
        flush();
        this.push(part);
      } else {
        pending.push(part);
        pendingBytes += part.length;
        if (pendingBytes >= SMALL_PART_BYTES) flush();
      }
    }
    flush();
    this.push(null);
  }
}
