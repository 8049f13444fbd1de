import { availableParallelism } from "node:os";
import { LatencyHistogram } from "./latency-histogram.js";
import { roundQuantileMs, type RoundCounts } from "./round-counters.js";
import type { OpenReply, PollReply, Sparse, StreamsReply } from "./protocol.js";

/** How the benchmark prints its figures: one short block per phase. */
export type Usage = { label: string; cpuMsPerSecond: number; maxRssMiB: number | null };
export type EsLoad = { requestsPerSecond: number; byOperation: Map<string, number>; searchesPerSecond: number; rounds: RoundCounts };

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "-");
const share = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : "-");
const MIB = 1024 * 1024;

export function latencyLine(label: string, sparse: Sparse): string {
  const histogram = LatencyHistogram.fromSparse(sparse);
  if (histogram.count === 0) return `${label}: none`;
  const p = (q: number) => `${histogram.percentile(q)}`;
  return `${label}: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms, max ${histogram.max} ms (${histogram.count.toLocaleString("en")})`;
}

/** CPU each side used while the streams opened (the snapshots' burst), in ms; null where unreadable. */
export type OpeningCpu = { serviceMs: number | null; nodeMs: number | null; loadMs: number | null };

export function openedLines(open: OpenReply, clients: number, cpu: OpeningCpu): string[] {
  const lines = [`${open.opened}/${clients} streams open in ${fixed(open.seconds, 1)} s; ${latencyLine("snapshot time to first event", open.snapshotMs)}`];
  const ms = (value: number | null) => (value === null ? "?" : fixed(value));
  const cores = availableParallelism();
  lines.push(
    `CPU while they opened: service ${ms(cpu.serviceMs)} ms, node ${ms(cpu.nodeMs)} ms, load process ${ms(cpu.loadMs)} ms ` +
      `(of ${fixed(open.seconds * 1000 * cores)} ms available in ${fixed(open.seconds, 1)} s on ${cores} cores)`,
  );
  if (open.refused.length > 0) {
    const first = open.refused[0]!;
    lines.push(`${open.refused.length} refused, e.g. ${first.streamPath}: ${first.status} ${first.body.slice(0, 200)}`);
  }
  return lines;
}

export function streamsLines(report: StreamsReply): string[] {
  const lines: string[] = [];
  const all = report.instances.flatMap((instance) => instance.latency);
  const events = report.instances.reduce((sum, instance) => sum + instance.events, 0);
  lines.push(`events delivered: ${fixed(events / report.seconds)}/s (${events.toLocaleString("en")} in ${fixed(report.seconds, 1)} s)`);
  lines.push(latencyLine("write -> event latency", all));
  if (report.instances.length > 1) {
    for (const instance of report.instances) {
      lines.push(`  ${instance.instance} (${instance.clients} clients): ${fixed(instance.events / report.seconds)} events/s; ${latencyLine("latency", instance.latency)}`);
    }
  }
  lines.push(`streams dropped and reconnected: ${report.drops}${report.dropReasons.length ? ` (${report.dropReasons.map(([r, n]) => `${n} x ${r}`).join("; ")})` : ""}; older state after newer: ${report.violations}`);
  return lines;
}

export function pollLines(reply: PollReply): string[] {
  const lines = [
    `answered: ${fixed(reply.ok / reply.seconds, 1)}/s of ${reply.sent.toLocaleString("en")} sent; late (> 1 s) ${share(reply.late, reply.sent)}, shed with 503 + Retry-After ${share(reply.shed, reply.sent)}, failed ${share(reply.failed, reply.sent)}`,
    latencyLine("response time", reply.latency),
  ];
  for (const [reason, count] of reply.reasons.slice(0, 3)) lines.push(`  ${count} x ${reason}`);
  return lines;
}

