import { describe, expect, it } from "vitest";
import { percentile } from "../../../scripts/lib/percentile.js";
import { ClientState, compareWithTruth, heldFixture } from "../../../scripts/bench/stream/client-state.js";
import { requestsByOperation } from "../../../scripts/bench/stream/es-counters.js";
import { LatencyHistogram } from "../../../scripts/bench/stream/latency-histogram.js";

describe("bench:stream latency histogram", () => {
  it("gives the same percentiles as the sorted-array rule for whole milliseconds", () => {
    const samples = Array.from({ length: 997 }, (_, i) => (i * 7919) % 1500);
    const histogram = new LatencyHistogram();
    for (const sample of samples) histogram.record(sample);
    const sorted = [...samples].sort((a, b) => a - b);
    for (const p of [0.01, 0.5, 0.95, 0.99, 1]) expect(histogram.percentile(p)).toBe(percentile(sorted, p));
    expect(histogram.max).toBe(sorted.at(-1));
  });

  it("merges histograms sent as sparse pairs", () => {
    const a = new LatencyHistogram();
    const b = new LatencyHistogram();
    [5, 5, 10].forEach((ms) => a.record(ms));
    [1, 200].forEach((ms) => b.record(ms));
    const merged = LatencyHistogram.fromSparse(a.sparse(), b.sparse());
    expect(merged.count).toBe(5);
    expect(merged.percentile(0.5)).toBe(5);
    expect(merged.max).toBe(200);
  });

  it("counts a writer's clock slightly ahead as 0 ms and has no percentile when empty", () => {
    const histogram = new LatencyHistogram();
    expect(histogram.percentile(0.5)).toBeNaN();
    histogram.record(-3);
    expect(histogram.percentile(0.5)).toBe(0);
  });
});

describe("bench:stream truth comparison", () => {
  const fixture = (id: number, at: string, score = 0) => ({ id, updated_at: at, scores: [score] });

  it("finds a client equal to the polled answer whatever the order", () => {
    const state = new ClientState();
    state.snapshot([heldFixture(fixture(2, "2026-01-01T00:00:00Z")), heldFixture(fixture(1, "2026-01-01T00:00:00Z"))]);
    const truth = [fixture(1, "2026-01-01T00:00:00Z"), fixture(2, "2026-01-01T00:00:00Z")].map(heldFixture);
    expect(compareWithTruth(state.fixtures, truth)).toEqual({ equal: true, missing: [], extra: [], differing: [] });
  });

  it("names missing, extra and differing fixtures", () => {
    const state = new ClientState();
    state.snapshot([heldFixture(fixture(1, "2026-01-01T00:00:00Z")), heldFixture(fixture(3, "2026-01-01T00:00:00Z"))]);
    state.change(heldFixture(fixture(3, "2026-01-01T00:01:00Z", 1)));
    const truth = [fixture(2, "2026-01-01T00:00:00Z"), fixture(3, "2026-01-01T00:02:00Z", 2)].map(heldFixture);
    expect(compareWithTruth(state.fixtures, truth)).toEqual({ equal: false, missing: [2], extra: [1], differing: [3] });
  });

  it("applies leave, and counts an older state after a newer one", () => {
    const state = new ClientState();
    state.snapshot([heldFixture(fixture(1, "2026-01-01T00:05:00Z"))]);
    state.change(heldFixture(fixture(1, "2026-01-01T00:04:00Z")));
    expect(state.violations).toBe(1);
    state.leave(1);
    expect(compareWithTruth(state.fixtures, []).equal).toBe(true);
  });
});

describe("bench:stream Elasticsearch request counts", () => {
  it("sums the service's request counts by operation from /metrics", () => {
    const text = [
      "# TYPE elasticsearch_request_duration_seconds histogram",
      'elasticsearch_request_duration_seconds_bucket{le="0.001",operation="msearch",outcome="success"} 3',
      'elasticsearch_request_duration_seconds_count{operation="msearch",outcome="success"} 40',
      'elasticsearch_request_duration_seconds_count{operation="msearch",outcome="error"} 2',
      'elasticsearch_request_duration_seconds_count{operation="search",outcome="success"} 7',
    ].join("\n");
    expect(requestsByOperation(text)).toEqual(new Map([["msearch", 42], ["search", 7]]));
  });
});
