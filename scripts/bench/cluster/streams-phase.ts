/**
 * A rolling restart under open streams, through the proxy: bettors' keys (each with up to its
 * cap of streams, each stream its own query) open their streams, the live writer writes, every
 * instance is restarted in turn (chaos-phase.ts, `rollingRestart`), and the clients, which
 * reconnect with Last-Event-ID as an EventSource does, are counted: reconnects, and those
 * answered with a new snapshot rather than the events they missed. Then the writer stops and
 * every client is compared with its query's polled answer until all are equal.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { LoadLink } from "../stream/load-link.js";
import type { ConvergeReply, OpenReply, StreamClientSpec, StreamsReply } from "../stream/protocol.js";
import type { StreamQuery } from "../stream/queries.js";
import { rollingRestart } from "./chaos-phase.js";
import type { ClusterTopology } from "./topology.js";

/** The comparison goes on this long at most (the target is 10 s; longer shows how far off it was). */
const CONVERGE_DEADLINE_MS = 60_000;

export type StreamsOutcome = {
  open: OpenReply;
  streams: StreamsReply;
  truth: ConvergeReply;
  /** From HAProxy seeing the last restarted instance up to the comparison that found every client equal (NaN when none did). */
  equalAfterLastBackSeconds: number;
};

export async function runStreamsUnderRestart(options: {
  load: LoadLink;
  topology: ClusterTopology;
  queries: readonly StreamQuery[];
  keys: readonly string[];
  perKey: number;
  steadySeconds: number;
  stopWriter: () => Promise<void>;
  log: (line: string) => void;
}): Promise<StreamsOutcome> {
  const { load, topology, log } = options;
  const specs: StreamClientSpec[] = options.queries.map((query, i) => ({ streamPath: query.streamPath, pollPath: query.pollPath, key: options.keys[Math.floor(i / options.perKey)]! }));
  load.fresh();
  const open = await load.ask({ type: "open", key: options.keys[0]!, clients: specs, instances: [topology.proxyUrl] });
  log(`  ${open.opened} of ${specs.length} streams open in ${open.seconds.toFixed(1)} s over ${options.keys.length} keys${open.refused.length ? `, ${open.refused.length} refused (${open.refused[0]!.status} ${open.refused[0]!.body.slice(0, 120)})` : ""}`);
  await load.ask({ type: "measure" });
  await sleep(options.steadySeconds * 1000);
  log(`  rolling restart under ${open.opened} open streams`);
  await rollingRestart(topology, log);
  const lastBackAt = Date.now();
  // The truth stands still once the writer stops; the streams then owe their last events.
  await options.stopWriter();
  const streams = await load.ask({ type: "report" });
  log(`  writer stopped; comparing every client with its polled endpoint`);
  const converging = Date.now();
  const truth = await load.ask({ type: "converge", deadlineMs: CONVERGE_DEADLINE_MS });
  const equalAfterLastBackSeconds = truth.equal === truth.clients ? (converging - lastBackAt) / 1000 + truth.seconds : Number.NaN;
  return { open, streams, truth, equalAfterLastBackSeconds };
}
