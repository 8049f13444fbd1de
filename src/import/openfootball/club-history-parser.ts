/**
 * Parser for `*.clubs.history.txt` files. Only renames are read: the old name is another name of
 * the same club. MERGE, MOVE and REFORM create new clubs, so their old names are not alternates.
 *
 *   == 1925/6
 *   RENAME      Millwall Athletic FC, London ⇒  Millwall FC
 *               Stoke FC, Stoke-on-Trent     ⇒  Stoke City FC
 */
import type { SourceRef } from "./source-error.js";
import { parseHeading, stripComment } from "./text-format.js";

export type ClubRename = {
  old_name: string;
  new_name: string;
  /** Season heading above the rename, e.g. "1925/6". */
  season?: string;
  source: Required<SourceRef>;
};

// Actions seen upstream; a club name may also start with capitals ("LASK Linz"), so list them.
const ACTION_RE = /^(RENAME|MERGE|MOVE|REFORM|SPLIT|DISSOLVE|FOUND)\s+(.*)$/;

export function parseClubHistoryText(text: string, file: string): ClubRename[] {
  const renames: ClubRename[] = [];
  let season: string | undefined;
  let action: string | undefined;
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const line = stripComment(rawLine);
    if (line.trim() === "") return;
    const heading = parseHeading(line);
    if (heading) {
      if (heading.level >= 2) season = heading.title;
      return;
    }
    let body = line.trim();
    const actionMatch = ACTION_RE.exec(body);
    if (actionMatch?.[1] && actionMatch[2] !== undefined) {
      action = actionMatch[1];
      body = actionMatch[2];
    } else if (!/^\s/.test(line)) {
      action = undefined; // an unindented line that is not an action ends the previous block
    }
    if (action !== "RENAME" || !body.includes("⇒")) return;
    const [from = "", to = ""] = body.split("⇒");
    const oldName = clubNameOf(from);
    const newName = clubNameOf(to);
    if (oldName === "" || newName === "") return;
    renames.push({ old_name: oldName, new_name: newName, ...(season ? { season } : {}), source: { file, line: index + 1 } });
  });
  return renames;
}

/** "Millwall Athletic FC, London" gives "Millwall Athletic FC": the city after the comma is dropped. */
function clubNameOf(text: string): string {
  return (text.split(",")[0] ?? "").trim();
}
