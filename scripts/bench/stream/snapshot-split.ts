/**
 * Where the fixtures of a snapshot's data begin and end, without parsing them. The service
 * writes a snapshot as `{"fixtures":[f1,f2,...],"at":"..."}` where each fixture's JSON is the
 * same bytes for every query that shows it alike; walking the array's top level lets the load
 * process decode each distinct fixture text once (with a thousand distinct queries, whole
 * snapshots rarely repeat, but their fixtures do). Anything else gives false: the caller then
 * parses the data whole, so an unexpected shape is never misread.
 */
const OPEN = '{"fixtures":[';
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * Walks the fixtures of a snapshot's data: `take(at)` is called at each fixture's opening brace
 * and returns where that fixture's JSON ends (exclusive), or -1 when it cannot tell. Returns
 * whether the whole data had the expected shape (a caller that kept what it took so far must
 * then throw it away).
 */
export function eachSnapshotFixture(data: string, take: (at: number) => number): boolean {
  if (!data.startsWith(OPEN)) return false;
  let at = OPEN.length;
  if (data.charCodeAt(at) === CLOSE_ARRAY) return data.endsWith("}");
  for (;;) {
    if (data.charCodeAt(at) !== OPEN_OBJECT) return false;
    const end = take(at);
    if (end <= at) return false;
    const next = data.charCodeAt(end);
    // The array's end: what follows must be the snapshot's other fields, an object's end.
    if (next === CLOSE_ARRAY) return data.endsWith("}");
    if (next !== COMMA) return false;
    at = end + 1;
  }
}

/** Where the JSON object opening at `at` ends (exclusive: one past its closing brace), or -1 if it does not. */
export function objectEnd(data: string, at: number): number {
  let depth = 0;
  for (let i = at; i < data.length; i++) {
    switch (data.charCodeAt(i)) {
      case QUOTE: {
        // Strings are most of a fixture's text: jump to their end rather than walk them.
        let end = data.indexOf('"', i + 1);
        while (end !== -1 && escaped(data, end)) end = data.indexOf('"', end + 1);
        if (end === -1) return -1;
        i = end;
        break;
      }
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        depth += 1;
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        depth -= 1;
        if (depth === 0) return data.charCodeAt(i) === CLOSE_OBJECT ? i + 1 : -1;
        break;
    }
  }
  return -1;
}

/** Whether the quote at `at` is escaped: an odd number of backslashes right before it. */
function escaped(data: string, at: number): boolean {
  let backslashes = 0;
  for (let i = at - 1; data.charCodeAt(i) === BACKSLASH; i--) backslashes += 1;
  return backslashes % 2 === 1;
}
