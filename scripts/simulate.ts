/**
 * Moves the live slate forward through the live update path, beside a running service.
 *
 *   npm run simulate [-- --speed 60] [--tick 1000] [--duration SECONDS] [--until-idle] [--updates-log FILE] [--start-at ISO]
 *
 * --speed: match seconds per real second (default 1: real time); --tick: real milliseconds
 * between ticks; --duration: stop after this many real seconds; --until-idle: stop when no
 * match is in play and none kicks off within 15 match minutes; --updates-log: append one JSON
 * line per applied update; --start-at: where a fresh match clock starts (default now; a
 * successor writer goes on with its predecessor's clock instead). Like every simulator it writes only while it holds the writer lease
 * (docs/operations.md, "One writer"): beside an `npm start` that writes, it waits, and says which
 * process writes and how to start the service without its simulator. Ctrl-C
 * stops it cleanly and hands the lease over.
 */
import { hostname } from "node:os";
import { loadConfig } from "../src/config.js";
import { LiveWriter } from "../src/live/live-writer.js";
import { parseSimulatorArgs } from "../src/live/simulator-args.js";
import { appendUpdatesTo } from "../src/live/update-log.js";
import { createElasticsearchClient } from "../src/store/client.js";
import { indexNames } from "../src/store/index-names.js";
import { runScript } from "./lib/cli.js";

async function main(): Promise<void> {
  const args = parseSimulatorArgs(process.argv.slice(2));
  const config = loadConfig();
  const es = createElasticsearchClient(config.elasticsearch);
  const holder = `${hostname()} pid ${process.pid}`;
  const writer = new LiveWriter(es, indexNames(config.indexPrefix), {
    holder,
    speed: args.speed,
    tickMs: args.tickMs,
    timing: config.writer,
    untilIdle: args.untilIdle,
    ...(args.startAt ? { startAt: args.startAt } : {}),
    ...(args.durationSeconds === undefined ? {} : { durationMs: args.durationSeconds * 1000 }),
    ...(args.updatesLog ? { onUpdate: appendUpdatesTo(args.updatesLog, holder) } : {}),
    log: (line) => console.log(line),
    // Beside an `npm start` that simulates too, this one waits its turn: say so, and the way out.
    whileWaiting: "The live feed has one writer, and this simulator writes once that one stops; to move the slate at this speed, start the service with `npm start -- --no-simulate`",
  });
  process.once("SIGINT", () => void writer.stop());
  process.once("SIGTERM", () => void writer.stop());
  console.log(`Simulating the live slate of '${config.indexPrefix}' at ${args.speed}x real time while this process is the writer (Ctrl-C stops)`);
  try {
    await writer.start().done;
  } finally {
    await es.close();
  }
  console.log("Stopped");
}

runScript("simulate", main);
