/**
 * CPU per request of each target of a three-way benchmark (service, floor, raw node), read
 * from /proc/<pid>/stat around every measured slice with the load scripts' `cpuWindow`:
 * during a service slice the service's and the node's CPU, during a floor slice the floor's
 * and the node's, during a raw slice the node's. Latency ratios say how much slower the
 * service answers than the floor; these say what each request costs the machine, and whether
 * the service's own cost (service - floor) is above what merely relaying the node's answer
 * and sending the bytes costs (the floor).
 */
import { cpuWindow } from "../load/cpu-meter.js";
import type { TargetName } from "./three-way.js";

/** The processes whose CPU a benchmark reads: its service child, its floor child, the local node(s). */
export type TargetPids = { service: number; floor: number; nodes: readonly number[] };

/** CPU ms per request answered, over a target's slices: its own process's (NaN for raw) and the node's. */
export type TargetCpu = { ownMs: number; nodeMs: number };

type Totals = { ownMs: number; nodeMs: number };

/** Sums each target's CPU over its slices; `perRequest` divides by the requests it answered. */
export class TargetCpuMeter {
  readonly #totals: Record<TargetName, Totals> = { service: { ownMs: 0, nodeMs: 0 }, floor: { ownMs: 0, nodeMs: 0 }, raw: { ownMs: 0, nodeMs: 0 } };

  constructor(private readonly pids: TargetPids) {}

  /** Starts one slice of `target`; the returned function ends it. */
  slice(target: TargetName): () => void {
    // The raw node has no process of its own between the client and the node: only the node counts.
    const own = target === "raw" ? this.pids.service : this.pids[target];
    const window = cpuWindow(own, this.pids.nodes);
    return () => {
      const use = window.end();
      this.#totals[target].ownMs += target === "raw" ? Number.NaN : use.serviceMs;
      this.#totals[target].nodeMs += use.nodeMs;
    };
  }

  perRequest(target: TargetName, requests: number): TargetCpu {
    const totals = this.#totals[target];
    return { ownMs: totals.ownMs / requests, nodeMs: totals.nodeMs / requests };
  }
}

const fixed = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(2));

/**
 * One line per scenario: "CPU ms/request: service 3.21 (node 1.10), floor 1.05 (node 1.08),
 * raw node 1.02; service - floor 2.16, service/node 292%, floor/node 97%".
 */
export function cpuText(measured: Record<TargetName, { cpu: TargetCpu }>): string {
  const [service, floor, raw] = [measured.service.cpu, measured.floor.cpu, measured.raw.cpu];
  const share = (own: number, node: number) => (Number.isNaN(own / node) ? "-" : `${((100 * own) / node).toFixed(0)}%`);
  return `CPU ms/request: service ${fixed(service.ownMs)} (node ${fixed(service.nodeMs)}), floor ${fixed(floor.ownMs)} (node ${fixed(floor.nodeMs)}), ` +
    `raw node ${fixed(raw.nodeMs)}; service - floor ${fixed(service.ownMs - floor.ownMs)}, ` +
    `service/node ${share(service.ownMs, service.nodeMs)}, floor/node ${share(floor.ownMs, floor.nodeMs)}`;
}
