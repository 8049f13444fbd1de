/** Reads every `leagues.txt` and `*.leagues.txt` under the `leagues/` folder (seasons files are not read). */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseLeaguesText, type LeagueRecord } from "./leagues-parser.js";

const LEAGUES_FILE_RE = /(^|\.)leagues\.txt$/;

export function readLeaguesDir(dir: string): LeagueRecord[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => LEAGUES_FILE_RE.test(path.posix.basename(file)))
    .sort()
    .flatMap((file) => parseLeaguesText(readFileSync(path.join(dir, file), "utf8"), file));
}
