import { createHash } from "node:crypto";
import { createClient, type RedisClientType } from "@redis/client";
import type { Logger } from "../logger.js";

/**
 * The one connection to the engine that holds what must be the same on every instance: the keys'
 * rate limits and stream slots (docs/operations.md, "Limits across instances"). Redis, because
 * both are a few atomic steps on a counter or a set that must see every instance's requests in
 * one order, which is what Redis's single-threaded scripts give; Elasticsearch has no atomic
 * read-modify-write this cheap (a conditional write per request would cost the node a refresh
 * cycle and a retry loop), and the proxy's stick tables cannot hold a key's own limit.
 *
 * Every call is bounded by `timeoutMs`, and nothing queues while the connection is down: a call
 * then fails at once, and each caller falls back to its per-instance behaviour (the limits hold
 * per instance, as without Redis) until the connection is back. A shared limit is never worth
 * a request refused or kept waiting.
 */
export type SharedStateOptions = { url: string; timeoutMs: number; logger: Logger; onFallback?: (what: string) => void };

/** A Lua script run by its SHA-1 (EVALSHA), sent whole once when the server does not know it yet. */
export class LuaScript {
  readonly sha: string;

  constructor(readonly source: string) {
    this.sha = createHash("sha1").update(source).digest("hex");
  }
}

/**
 * Calls waiting for Redis at once, past which a call falls back at once: while Redis hangs,
 * each waiting call holds a reply slot in the client until Redis answers or the connection drops.
 */
const MAX_WAITING_CALLS = 1_000;

export class SharedState {
  private readonly client: RedisClientType;
  private connected = false;
  private waiting = 0;
  private closed = false;

  constructor(private readonly options: SharedStateOptions) {
    this.client = createClient({
      url: options.url,
      // Fail at once while disconnected instead of queueing: the caller falls back.
      disableOfflineQueue: true,
      commandOptions: { timeout: options.timeoutMs },
      socket: {
        connectTimeout: Math.max(1_000, options.timeoutMs),
        // Retry for ever, at most every 2 s: the instance keeps serving on its own meanwhile.
        reconnectStrategy: (retries: number) => Math.min(2_000, 100 * 2 ** Math.min(retries, 5)),
      },
    }) as RedisClientType;
    this.client.on("ready", () => {
      if (!this.connected) options.logger.info({ url: redactedUrl(options.url) }, "shared state connected: limits hold across instances");
      this.connected = true;
    });
    this.client.on("error", (error: Error) => {
      if (this.connected) options.logger.warn({ err: error.message }, "shared state lost: limits hold per instance until it is back");
      this.connected = false;
    });
    this.client.on("end", () => (this.connected = false));
  }

  /** Connects in the background; the instance does not wait for it to serve. */
  start(): void {
    this.client.connect().catch(() => {
      // The reconnect strategy keeps trying; the error event has said why.
    });
  }

  get isConnected(): boolean {
    return this.connected && this.client.isReady;
  }

  /**
   * Runs `script` with its keys and arguments; rejects when the engine does not answer within
   * `timeoutMs`, or at once when too many calls wait already. The client's own command timeout
   * stops at the socket write: a Redis that stops answering over a live connection (frozen,
   * partitioned without a reset) would keep every keyed request waiting, so the deadline is
   * kept here. A call past it still holds its place in the client's reply queue until Redis
   * answers or the connection drops, which is what the bound on waiting calls is for.
   */
  async run(script: LuaScript, keys: readonly string[], args: ReadonlyArray<string | number>): Promise<unknown> {
    if (!this.isConnected) throw new SharedStateUnavailableError();
    if (this.waiting >= MAX_WAITING_CALLS) throw new SharedStateUnavailableError();
    this.waiting++;
    const call = this.send(script, keys, args).finally(() => this.waiting--);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SharedStateTimeoutError(this.options.timeoutMs)), this.options.timeoutMs);
    });
    try {
      return await Promise.race([call, deadline]);
    } finally {
      clearTimeout(timer);
      // The loser of the race must not become an unhandled rejection.
      call.catch(() => {});
    }
  }

  private async send(script: LuaScript, keys: readonly string[], args: ReadonlyArray<string | number>): Promise<unknown> {
    const tail = [String(keys.length), ...keys, ...args.map(String)];
    try {
      return await this.client.sendCommand(["EVALSHA", script.sha, ...tail]);
    } catch (error) {
      if (!String((error as Error).message).startsWith("NOSCRIPT")) throw error;
      return this.client.sendCommand(["EVAL", script.source, ...tail]);
    }
  }

  /** Counts a call that fell back to the instance's own behaviour (a metric, for operators). */
  fellBack(what: string): void {
    this.options.onFallback?.(what);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close().catch(() => this.client.destroy());
  }
}

export class SharedStateUnavailableError extends Error {
  override name = "SharedStateUnavailableError";
  constructor() {
    super("the shared state is not connected");
  }
}

export class SharedStateTimeoutError extends Error {
  override name = "SharedStateTimeoutError";
  constructor(ms: number) {
    super(`the shared state did not answer within ${ms} ms`);
  }
}

/** The URL without its password, for logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}
