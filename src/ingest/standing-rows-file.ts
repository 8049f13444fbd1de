import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { StandingRow } from "../domain/standings/compute.js";

/** Temporary folders of this process's row files: removed when it exits. */
const folders = new Set<string>();
let removeOnExit = false;

/**
 * The standing rows the table walk computes (and those a nightly rebuild keeps), kept on disk (one
 * JSON line per row, about 1 KB per 19 fixtures) until the standings index is loaded: the walk,
 * which plays the matches, is not repeated for them, and memory holds none of them.
 */
export class StandingRowsFile {
  readonly #folder: string;
  readonly #file: string;
  #fd: number | null;

  constructor() {
    const folder = mkdtempSync(join(tmpdir(), "sfd-standings-"));
    folders.add(folder);
    if (!removeOnExit) {
      removeOnExit = true;
      process.once("exit", () => {
        for (const known of folders) rmSync(known, { recursive: true, force: true });
      });
    }
    this.#folder = folder;
    this.#file = join(folder, "rows.ndjson");
    this.#fd = openSync(this.#file, "w");
  }

  /** A season's rows, in their order within the season. */
  add(seasonId: number, rows: readonly StandingRow[]): void {
    if (this.#fd === null) throw new Error("StandingRowsFile: rows added after close");
    if (rows.length === 0) return;
    writeSync(this.#fd, `${rows.map((row, index) => JSON.stringify([seasonId, index, row])).join("\n")}\n`);
  }

  close(): void {
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }

  /** Closed and removed unread (the walk that wrote it failed). */
  discard(): void {
    this.close();
    rmSync(this.#folder, { recursive: true, force: true });
    folders.delete(this.#folder);
  }

  /**
   * Every row written, with its season and its place in the season, in the order written. The
   * file is removed once read to its end (a rebuild reads it once); a later read fails.
   */
  async *rows(): AsyncGenerator<{ seasonId: number; index: number; row: StandingRow }> {
    const lines = createInterface({ input: createReadStream(this.#file), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      if (line === "") continue;
      const [seasonId, index, row] = JSON.parse(line) as [number, number, StandingRow];
      yield { seasonId, index, row };
    }
    rmSync(this.#folder, { recursive: true, force: true });
    folders.delete(this.#folder);
  }
}
