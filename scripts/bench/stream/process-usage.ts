import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Client } from "@elastic/elasticsearch";
import { residentMiB } from "../../load/rss.js";

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
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * One process's highest RSS from its start (the snapshot burst included) and its CPU ms per
 * second of wall time from `measureCpu()` on (the steady state).
 */
export class ProcessMeter {
  private startedAt = Date.now();
  private startCpu: number | null;
  private maxRss = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(readonly pid: number | null) {
    this.startCpu = pid === null ? null : cpuMs(pid);
    this.timer = setInterval(() => this.sampleRss(), 1_000);
    this.sampleRss();
  }

  measureCpu(): void {
    this.startedAt = Date.now();
    this.startCpu = this.pid === null ? null : cpuMs(this.pid);
  }

  stop(): { cpuMsPerSecond: number; maxRssMiB: number } {
    clearInterval(this.timer);
    this.sampleRss();
    const end = this.pid === null ? null : cpuMs(this.pid);
    const seconds = (Date.now() - this.startedAt) / 1000;
    const cpu = end === null || this.startCpu === null ? Number.NaN : (end - this.startCpu) / seconds;
    return { cpuMsPerSecond: cpu, maxRssMiB: this.maxRss };
  }

  private sampleRss(): void {
    const resident = this.pid === null ? null : residentMiB(this.pid);
    if (resident) this.maxRss = Math.max(this.maxRss, resident.rss);
  }
}

/**
 * The Elasticsearch node's process id, from the node itself (`_nodes/_local/process`), when
 * it runs on this machine where /proc shows it; else null (its CPU is then not reported).
 */
export async function elasticsearchPid(es: Client): Promise<number | null> {
  const info = await es.nodes.info({ node_id: "_local", metric: "process" });
  const pid = Object.values(info.nodes)[0]?.process?.id;
  return typeof pid === "number" && cpuMs(pid) !== null ? pid : null;
}
