/**
 * `npm run bench:search [-- --connections 2 --duration 10 --rounds 5 --warmup 2 --service-dir DIR]`:
 * GET /fixtures/search with 1, 3 and 10 where filters plus an order, through the service, the
 * stack floor, the bare floor and straight against the node, in rotating slices of one run:
 * the floor harness (floor/harness.ts) with the search scenarios (floor/search-scenarios.ts).
 * This file is also the floor children's entry (--floor).
 */
import { fileURLToPath } from "node:url";
import { runScript } from "../lib/cli.js";
import { runFloorBench } from "./floor/harness.js";
import { searchScenarioSet } from "./floor/search-scenarios.js";

runScript("bench:search", () => runFloorBench(searchScenarioSet(fileURLToPath(import.meta.url))));
