import { ensureElasticsearch } from "../es/provision.js";
import { parsePort } from "../es/options.js";
import { UsageError } from "../es/args.js";

export { UsageError };

/** A whole-number option within bounds, or a message naming it. */
export function wholeOption(value: string | undefined, name: string, min: number, max: number): number {
  const n = Number(value);
  if (value === undefined || !/^[0-9]+$/.test(value) || n < min || n > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${value ?? ""}"`);
  }
  return n;
}

/**
 * Makes sure the local node (or `nodes`-node cluster) on `port` answers, starting it the way
 * `npm run es:start` does when it is down, and returns every node's URL.
 */
export async function ensureLocalNodes(portText: string | undefined, nodes: number, log: (line: string) => void): Promise<string[]> {
  const port = portText === undefined ? 9200 : parsePort(portText, "--port");
  await ensureElasticsearch({ port, nodes, log });
  return Array.from({ length: nodes }, (_, i) => `http://127.0.0.1:${port + i}`);
}


/**
 * Every script's entry: runs its main and turns its result into the exit code (none: whatever
 * main set, 0 unless it set one). A UsageError prints its message and exits 2; any other thrown
 * error is one line (and the `details` it carries, e.g. a failed node start's log tail) and exit
 * code 1, at once (its cleanup ran in main's own `finally`: a client or timer left open must not
 * keep a failed script alive).
 */
export function runScript(name: string, main: () => Promise<number | void>): void {
  main().then(
    (code) => {
      if (code !== undefined) process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(error.message);
        process.exit(2);
      }
      console.error(`${name} failed: ${(error as Error).message ?? error}`);
      const details = (error as { details?: unknown }).details;
      if (typeof details === "string" && details) console.error(details);
      process.exit(1);
    },
  );
}
