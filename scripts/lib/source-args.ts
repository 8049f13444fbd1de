/**
 * A source given on a script's command line: `--source openfootball [--dir DIR]` or
 * `--source synthetic [--scale N | --leagues N] [--history-seasons K]` (npm run rebuild,
 * npm run check:nightly). Throws a message naming the option for anything else.
 */
import { parseArgs } from "node:util";
import { DEFAULT_OPENFOOTBALL_DIR, isSyntheticScale, isWholeNumber } from "../../src/ingest/data-set.js";
import type { SourceOptions } from "../../src/ingest/sources/load-source.js";

/** The options that name a source, for `parseArgs` (a script with options of its own adds them). */
export const SOURCE_OPTIONS = {
  source: { type: "string", default: "openfootball" },
  dir: { type: "string" },
  scale: { type: "string" },
  leagues: { type: "string" },
  "history-seasons": { type: "string" },
} as const;

type SourceValues = { source?: string; dir?: string; scale?: string; leagues?: string; "history-seasons"?: string };

export function parseSourceArgs(args: string[]): SourceOptions {
  return sourceOf(parseArgs({ args, options: SOURCE_OPTIONS }).values);
}

/** The source `SOURCE_OPTIONS`' values name. */
export function sourceOf(values: SourceValues): SourceOptions {
  const sizes = { scale: values.scale, leagues: values.leagues, historySeasons: values["history-seasons"] };
  if (values.source === "openfootball") {
    if (Object.values(sizes).some((value) => value !== undefined)) throw new Error("--scale, --leagues and --history-seasons go with --source synthetic");
    return { source: "openfootball", dir: values.dir ?? DEFAULT_OPENFOOTBALL_DIR };
  }
  if (values.source === "synthetic") {
    if (sizes.scale !== undefined && sizes.leagues !== undefined) throw new Error("--scale and --leagues are two ways to size one set: give one");
    const scale = sizes.scale === undefined ? undefined : Number(sizes.scale);
    if (scale !== undefined && !isSyntheticScale(scale)) throw new Error("--scale must be a positive integer");
    const leagues = sizes.leagues === undefined ? undefined : Number(sizes.leagues);
    if (leagues !== undefined && !isWholeNumber(leagues)) throw new Error("--leagues must be a whole number (0 or more)");
    const historySeasons = sizes.historySeasons === undefined ? undefined : Number(sizes.historySeasons);
    if (historySeasons !== undefined && !isWholeNumber(historySeasons)) throw new Error("--history-seasons must be a whole number (0 or more)");
    return {
      source: "synthetic",
      ...(scale === undefined ? {} : { scale }),
      ...(leagues === undefined ? {} : { leagues }),
      ...(historySeasons === undefined ? {} : { historySeasons }),
    };
  }
  throw new Error(`--source must be openfootball or synthetic, not ${values.source}`);
}
