import { open, stat } from "node:fs/promises";

const TAIL_BYTES = 64 * 1024;

/** Current size of a file, 0 when missing: where this run's part of an appended log begins. */
export async function fileSize(path: string): Promise<number> {
  return stat(path).then(
    (info) => info.size,
    () => 0,
  );
}

/**
 * The end of a file, no further back than `since` (logs are appended to across runs; only this
 * run's part explains its failure); null when the file is missing or has nothing new.
 */
export async function readTail(path: string, since = 0, bytes = TAIL_BYTES): Promise<string | null> {
  let handle;
  try {
    handle = await open(path, "r");
  } catch {
    return null;
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size - since, bytes);
    if (length <= 0) return null;
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer.toString("utf8").trimEnd();
  } finally {
    await handle.close();
  }
}

const ERROR_LINE = /\]\[(ERROR|FATAL)\s*\]|^Caused by: |^[\w.$]+(Exception|Error): /;

/** The log4j ERROR lines and exception headlines, without their stack frames. */
export function findErrorLines(log: string, max = 8): string[] {
  return log
    .split("\n")
    .filter((line) => ERROR_LINE.test(line))
    .slice(0, max)
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}...` : line));
}
