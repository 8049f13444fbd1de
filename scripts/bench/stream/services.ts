import type { ChildProcess } from "node:child_process";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, serviceEntry, startService } from "../../lib/service.js";

export type ServiceInstance = { url: string; pid: number | null; logFile: string; child: ChildProcess };

/**
 * The production service (compiled once, started with production's memory settings) as
 * child processes on the benchmark's data: a fresh one per phase, so each phase's RSS, CPU
 * and Elasticsearch counts are its own. A key may hold as many streams as the phase opens.
 * `serviceDir` (`--service-dir`): another checkout's compiled service instead of this one's.
 */
export class Services {
  private entry: string | null = null;
  private readonly running = new Set<ChildProcess>();

  constructor(
    private readonly prefix: string,
    private readonly streamsPerKey: number,
    private readonly serviceDir?: string,
  ) {}

  async start(count: number, label: string): Promise<ServiceInstance[]> {
    this.entry ??= await serviceEntry(this.serviceDir);
    const instances: ServiceInstance[] = [];
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const logFile = join(tmpdir(), `${this.prefix}-${label}-${i + 1}.log`);
      const out = await open(logFile, "w");
      try {
        const env = { PORT: String(port), INDEX_PREFIX: this.prefix, STREAMS_PER_KEY: String(this.streamsPerKey) };
        const child = await startService(this.entry, [], env, { stdout: out.fd, ...(this.serviceDir ? { cwd: this.serviceDir } : {}) });
        this.running.add(child);
        instances.push({ url: `http://127.0.0.1:${port}`, pid: child.pid ?? null, logFile, child });
      } finally {
        await out.close();
      }
    }
    return instances;
  }

  stop(instances: readonly ServiceInstance[]): void {
    for (const instance of instances) {
      instance.child.kill("SIGTERM");
      this.running.delete(instance.child);
    }
  }

  stopAll(): void {
    for (const child of this.running) child.kill("SIGTERM");
    this.running.clear();
  }
}
