/** Small helpers shared by the parsers of openfootball's plain-text files (clubs, leagues). */

/** Removes a `#` comment (also `## remark`) and trailing whitespace. */
export function stripComment(line: string): string {
  const hash = line.indexOf("#");
  return (hash === -1 ? line : line.slice(0, hash)).trimEnd();
}

/**
 * Sponsor names are marked `$$Carabao$$ Cup` (or `$Emirates$ Stadium`); the marks are not part of
 * the name people write, so they are dropped and the words kept.
 */
export function stripSponsorMarks(name: string): string {
  return name.replace(/\$+/g, "").replace(/\s+/g, " ").trim();
}

export type TaggedName = {
  name: string;
  /** ISO 639-1 code from a trailing `[de]`-style tag; absent for untagged names. */
  lang?: string;
};

const LANG_TAG_RE = /^(.*?)\s*\[([a-z]{2})\]\s*$/;

/** Splits `Bayern Munich [en]` into the name and its language. */
export function parseTaggedName(raw: string): TaggedName {
  const match = LANG_TAG_RE.exec(raw.trim());
  if (match?.[1] !== undefined && match[2] !== undefined) {
    return { name: stripSponsorMarks(match[1]), lang: match[2] };
  }
  return { name: stripSponsorMarks(raw) };
}

/** Splits the `| a | b | c` list of an alternate-names line into tagged names. */
export function parseAlternateList(text: string): TaggedName[] {
  return text
    .split("|")
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map(parseTaggedName)
    .filter((tagged) => tagged.name.length > 0);
}

/** `= Country =`, `== Region ==`: the level (number of `=`) and the title; null otherwise. */
export function parseHeading(line: string): { level: number; title: string } | null {
  const match = /^\s*(=+)\s*(.*?)\s*=*\s*$/.exec(line);
  if (!match?.[1] || match[2] === undefined) return null;
  return { level: match[1].length, title: match[2] };
}
