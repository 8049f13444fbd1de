import { heldFixture, heldFixtureOfJson, type HeldFixture, type PresentedFixture } from "./client-state.js";
import { eachSnapshotFixture, objectEnd } from "./snapshot-split.js";

/** A stream event reduced to what a client keeps: the fixtures it carries, or the id that left. */
export type DecodedEvent =
  | { type: "snapshot"; fixtures: HeldFixture[] }
  | { type: "enter" | "update"; fixture: HeldFixture }
  | { type: "leave"; id: number };

/** Decoded events kept, by the bytes of their data: beyond this the cache starts over. */
const CACHE_BYTES = 64 * 1024 * 1024;
/** Snapshot fixture texts kept (with what they decode to): beyond this they start over. */
const FIXTURE_TEXT_BYTES = 128 * 1024 * 1024;
/** Texts kept per fixture (its versions times the variants queries show it in): the oldest goes first. */
const TEXTS_PER_FIXTURE = 16;

type KnownFixture = { text: string; held: HeldFixture };

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
   * Snapshot fixture texts decoded, by their opening up to the first comma (`{"id":123`): a
   * fixture in a snapshot that starts with one of its fixture's known texts and is followed by
   * the array's next separator is that text (a JSON object ends where its braces balance), so
   * a burst of snapshots is mostly compared byte for byte, not walked, hashed and parsed. The
   * texts kept are the generator's own (JSON.stringify of the parsed fixture, equal to the
   * service's bytes), never slices: a slice keeps its whole snapshot alive.
   */
  private readonly fixtures = new Map<string, KnownFixture[]>();
  private fixtureBytes = 0;

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
    const fixtures: HeldFixture[] = [];
    const whole = eachSnapshotFixture(data, (at) => {
      const opening = data.slice(at, data.indexOf(",", at));
      const candidates = this.fixtures.get(opening);
      // A slice compared whole (memcmp), not startsWith: twenty times faster on a fixture's kilobytes.
      const known = candidates?.find(({ text }) => endsFixture(data, at + text.length) && data.slice(at, at + text.length) === text);
      if (known) {
        fixtures.push(known.held);
        return at + known.text.length;
      }
      const end = objectEnd(data, at);
      if (end <= at) return end;
      fixtures.push(this.learn(opening, data.slice(at, end)));
      return end;
    });
    return whole ? { type: "snapshot", fixtures } : null;
  }

  /** Decodes a fixture text seen for the first time and keeps it, when the generator's own JSON of it is the same bytes. */
  private learn(opening: string, text: string): HeldFixture {
    const parsed = JSON.parse(text) as PresentedFixture;
    const own = JSON.stringify(parsed);
    const held = heldFixtureOfJson(parsed, own);
    if (own !== text) return held;
    if (this.fixtureBytes + own.length > FIXTURE_TEXT_BYTES) {
      this.fixtures.clear();
      this.fixtureBytes = 0;
    }
    // Keyed by a copy: a slice (of the snapshot, or of a text shifted out below) would keep that whole string alive.
    const key = Buffer.from(opening).toString();
    const texts = this.fixtures.get(key) ?? [];
    if (texts.length >= TEXTS_PER_FIXTURE) this.fixtureBytes -= texts.shift()!.text.length;
    texts.push({ text: own, held });
    this.fixtures.set(key, texts);
    this.fixtureBytes += own.length;
    return held;
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

/** Whether `at` is where a fixture of the snapshot's array may end: the next one's comma or the array's end. */
function endsFixture(data: string, at: number): boolean {
  const next = data.charCodeAt(at);
  return next === 0x2c || next === 0x5d;
}

export function decodeEvent(type: string, data: string): DecodedEvent | null {
  const parsed = JSON.parse(data) as { fixtures?: PresentedFixture[]; fixture?: PresentedFixture; fixture_id?: number };
  if (type === "snapshot") return { type, fixtures: (parsed.fixtures ?? []).map(heldFixture) };
  if ((type === "enter" || type === "update") && parsed.fixture) return { type, fixture: heldFixture(parsed.fixture) };
  if (type === "leave" && typeof parsed.fixture_id === "number") return { type, id: parsed.fixture_id };
  return null;
}
