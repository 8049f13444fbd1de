/**
 * `npm run es:start|es:stop|es:status`: the project's own local Elasticsearch, no Docker.
 * All the work is in scripts/es/; this file only parses arguments and reports.
 */
import { parseCliArgs, USAGE, UsageError } from "./es/args.js";
import { elasticsearchStatus, ensureElasticsearch, stopElasticsearch, type NodeStatus } from "./es/provision.js";
import { runScript } from "./lib/cli.js";

const log = (line: string): void => console.log(line);

function formatStatus(row: NodeStatus): string {
  const state = row.answering ? "up  " : "down";
  const health = row.health ?? "-";
  const count = row.nodeCount === null ? "-" : `${row.nodeCount} node${row.nodeCount === 1 ? "" : "s"}`;
  const pid = row.pid === null ? "no pid" : `pid ${row.pid}`;
  const version = row.version ? `  ${row.version}` : "";
  return `${row.url}  ${state}  ${health.padEnd(6)}  ${count.padEnd(7)}  ${pid.padEnd(10)}  ${row.cluster}/${row.node}${version}`;
}

/** A wrong argument's message followed by the usage. */
function withUsage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw error instanceof UsageError ? new UsageError(`${error.message}\n\n${USAGE}`) : error;
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const { command, options } = withUsage(() => parseCliArgs(argv));
  switch (command) {
    case "help":
      console.log(USAGE);
      return 0;
    case "start":
      await ensureElasticsearch({ ...options, log });
      return 0;
    case "stop":
      await stopElasticsearch({ ...options, log });
      return 0;
    case "status": {
      const rows = await elasticsearchStatus(options);
      for (const row of rows) log(formatStatus(row));
      return 0;
    }
  }
}

runScript("es", () => main(process.argv.slice(2)));
