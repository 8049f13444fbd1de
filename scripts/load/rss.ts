import { readFileSync } from "node:fs";

/** Resident set size of a process in MiB, from /proc/<pid>/status (VmRSS); null when unreadable. */
export function residentMiB(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+([0-9]+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match?.[1] ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `everyMs` and keeps the highest value seen. */
export class RssSampler {
  max = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pid: number,
    private readonly onSample: (mib: number) => void = () => {},
  ) {}

  start(everyMs: number): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  stop(): number {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    return this.max;
  }

  private sample(): void {
    const mib = residentMiB(this.pid);
    if (mib === null) return;
    this.max = Math.max(this.max, mib);
    this.onSample(mib);
  }
}
