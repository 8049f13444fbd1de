import { createHash } from "node:crypto";
import { heldFixture, type HeldFixture, type PresentedFixture } from "./client-state.js";
import { splitSnapshotFixtures } from "./snapshot-split.js";

/** A stream event reduced to what a client keeps: the fixtures it carries, or the id that left. */
export type DecodedEvent =
  | { type: "snapshot"; fixtures: HeldFixture[] }
  | { type: "enter" | "update"; fixture: HeldFixture }
  | { type: "leave"; id: number };

/** Decoded events kept, by the bytes of their data: beyond this the cache starts over. */
const CACHE_BYTES = 64 * 1024 * 1024;
/** Decoded snapshot fixtures kept (a digest and a few numbers each): beyond this they start over. */
const FIXTURES_KEPT = 200_000;

/**
 * Subscribers of one standing query receive the same bytes, and so do subscribers of distinct
 * queries that show a fixture alike (the service makes an event's data once per round): the load
 * process decodes each distinct data once and shares the result, so that a thousand clients in
 * one process measure the service, not a thousand JSON.parse calls of the same text. Keyed by
 * the data itself (and the event name), never by the event id, which differs per query.
 */
export class EventDecoder {
  private readonly cache = new Map<string, Map<string, DecodedEvent>>();
  private heldBytes = 0;

  /**
   * Snapshot fixtures decoded, by a digest of their JSON text (snapshots of distinct queries
   * share them). Never by the text itself: a text split out of a snapshot is a slice that keeps
   * the whole snapshot alive, and at 5,000 distinct queries the kept snapshots filled the load
   * process's 4 GB heap.
   */
  private readonly fixtures = new Map<string, HeldFixture>();

  decode(type: string, _id: string, data: string): DecodedEvent | null {
    // A snapshot is its query's own (hashing its whole text as a key costs more than it saves): its fixtures are shared.
    if (type === "snapshot") return this.snapshot(data) ?? decodeEvent(type, data);
    const known = this.cache.get(type)?.get(data);
    if (known) return known;
    const decoded = decodeEvent(type, data);
    if (decoded === null) return null;
    // Counted first: past the bound the cache starts over, and this map must be the new one.
    this.keep(data.length);
    const byData = this.cache.get(type) ?? new Map<string, DecodedEvent>();
    byData.set(data, decoded);
    this.cache.set(type, byData);
    return decoded;
  }

  /** A snapshot decoded fixture by fixture, each distinct fixture text once; null if its shape is not the expected one. */
  private snapshot(data: string): DecodedEvent | null {
    const texts = splitSnapshotFixtures(data);
    if (texts === null) return null;
    const fixtures = texts.map((text) => {
      const key = createHash("sha1").update(text).digest("base64");
      let held = this.fixtures.get(key);
      if (!held) {
        held = heldFixture(JSON.parse(text) as PresentedFixture);
        if (this.fixtures.size >= FIXTURES_KEPT) this.fixtures.clear();
        this.fixtures.set(key, held);
      }
      return held;
    });
    return { type: "snapshot", fixtures };
  }

  /** Counts bytes held; past the bound, every event decoded is forgotten and the count starts over. */
  private keep(bytes: number): void {
    if (this.heldBytes + bytes > CACHE_BYTES) {
      this.cache.clear();
      this.heldBytes = 0;
    }
    this.heldBytes += bytes;
  }
}

export function decodeEvent(type: string, data: string): DecodedEvent | null {
  const parsed = JSON.parse(data) as { fixtures?: PresentedFixture[]; fixture?: PresentedFixture; fixture_id?: number };
  if (type === "snapshot") return { type, fixtures: (parsed.fixtures ?? []).map(heldFixture) };
  if ((type === "enter" || type === "update") && parsed.fixture) return { type, fixture: heldFixture(parsed.fixture) };
  if (type === "leave" && typeof parsed.fixture_id === "number") return { type, id: parsed.fixture_id };
  return null;
}
