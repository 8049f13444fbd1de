/**
 * Progress lines for long loads: documents done, docs/s and ETA, at most one line
 * every two seconds so a terminal or a CI log stays readable.
 */
export class ProgressReporter {
  done = 0;
  private readonly started = Date.now();
  private lastLine = 0;

  constructor(
    private readonly total: number,
    private readonly log: (line: string) => void,
    private readonly intervalMs = 2_000,
  ) {}

  update(done: number, label: string): void {
    this.done = done;
    const now = Date.now();
    if (now - this.lastLine < this.intervalMs) return;
    this.lastLine = now;
    this.log(this.line(label));
  }

  finish(): void {
    this.log(this.line("done"));
  }

  private line(label: string): string {
    const seconds = Math.max((Date.now() - this.started) / 1000, 0.001);
    const rate = this.done / seconds;
    const remaining = rate > 0 ? Math.max(this.total - this.done, 0) / rate : 0;
    const percent = this.total > 0 ? Math.min(100, (this.done / this.total) * 100) : 100;
    return `  ${label.padEnd(10)} ${this.done.toLocaleString("en")}/${this.total.toLocaleString("en")} docs (${percent.toFixed(0)}%), ${Math.round(rate).toLocaleString("en")} docs/s, ETA ${remaining.toFixed(0)} s`;
  }
}
