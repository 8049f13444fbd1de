import { presentStatEntries, type StatisticView } from "./fixture-modules.js";

/**
 * Statistics and metrics written as JSON text straight from the stored entries: byte for byte
 * `JSON.stringify(presentStatEntries(entries))` (fixture-modules.ts), which a test holds it to.
 * Why: a fixture carries about sixty entries of each, and presenting them built an object per
 * entry only to stringify it at once. Measured over the real data's 242 fixtures of a week, a
 * fixture with statistics took 15 us to present, 10-11 written here (with metrics too, 22 and
 * 14-17). An entry with anything but numbers and a name where those belong (never written so,
 * but possible in a stored document) is left to JSON.stringify, which knows how every value is
 * written (and which keys it leaves out); a hole in the list is written as JSON.stringify writes
 * it, null.
 */
export function statEntriesJson(entries: readonly StatisticView[]): string {
  // Not a list: presenting it fails (or not) as it always did.
  if (!Array.isArray(entries)) return JSON.stringify(presentStatEntries(entries));
  let json = "[";
  for (let i = 0; i < entries.length; i++) {
    if (!(i in entries)) {
      json += i === 0 ? "null" : ",null";
      continue;
    }
    const entry = entries[i]!;
    const { team_id: teamId, type_id: typeId, developer_name: name, value } = entry;
    const text =
      typeof teamId === "number" && Number.isFinite(teamId) && typeof typeId === "number" && Number.isFinite(typeId) && typeof name === "string" && (value === null || (typeof value === "number" && Number.isFinite(value)))
        ? `{"team_id":${teamId},"type_id":${typeId},"developer_name":${nameJson(name)},"value":${value}}`
        : JSON.stringify({ team_id: teamId, type_id: typeId, developer_name: name, value });
    json += i === 0 ? text : `,${text}`;
  }
  return `${json}]`;
}

/** Developer names as JSON strings, made once each: there are a few dozen of them. */
const NAMES = new Map<string, string>();
const NAMES_KEPT = 1_000;

function nameJson(name: string): string {
  let json = NAMES.get(name);
  if (json === undefined) {
    json = JSON.stringify(name);
    // A bound, not an eviction policy: stored names are a fixed set, anything else is never kept long.
    if (NAMES.size >= NAMES_KEPT) NAMES.clear();
    NAMES.set(name, json);
  }
  return json;
}
