/**
 * Node decodes a bad percent-escape (`%FF`, a cut `%E0%A4`) to U+FFFD and lets NUL and
 * other control characters through, so without this check `q=%FF` would search for
 * "\uFFFD" and an id list could carry a NUL into a log line. Any parameter, known or
 * not, that does not decode to clean UTF-8 text makes the request a 400 naming it.
 */

/** A `%` that starts no escape is a literal percent sign, as Node's parser reads it. */
const LONE_PERCENT = /%(?![0-9A-Fa-f]{2})/g;
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const MAX_NAME_IN_MESSAGE = 64;

function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(LONE_PERCENT, "%25").replaceAll("+", " "));
  } catch {
    return null;
  }
}

function shown(name: string): string {
  return name.length > MAX_NAME_IN_MESSAGE ? `${name.slice(0, MAX_NAME_IN_MESSAGE)}...` : name;
}

/** The 400 text for the first malformed parameter of a raw query string, or null when all are clean. */
export function malformedQueryMessage(querystring: string): string | null {
  // The common case costs one decode: a clean string is clean in every part.
  if (!querystring.includes("%")) return null;
  const whole = decode(querystring);
  if (whole !== null && !CONTROL_CHARACTER.test(whole)) return null;
  for (const pair of querystring.split("&")) {
    const separator = pair.indexOf("=");
    const rawName = separator === -1 ? pair : pair.slice(0, separator);
    const name = decode(rawName);
    // A bad name is shown as sent (still percent-encoded), so the message stays printable.
    if (name === null) return `Parameter name ${shown(rawName)} is not valid UTF-8: check its percent-escapes`;
    if (CONTROL_CHARACTER.test(name)) return `Parameter name ${shown(rawName)} must not contain control characters such as %00`;
    const value = separator === -1 ? "" : decode(pair.slice(separator + 1));
    if (value === null) return `${shown(name)} is not valid UTF-8: check its percent-escapes`;
    if (CONTROL_CHARACTER.test(value)) return `${shown(name)} must not contain control characters such as %00`;
  }
  return null;
}
