/**
 * The fixtures of a snapshot's data as raw JSON texts, without parsing them. The service
 * writes a snapshot as `{"fixtures":[f1,f2,...],"at":"..."}` where each fixture's JSON is the
 * same bytes for every query that shows it alike; splitting at the array's top level lets the
 * load process decode each distinct fixture text once (with a thousand distinct queries, whole
 * snapshots rarely repeat, but their fixtures do). Returns null for anything else: the caller
 * then parses the data whole, so an unexpected shape is never misread.
 */
const OPEN = '{"fixtures":[';
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

export function splitSnapshotFixtures(data: string): string[] | null {
  if (!data.startsWith(OPEN)) return null;
  const fixtures: string[] = [];
  let depth = 0;
  let start = OPEN.length;
  for (let i = OPEN.length; i < data.length; i++) {
    switch (data.charCodeAt(i)) {
      case QUOTE: {
        // Strings are most of a fixture's text: jump to their end rather than walk them.
        let end = data.indexOf('"', i + 1);
        while (end !== -1 && escaped(data, end)) end = data.indexOf('"', end + 1);
        if (end === -1) return null;
        i = end;
        break;
      }
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        depth += 1;
        break;
      case CLOSE_OBJECT:
        depth -= 1;
        break;
      case COMMA:
        if (depth === 0) {
          fixtures.push(data.slice(start, i));
          start = i + 1;
        }
        break;
      case CLOSE_ARRAY:
        if (depth > 0) {
          depth -= 1;
          break;
        }
        // The array's end: what follows must be the snapshot's other fields, an object's end.
        if (i > start) fixtures.push(data.slice(start, i));
        return data.endsWith("}") && fixtures.every((text) => text.startsWith("{") && text.endsWith("}")) ? fixtures : null;
    }
  }
  return null;
}

/** Whether the quote at `at` is escaped: an odd number of backslashes right before it. */
function escaped(data: string, at: number): boolean {
  let backslashes = 0;
  for (let i = at - 1; data.charCodeAt(i) === BACKSLASH; i--) backslashes += 1;
  return backslashes % 2 === 1;
}
