/**
 * CPU per request of each target of a side-by-side benchmark (service, stack floor, bare
 * floor, raw node), read from /proc/<pid>/stat around every measured slice with the load
 * scripts' `cpuWindow`: during a service slice the service's and the node's CPU, during a
 * floor slice that floor's and the node's, during a raw slice the node's. Latency ratios say
 * how much slower the service answers than a floor; these say what each request costs the
 * machine: what merely relaying the node's answer and sending the bytes costs (the bare
 * floor), what the stack the service is built on adds to that (stack - floor), and what our
 * own code adds on top (service - stack).
 */
import { cpuWindow } from "../../lib/cpu.js";
import { perTarget, type TargetName } from "./targets.js";

/** The processes whose CPU a benchmark reads: its service child, its two floor children, the local node(s). */
export type TargetPids = { service: number; stack: number; floor: number; nodes: readonly number[] };

/** CPU ms per request answered, over a target's slices: its own process's (NaN for raw) and the node's. */
export type TargetCpu = { ownMs: number; nodeMs: number };

type Totals = { ownMs: number; nodeMs: number };

/** Sums each target's CPU over its slices; `perRequest` divides by the requests it answered. */
export class TargetCpuMeter {
  readonly #totals: Record<TargetName, Totals> = perTarget(() => ({ ownMs: 0, nodeMs: 0 }));

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
 * One line per scenario: "CPU ms/request: service 1.21 (node 2.60), stack 0.80 (node 2.58),
 * floor 0.40 (node 2.61), raw node 2.50; service - stack 0.41, stack - floor 0.40,
 * service/node 47%, stack/node 31%, floor/node 15%".
 */
export function cpuText(measured: Record<TargetName, { cpu: TargetCpu }>): string {
  const { service, stack, floor, raw } = perTarget((target) => measured[target].cpu);
  const share = (own: number, node: number) => (Number.isNaN(own / node) ? "-" : `${((100 * own) / node).toFixed(0)}%`);
  return `CPU ms/request: service ${fixed(service.ownMs)} (node ${fixed(service.nodeMs)}), stack ${fixed(stack.ownMs)} (node ${fixed(stack.nodeMs)}), ` +
    `floor ${fixed(floor.ownMs)} (node ${fixed(floor.nodeMs)}), raw node ${fixed(raw.nodeMs)}; ` +
    `service - stack ${fixed(service.ownMs - stack.ownMs)}, stack - floor ${fixed(stack.ownMs - floor.ownMs)}, ` +
    `service/node ${share(service.ownMs, service.nodeMs)}, stack/node ${share(stack.ownMs, stack.nodeMs)}, floor/node ${share(floor.ownMs, floor.nodeMs)}`;
}
