/** What a caller may ask for; anything left out comes from the environment or the defaults. */
export interface EsOptionsInput {
  port?: number;
  nodes?: number;
  heap?: string;
}

export interface EsOptions {
  port: number;
  nodes: number;
  heap: string;
}

export const DEFAULT_HTTP_PORT = 9200;
/** Transport ports sit this far above the HTTP ports (9200 -> 9300), as Elasticsearch's defaults do. */
export const TRANSPORT_OFFSET = 100;
export const MAX_NODES = 5;

const HEAP_PATTERN = /^[1-9][0-9]*[kmg]$/i;

export function parsePort(value: string, source: string): number {
  const port = Number(value);
  if (!/^[0-9]+$/.test(value) || port < 1 || port > 65535) {
    throw new Error(`${source} must be a TCP port number, got "${value}"`);
  }
  return port;
}

export function parseNodeCount(value: string, source: string): number {
  const nodes = Number(value);
  if (!/^[0-9]+$/.test(value) || nodes < 1 || nodes > MAX_NODES) {
    throw new Error(`${source} must be a whole number from 1 to ${MAX_NODES}, got "${value}"`);
  }
  return nodes;
}

export function parseHeap(value: string, source: string): string {
  if (!HEAP_PATTERN.test(value)) {
    throw new Error(`${source} must be a JVM size such as 512m or 1g, got "${value}"`);
  }
  return value.toLowerCase();
}

/** Explicit options win over ES_PORT / ES_HEAP, which win over the defaults. */
export function resolveEsOptions(input: EsOptionsInput = {}, env: NodeJS.ProcessEnv = process.env): EsOptions {
  const nodes = input.nodes ?? 1;
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > MAX_NODES) {
    throw new Error(`nodes must be a whole number from 1 to ${MAX_NODES}, got ${nodes}`);
  }
  const port = input.port ?? (env.ES_PORT ? parsePort(env.ES_PORT, "ES_PORT") : DEFAULT_HTTP_PORT);
  const highest = port + TRANSPORT_OFFSET + nodes - 1;
  if (!Number.isInteger(port) || port < 1 || highest > 65535) {
    throw new Error(`port ${port} leaves no room for ${nodes} HTTP and transport port(s)`);
  }
  const heapSource = input.heap ?? env.ES_HEAP;
  const heap = heapSource ? parseHeap(heapSource, input.heap ? "heap" : "ES_HEAP") : nodes > 1 ? "512m" : "1g";
  return { port, nodes, heap };
}
