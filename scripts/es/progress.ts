const MB = 1024 * 1024;

export function formatProgress(received: number, total: number, elapsedMs: number): string {
  const percent = Math.min(100, Math.floor((received / total) * 100));
  const rate = elapsedMs > 0 ? received / MB / (elapsedMs / 1000) : 0;
  return `  ${String(percent).padStart(3)}%  ${(received / MB).toFixed(1)} / ${(total / MB).toFixed(1)} MB  (${rate.toFixed(1)} MB/s)`;
}

/**
 * Returns a callback fed with the running byte count that logs one line per `stepPercent` crossed
 * (100% included), so a 130 MB download prints about twenty lines, not thousands.
 */
export function createProgressReporter(
  total: number,
  log: (line: string) => void,
  now: () => number = Date.now,
  stepPercent = 5,
): (received: number) => void {
  const started = now();
  let lastStep = 0;
  return (received) => {
    const step = Math.floor((received / total) * (100 / stepPercent));
    if (step <= lastStep) return;
    lastStep = step;
    log(formatProgress(received, total, now() - started));
  };
}
