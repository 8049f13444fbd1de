/**
 * Where the presented-JSON cache keeps its bytes: slabs of 512 KiB, each kept entry a view of
 * one, written one after the other.
 *
 * Why not a Buffer per entry: an entry under 4 KiB is a slice of Node's shared 8 KiB pool, so
 * it pins that pool's block (and whatever short-lived buffers share it), and the larger ones
 * are malloc'd one by one between the short-lived socket and zlib buffers of the requests
 * around them. Kept for minutes while those come and go, they hold malloc's heap open: under
 * a mixed load the process kept about 20 MiB more heap with the default 8 MiB cache than
 * with none (docs/operations.md, "Memory"). With production's fixed mmap threshold
 * (MALLOC_MMAP_THRESHOLD_ = 128 KiB) a slab is mapped on its own and given back whole once
 * nothing views it; so is an entry above 128 KiB, which gets a buffer of its own.
 *
 * An entry the cache reads again from a full slab that is more than half released is copied
 * into the current slab (`stranded`, `copy`), so entries that stay in use do not keep old
 * slabs. A slab lives until its last entry is evicted or moved and no response still holds
 * one, so the slabs can hold more than the entries' bytes (FIXTURE_CACHE_MB counts those).
 */
export const SLAB_BYTES = 512 * 1024;

type Slab = { readonly bytes: Buffer; used: number; live: number };

export class JsonSlabs {
  readonly #slabBytes: number;
  /** The largest entry written into a slab; larger ones get a buffer of their own. */
  readonly #largestInSlab: number;
  #current: Slab | null = null;
  /** Each slab by its memory, to account an entry released or read (entries are views of it). */
  readonly #slabs = new WeakMap<ArrayBufferLike, Slab>();

  constructor(slabBytes = SLAB_BYTES) {
    this.#slabBytes = slabBytes;
    this.#largestInSlab = slabBytes / 4;
  }

  /**
   * The UTF-8 bytes of `json`, as `Buffer.from(json)` gives them, kept in a slab. Where the
   * current slab has room for the most it can take (3 bytes per UTF-16 unit) it is written
   * without being measured first: measuring (`Buffer.byteLength`) costs seven times the write
   * on this JSON, and it made storing in slabs cost twice what `Buffer.from` did.
   */
  store(json: string): Buffer {
    const slab = this.#current;
    const most = json.length * MAX_UTF8_BYTES_PER_UNIT;
    if (slab !== null && most <= this.#largestInSlab && fits(slab, most)) {
      return this.#taken(slab, slab.bytes.write(json, slab.used, "utf8"));
    }
    const length = Buffer.byteLength(json);
    if (length > this.#largestInSlab) return Buffer.from(json);
    const room = this.#room(length);
    return this.#taken(room, room.bytes.write(json, room.used, length, "utf8"));
  }

  /** A copy of a kept entry (one found `stranded`) in the current slab. */
  copy(entry: Buffer): Buffer {
    const slab = this.#room(entry.length);
    return this.#taken(slab, entry.copy(slab.bytes, slab.used));
  }

  /** A kept entry is kept no more (evicted or replaced): its bytes no longer count for its slab. */
  release(entry: Buffer): void {
    const slab = this.#slabs.get(entry.buffer);
    if (slab !== undefined) slab.live -= entry.length;
  }

  /** Whether a kept entry sits in a full slab that is more than half released: worth a `copy`, so the slab can go. */
  stranded(entry: Buffer): boolean {
    const slab = this.#slabs.get(entry.buffer);
    return slab !== undefined && slab !== this.#current && slab.live * 2 < slab.used;
  }

  /** The current slab when `length` more bytes fit in it, else a fresh one, now current. */
  #room(length: number): Slab {
    const slab = this.#current;
    if (slab !== null && fits(slab, length)) return slab;
    // allocUnsafeSlow: memory of its own, never Node's shared pool.
    const fresh = { bytes: Buffer.allocUnsafeSlow(this.#slabBytes), used: 0, live: 0 };
    this.#slabs.set(fresh.bytes.buffer, fresh);
    this.#current = fresh;
    return fresh;
  }

  /** The `length` bytes just written at the end of `slab`, as a view, now counted in it. */
  #taken(slab: Slab, length: number): Buffer {
    const at = slab.used;
    slab.used += length;
    slab.live += length;
    return slab.bytes.subarray(at, at + length);
  }
}

/** Whether `length` more bytes fit at the end of `slab`. */
function fits(slab: Slab, length: number): boolean {
  return slab.used + length <= slab.bytes.length;
}

/** UTF-8 takes at most 3 bytes per UTF-16 code unit (a lone surrogate is written as U+FFFD's 3; a pair is 4 for 2). */
const MAX_UTF8_BYTES_PER_UNIT = 3;
