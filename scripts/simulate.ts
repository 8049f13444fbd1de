/**
 * Moves the live slate forward through the live update path, beside a running service.
 *
 *   npm run simulate [-- --speed 60] [--tick 1000] [--duration SECONDS] [--until-idle]
 *
 * --speed: match seconds per real second (default 1: real time); --tick: real milliseconds
 * between ticks; --duration: stop after this many real seconds; --until-idle: stop when no
 * match is in play and none kicks off within 15 match minutes. Ctrl-C stops it cleanly.
 */
import { loadConfig } from "../src/config.js";
import { parseSimulatorArgs } from "../src/live/simulator-args.js";
import { LiveSimulator } from "../src/live/simulator.js";
import { createElasticsearchClient } from "../src/store/client.js";
import { indexNames } from "../src/store/index-names.js";

async function main(): Promise<void> {
  const args = parseSimulatorArgs(process.argv.slice(2));
  const config = loadConfig();
  const es = createElasticsearchClient(config.elasticsearch);
  const stop = new AbortController();
  process.once("SIGINT", () => stop.abort());
  process.once("SIGTERM", () => stop.abort());
  const simulator = new LiveSimulator(es, indexNames(config.indexPrefix), {
    speed: args.speed,
    tickMs: args.tickMs,
    log: (line) => console.log(line),
  });
  console.log(`Simulating the live slate of '${config.indexPrefix}' at ${args.speed}x real time (Ctrl-C stops)`);
  try {
    await simulator.run({
      untilIdle: args.untilIdle,
      signal: stop.signal,
      ...(args.durationSeconds === undefined ? {} : { durationMs: args.durationSeconds * 1000 }),
    });
  } finally {
    await es.close();
  }
  console.log(`Stopped at match time ${simulator.clock().toISOString()}`);
}

main().catch((error: unknown) => {
  console.error(`simulate failed: ${(error as Error).message ?? error}`);
  process.exit(1);
});