export function usageLines(usages: readonly Usage[]): string[] {
  return usages.map((usage) => `${usage.label}: CPU ${fixed(usage.cpuMsPerSecond)} ms/s${usage.maxRssMiB === null ? "" : `, RSS max ${fixed(usage.maxRssMiB, 1)} MiB`}`);
}

export function esLine(load: EsLoad): string {
  const operations = [...load.byOperation].map(([operation, perSecond]) => `${operation} ${fixed(perSecond, 1)}`).join(", ");
  return `Elasticsearch: ${fixed(load.requestsPerSecond, 1)} requests/s from the service (${operations || "none"}), ${fixed(load.searchesPerSecond, 1)} searches/s on the phase's fixtures index`;
}

/** Cost follows queries, not clients: the same distinct queries at two subscriber counts. */
export function ratioLines(low: { clients: number; es: EsLoad }, high: { clients: number; es: EsLoad }, target: number): string[] {
  const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
  const requests = ratio(high.es.requestsPerSecond, low.es.requestsPerSecond);
  const searches = ratio(high.es.searchesPerSecond, low.es.searchesPerSecond);
  const verdict = (value: number) => (value <= target ? "within" : "OVER");
  return [
    `Elasticsearch cost at ${high.clients} vs ${low.clients} subscribers on the same queries: requests/s x${fixed(requests, 2)} (${verdict(requests)} ${target}), ` +
      `searches/s x${fixed(searches, 2)} (${verdict(searches)} ${target})`,
  ];
}

/**
 * What the rounds cost: their duration, the searches each sent, the service's CPU per changed
 * fixture (all services' CPU over the changed fixtures the rounds asked about), corrections.
 */
export function roundLines(rounds: RoundCounts, serviceCpuMs: number): string[] {
  if (rounds.rounds <= 0) return ["rounds: none"];
  return [
    `rounds: ${rounds.rounds.toLocaleString("en")}, duration p50 ${fixed(roundQuantileMs(rounds, 0.5))} ms, p95 ${fixed(roundQuantileMs(rounds, 0.95))} ms; ` +
      `${fixed(rounds.searches / rounds.rounds, 2)} searches per round; ${rounds.changed.toLocaleString("en")} changed fixtures asked about, ` +
      `service CPU ${fixed(rounds.changed > 0 ? serviceCpuMs / rounds.changed : Number.NaN, 2)} ms per changed fixture; ` +
      `membership corrections ${rounds.corrections} (target 0)`,
    `at the end: V8 heap in use ${fixed(rounds.heapUsedBytes / MIB, 1)} MiB, the streams' memory budget account ${fixed(rounds.streamMemoryBytes / MIB, 1)} MiB (all instances)`,
  ];
}

/** Issue 26's targets for one instance's streams, each with its figure and PASS/FAIL. */
export function targetLines(phase: { clients: number; open: OpenReply; streams: StreamsReply; usage: ReadonlyArray<Usage> }): string[] {
  const latency = LatencyHistogram.fromSparse(phase.streams.instances.flatMap((instance) => instance.latency));
  const snapshot = LatencyHistogram.fromSparse(phase.open.snapshotMs);
  const rss = phase.usage[0]?.maxRssMiB ?? Number.NaN;
  const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
  const eventP95 = latency.count > 0 ? latency.percentile(0.95) : Number.NaN;
  const snapshotP95 = snapshot.count > 0 ? snapshot.percentile(0.95) : Number.NaN;
  return [
    `targets: open ${phase.open.opened}/${phase.clients} ${verdict(phase.open.opened === phase.clients)}; ` +
      `write -> event p95 ${fixed(eventP95)} ms <= 1500 ${verdict(eventP95 <= 1500)}; ` +
      `snapshot p95 ${fixed(snapshotP95)} ms <= 2000 ${verdict(snapshotP95 <= 2000)}; ` +
      `service RSS max ${fixed(rss, 1)} MiB <= 300 ${verdict(rss <= 300)}; dropped ${phase.streams.drops} ${verdict(phase.streams.drops === 0)}`,
  ];
}
