/**
 * `npm run es:start|es:stop|es:status`: the project's own local Elasticsearch, no Docker.
 * All the work is in scripts/es/; this file only parses arguments and reports.
 */
import { parseCliArgs, USAGE, UsageError } from "./es/args.js";
import { elasticsearchStatus, ElasticsearchStartError, ensureElasticsearch, stopElasticsearch, type NodeStatus } from "./es/provision.js";

const log = (line: string): void => console.log(line);

function formatStatus(row: NodeStatus): string {
  const state = row.answering ? "up  " : "down";
  const health = row.health ?? "-";
  const count = row.nodeCount === null ? "-" : `${row.nodeCount} node${row.nodeCount === 1 ? "" : "s"}`;
  const pid = row.pid === null ? "no pid" : `pid ${row.pid}`;
  const version = row.version ? `  ${row.version}` : "";
  return `${row.url}  ${state}  ${health.padEnd(6)}  ${count.padEnd(7)}  ${pid.padEnd(10)}  ${row.cluster}/${row.node}${version}`;
}

async function main(argv: readonly string[]): Promise<number> {
  const { command, options } = parseCliArgs(argv);
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

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof UsageError) {
    console.error(`${err.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(`Error: ${(err as Error).message}`);
    if (err instanceof ElasticsearchStartError) console.error(err.details);
    process.exitCode = 1;
  }
}
