/** Where a record came from, so that an error or a surprise can point at the exact line. */
export type SourceRef = {
  file: string;
  /** 1-based line number; absent when the error concerns the whole file. */
  line?: number;
};

/**
 * A malformed source file. The message always names the file (and the line or match index when
 * known) because the data is edited by hand upstream and must be fixable from the message alone.
 */
export class OpenfootballSourceError extends Error {
  readonly file: string;
  readonly line: number | undefined;

  constructor(ref: SourceRef, detail: string) {
    super(`${ref.file}${ref.line === undefined ? "" : `:${ref.line}`}: ${detail}`);
    this.name = "OpenfootballSourceError";
    this.file = ref.file;
    this.line = ref.line;
  }
}
