/**
 * How `npm run rebuild` (and every script's rebuild child, scripts/lib/rebuild-child.ts) is
 * started: with a heap limit, so its memory follows what it keeps, not how long V8 waits to
 * collect. The rebuild streams the catalogue (docs/scaling.md, "The rebuild at scale"): it keeps
 * per-season models and table positions, and every fixture document is garbage once sent. With
 * Node's default limit (4 GB here) V8 let garbage pile up as the run grew: peak RSS 665, 810 and
 * 939 MiB at 100k, 500k and 1M fixtures. Under a 256 MB old space (Node 24) the 100k rebuild
 * peaked at 456 MiB, and the 1M rebuild held 542 MiB from 4% to 26% of its load
 * (docs/scaling.md, "The rebuild's memory").
 */
export const REBUILD_NODE_FLAGS: readonly string[] = ["--max-old-space-size=256"];
