import { heldFixture, type HeldFixture, type PresentedFixture } from "./client-state.js";

/** A stream event reduced to what a client keeps: the fixtures it carries, or the id that left. */
export type DecodedEvent =
  | { type: "snapshot"; fixtures: HeldFixture[] }
  | { type: "enter" | "update"; fixture: HeldFixture }
  | { type: "leave"; id: number };

const CACHE_LIMIT = 5_000;

/**
 * Every subscriber of one standing query receives the same bytes under the same event id:
 * the load process decodes each distinct event once and shares the result, so that a
 * thousand clients in one process measure the service, not a thousand JSON.parse calls of
 * the same text. The data's length joins the id as a guard against reuse.
 */
export class EventDecoder {
  private readonly cache = new Map<string, DecodedEvent>();

  decode(type: string, id: string, data: string): DecodedEvent | null {
    const key = `${id}|${data.length}|${type}`;
    const known = this.cache.get(key);
    if (known) return known;
    const decoded = decodeEvent(type, data);
    if (decoded === null) return null;
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(key, decoded);
    return decoded;
  }
}

export function decodeEvent(type: string, data: string): DecodedEvent | null {
  const parsed = JSON.parse(data) as { fixtures?: PresentedFixture[]; fixture?: PresentedFixture; fixture_id?: number };
  if (type === "snapshot") return { type, fixtures: (parsed.fixtures ?? []).map(heldFixture) };
  if ((type === "enter" || type === "update") && parsed.fixture) return { type, fixture: heldFixture(parsed.fixture) };
  if (type === "leave" && typeof parsed.fixture_id === "number") return { type, id: parsed.fixture_id };
  return null;
}
