/**
 * The one CPU meter of scripts/: a process's user + system time from /proc/<pid>/stat, read
 * at the start and end of a window. CPU ms per request means the same on a fast or a slow
 * machine where a rate does not. Every figure (per request, per second, per target) is a
 * window of this meter divided by what the window did.
 */
import { execFileSync } from "node:child_process";
import { procFile } from "./proc.js";
import { RssSampler } from "./rss.js";

/** Clock ticks per second, the unit of /proc/<pid>/stat's times (100 on Linux nearly always). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User plus system CPU time of a process so far, in ms, or null when it is not readable. */
export function cpuMs(pid: number): number | null {
  const stat = procFile(pid, "stat");
  if (stat === null) return null;
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

export type CpuUse = {
  seconds: number;
  /** CPU ms the service (or whichever process was measured) used in the window; NaN when unreadable. */
  serviceMs: number;
  /** CPU ms of every local node together (NaN when none runs on this machine). */
  nodeMs: number;
  /** CPU ms per second of this process: the generator's own share of the cores. */
  generatorMsPerSecond: number;
};

/** The CPU ms of these processes together so far, or null when one is unreadable (or missing). */
export const cpuMsOf = (pids: ReadonlyArray<number | null>): number | null => {
  let total = 0;
  for (const pid of pids) {
    const ms = pid === null ? null : cpuMs(pid);
    if (ms === null) return null;
    total += ms;
  }
  return total;
};

const ownMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * Starts a window now; `end()` returns what each side used since. A null `servicePid` reads
 * NaN; several pids (instances behind a proxy) are read together.
 */
export function cpuWindow(servicePid: number | readonly number[] | null, nodePids: readonly number[]): { end: () => CpuUse } {
  const startedAt = performance.now();
  const servicePids = servicePid === null ? null : typeof servicePid === "number" ? [servicePid] : servicePid;
  const service0 = servicePids === null ? null : cpuMsOf(servicePids);
  const nodes0 = nodePids.length > 0 ? cpuMsOf(nodePids) : null;
  const own0 = ownMs();
  return {
    end: () => {
      const seconds = (performance.now() - startedAt) / 1000;
      const service1 = servicePids === null ? null : cpuMsOf(servicePids);
      // A node that went away (killed) mid-window makes the node figure unknown, not smaller.
      const nodes1 = nodes0 === null ? null : cpuMsOf(nodePids);
      return {
        seconds,
        serviceMs: service0 === null || service1 === null ? Number.NaN : service1 - service0,
        nodeMs: nodes0 === null || nodes1 === null ? Number.NaN : nodes1 - nodes0,
        generatorMsPerSecond: (ownMs() - own0) / seconds,
      };
    },
  };
}

/** "service 3.1 ms, node 9.8 ms (service/node 32%)" per request answered. */
export function perRequestText(use: CpuUse, answered: number): string {
  const service = use.serviceMs / answered;
  const node = use.nodeMs / answered;
  const share = Number.isNaN(node) ? "node not local" : `service/node ${((100 * service) / node).toFixed(0)}%`;
  return `service ${service.toFixed(2)} ms, node ${Number.isNaN(node) ? "-" : node.toFixed(2)} ms (${share})`;
}

/**
 * One process's highest RSS from its start (a snapshot burst included) and its CPU ms per
 * second of wall time from `measureCpu()` on (the steady state): a `cpuWindow` and an
 * `RssSampler` together, for bench:stream's phases.
 */
export class ProcessMeter {
  private window: { end: () => CpuUse };
  private readonly rss: RssSampler | null;

  constructor(readonly pid: number | null) {
    this.window = cpuWindow(pid, []);
    this.rss = pid === null ? null : new RssSampler(pid);
    this.rss?.start(1_000);
  }

  measureCpu(): void {
    this.window = cpuWindow(this.pid, []);
  }

  stop(): { cpuMsPerSecond: number; maxRssMiB: number } {
    const use = this.window.end();
    return { cpuMsPerSecond: use.serviceMs / use.seconds, maxRssMiB: this.rss?.stop() ?? 0 };
  }
}
