/**
 * How the production service is started to keep its memory small (target: RSS under
 * 150 MB through a 5-minute mixed load, `npm run load`). The Dockerfile and
 * `npm run serve:prod` spell out the same settings; the load, chaos and fuzz scripts
 * start their service child with them.
 *
 * Measured with `npm run load -- --duration 30` (README, "Memory"): Node's defaults let the
 * heap grow to about 290-380 MiB under load, mostly young-generation space and old space
 * grown ahead of need while multi-megabyte responses are parsed and built. A 1 MB
 * semi-space with --optimize-for-size keeps V8 near what it uses; glibc's per-thread
 * arenas and its moving mmap threshold keep freed response buffers otherwise.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=1", "--optimize-for-size"];

export const SERVICE_MALLOC_ENV: Readonly<Record<string, string>> = {
  // Two malloc arenas instead of eight per core: buffers freed on another thread are reused.
  MALLOC_ARENA_MAX: "2",
  // Buffers over 128 KiB (response bodies) are mmapped and go back to the system when freed.
  MALLOC_MMAP_THRESHOLD_: "131072",
};
