import { procFile } from "./proc.js";

/** Resident memory of a process in MiB from /proc/<pid>/status: total, and its anonymous and file-backed parts. */
export interface Resident {
  rss: number;
  /** Heap, stacks, buffers: what the process itself allocated. */
  anon: number;
  /** Pages of mapped files, mostly the node binary's own code, shared with every node process. */
  file: number;
}

export function residentMiB(pid: number): Resident | null {
  const status = procFile(pid, "status");
  if (status === null) return null;
  const field = (name: string): number | null => {
    const match = new RegExp(`^${name}:\\s+([0-9]+) kB$`, "m").exec(status);
    return match?.[1] ? Number(match[1]) / 1024 : null;
  };
  const rss = field("VmRSS");
  return rss === null ? null : { rss, anon: field("RssAnon") ?? Number.NaN, file: field("RssFile") ?? Number.NaN };
}

/** Samples a process's RSS every `everyMs` and keeps the highest value seen, overall and since the last `windowMax()`. */
export class RssSampler {
  max = 0;
  private sinceWindow = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pid: number,
    private readonly onSample: (sample: Resident) => void = () => {},
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

  /** The highest RSS since the previous call (or the start), sampled once more now. */
  windowMax(): number {
    this.sample();
    const max = this.sinceWindow;
    this.sinceWindow = 0;
    return max;
  }

  private sample(): void {
    const sample = residentMiB(this.pid);
    if (sample === null) return;
    this.max = Math.max(this.max, sample.rss);
    this.sinceWindow = Math.max(this.sinceWindow, sample.rss);
    this.onSample(sample);
  }
}
