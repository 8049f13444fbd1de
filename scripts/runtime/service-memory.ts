/**
 * How the production service is started to keep its memory small (the budget, issue 39: RSS
 * <= 200 MiB under `npm run load` and bench:capacity's climb, <= 300 MiB with 1,000 streams
 * open; docs/operations.md, "Memory", has the measurements). The Dockerfile and
 * `npm run serve:prod` spell out the same settings; every script's service child starts
 * with them (scripts/lib/service.ts).
 *
 * Measured with `npm run load` (docs/operations.md, "Memory"): Node's defaults let the heap grow to
 * about 240-380 MiB under load, mostly young-generation space and old space grown ahead of
 * need while multi-megabyte responses are parsed and built. A 1 MB semi-space and a 128 MB
 * old space keep V8 near what it uses; the bound is safe because admission control bounds
 * the requests worked on at once (docs/design.md, "Overload"). --optimize-for-size, used
 * before, kept memory as low but cost 1.2-1.8 ms of CPU per request (it gives up
 * optimisations of the compiled code). glibc's per-thread arenas and its moving mmap
 * threshold keep freed response buffers otherwise: without the two settings below, 1,000
 * streams held 294-304 MiB against 261-280 with them (bench:compare, side by side).
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=1", "--max-old-space-size=128"];

export const SERVICE_MALLOC_ENV: Readonly<Record<string, string>> = {
  // Two malloc arenas instead of eight per core: buffers freed on another thread are reused.
  MALLOC_ARENA_MAX: "2",
  // Buffers over 128 KiB (response bodies) are mmapped and go back to the system when freed.
  MALLOC_MMAP_THRESHOLD_: "131072",
};
