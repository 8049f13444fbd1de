import { describe, expect, it } from "vitest";
import { addRounds, roundCounts, roundQuantileMs, roundsBetween } from "../../../scripts/bench/stream/round-counters.js";

const metrics = (rounds: number, heapMiB: number) =>
  [
    "# HELP stream_round_duration_seconds x",
    `stream_round_duration_seconds_bucket{le="0.1"} ${rounds / 2}`,
    `stream_round_duration_seconds_bucket{le="0.5"} ${rounds}`,
    `stream_round_duration_seconds_bucket{le="+Inf"} ${rounds}`,
    `stream_round_duration_seconds_count ${rounds}`,
    `stream_round_searches_total ${rounds * 2}`,
    "stream_changed_fixtures_total 40",
    "stream_membership_corrections_total 0",
    `nodejs_heap_size_used_bytes ${heapMiB * 1024 * 1024}`,
    "stream_memory_bytes 1048576",
  ].join("\n");

describe("round counters", () => {
  it("read the rounds' counters as differences and the two gauges as the later reading found them", () => {
    const between = roundsBetween(roundCounts(metrics(10, 50)), roundCounts(metrics(30, 80)));
    expect(between.rounds).toBe(20);
    expect(between.searches).toBe(40);
    expect(between.changed).toBe(0);
    expect(between.heapUsedBytes).toBe(80 * 1024 * 1024);
    expect(between.streamMemoryBytes).toBe(1024 * 1024);
    expect(roundQuantileMs(between, 0.5)).toBeCloseTo(100);
  });

  it("sum instances, gauges included", () => {
    const both = addRounds(roundCounts(metrics(10, 50)), roundCounts(metrics(4, 30)));
    expect(both.rounds).toBe(14);
    expect(both.heapUsedBytes).toBe(80 * 1024 * 1024);
  });
});
