/**
 * What compressing a response costs and saves, per body: gzip at levels 1, 3 and 6 and br at
 * quality 1 and 4 (the options of src/middleware/compression.ts), CPU ms per body (the median
 * of `repeat` synchronous runs in this process) and the bytes sent. Synchronous zlib is the
 * same work the service's streams do, without their scheduling.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

type Codec = { name: string; compress: (body: Buffer) => Buffer };

export const CODECS: readonly Codec[] = [
  { name: "gzip 1", compress: (body) => gzipSync(body, { level: 1 }) },
  { name: "gzip 3", compress: (body) => gzipSync(body, { level: 3 }) },
  { name: "gzip 6", compress: (body) => gzipSync(body, { level: 6 }) },
  { name: "br 1", compress: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) },
  { name: "br 4", compress: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) },
];

function medianMs(run: () => void, repeat: number): number {
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = process.cpuUsage();
    run();
    const used = process.cpuUsage(t0);
    times.push((used.user + used.system) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/** One line per body: its size, then each codec's ms and compressed KiB. */
export function compressionLines(bodies: ReadonlyArray<{ label: string; body: Buffer }>, repeat = 21): string[] {
  return bodies.map(({ label, body }) => {
    const cells = CODECS.map((codec) => {
      const size = codec.compress(body).length;
      return `${codec.name} ${medianMs(() => codec.compress(body), repeat).toFixed(2)} ms ${(size / 1024).toFixed(1)} KiB`;
    });
    return `  ${label.padEnd(16)} ${(body.length / 1024).toFixed(1).padStart(7)} KiB | ${cells.join(" | ")}`;
  });
}
