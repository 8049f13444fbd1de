import { parseHeap, parseNodeCount, parsePort, type EsOptionsInput } from "./options.js";

export type EsCommand = "start" | "stop" | "status";

export interface EsCliArgs {
  command: EsCommand | "help";
  options: EsOptionsInput;
}

export const USAGE = `Usage: tsx scripts/es.ts <start|stop|status> [--port 9200] [--nodes 1|3] [--heap 1g]

  start    download, unpack and start the local node(s); reuse them when already up
  stop     stop the node(s) this script started (all of them unless --port/--nodes is given)
  status   show each configured port: answering or not, health, node count, pid

  --port   first HTTP port (default ES_PORT or 9200); transport ports are 100 higher
  --nodes  number of nodes in the local cluster (default 1)
  --heap   JVM heap per node (default ES_HEAP, else 1g for one node, 512m per node for more)`;

/**
 * A script used wrongly (an unknown command, a bad option), for every script: runScript
 * (lib/cli.ts, which re-exports it) prints its message, naming the option and the rule, and
 * exits with code 2, so a caller tells a misuse from a failure (1). It lives here because es/
 * sits below lib/ (the provisioning lib/ starts nodes with).
 */
export class UsageError extends Error {}

const COMMANDS: readonly string[] = ["start", "stop", "status"];
const FLAGS: readonly string[] = ["--port", "--nodes", "--heap"];

/** Accepts both "--port 9201" and "--port=9201"; anything unknown is an error, never ignored. */
export function parseCliArgs(argv: readonly string[]): EsCliArgs {
  const options: EsOptionsInput = {};
  let command: EsCliArgs["command"] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--help" || arg === "-h") return { command: "help", options };
    if (!arg.startsWith("--")) {
      if (command) throw new UsageError(`Unexpected argument "${arg}"`);
      if (!COMMANDS.includes(arg)) throw new UsageError(`Unknown command "${arg}"`);
      command = arg as EsCommand;
      continue;
    }
    const eq = arg.indexOf("=");
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (!FLAGS.includes(flag)) throw new UsageError(`Unknown option ${flag}`);
    let value = eq === -1 ? undefined : arg.slice(eq + 1);
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith("--")) throw new UsageError(`${flag} needs a value`);
      i++;
    }
    try {
      if (flag === "--port") options.port = parsePort(value, flag);
      else if (flag === "--nodes") options.nodes = parseNodeCount(value, flag);
      else options.heap = parseHeap(value, flag);
    } catch (err) {
      throw err instanceof UsageError ? err : new UsageError((err as Error).message);
    }
  }
  if (!command) throw new UsageError("Missing command");
  return { command, options };
}
