import type { KeyCache } from "../auth/key-cache.js";
import { closeReason } from "./close-reason.js";
import type { QueryRegistry } from "./query-registry.js";
import { SSE_HEARTBEAT } from "./sse-frames.js";
import type { Subscriber } from "./subscriber.js";

/**
 * What open streams need whatever Elasticsearch says: a heartbeat on a quiet stream (so
 * proxies and clients tell it from a dead one), and the end of streams whose key was revoked.
 */
export class HubUpkeep {
  private readonly heartbeat: NodeJS.Timeout;
  private readonly keyCheck: NodeJS.Timeout;
  private checkingKeys = false;

  constructor(
    private readonly registry: QueryRegistry,
    private readonly keys: KeyCache,
    private readonly options: { heartbeatMs: number; keyCheckMs: number },
  ) {
    this.heartbeat = setInterval(() => this.beat(), Math.max(250, Math.floor(options.heartbeatMs / 2))).unref();
    this.keyCheck = setInterval(() => void this.checkKeys(), options.keyCheckMs).unref();
  }

  stop(): void {
    clearInterval(this.heartbeat);
    clearInterval(this.keyCheck);
  }

  private beat(): void {
    const quietSince = Date.now() - this.options.heartbeatMs / 2;
    for (const query of this.registry.all()) {
      for (const subscriber of query.subscribers) if (subscriber.lastWriteAt <= quietSince) subscriber.write(SSE_HEARTBEAT, false);
    }
  }

  /** A revoked key's streams end once the key cache no longer knows the key. */
  private async checkKeys(): Promise<void> {
    if (this.checkingKeys) return;
    this.checkingKeys = true;
    try {
      const byKey = new Map<string, Subscriber[]>();
      for (const query of this.registry.all()) {
        for (const subscriber of query.subscribers) {
          const same = byKey.get(subscriber.key);
          if (same) same.push(subscriber);
          else byKey.set(subscriber.key, [subscriber]);
        }
      }
      for (const [key, subscribers] of byKey) {
        const principal = await this.keys.resolve(key).catch(() => undefined);
        if (principal === null) for (const subscriber of subscribers) subscriber.close(closeReason("key-revoked", "the key was revoked"));
      }
    } finally {
      this.checkingKeys = false;
    }
  }
}
