/**
 * A rolling restart under open streams, through the proxy: bettors' keys (each with up to its
 * cap of streams, each stream its own query) open their streams, the live writer writes, every
 * instance is restarted in turn (chaos-phase.ts, `rollingRestart`), and the clients, which
 * reconnect with Last-Event-ID as an EventSource does, are counted: reconnects, and those
 * answered with a new snapshot rather than the events they missed. The writer stops as the last
 * instance is back (the truth then stands still); once every client's stream is open again,
 * every client is compared with its query's polled answer until all are equal. The time to
 * equal is read off the clients' own clocks: the last reconnect or event to arrive, whichever
 * came later, after which nothing changed and all were equal (reading a thousand polled answers
 * takes seconds of its own, which a comparison's time would add).
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { LoadLink } from "../stream/load-link.js";
import type { ConvergeReply, OpenReply, StreamClientSpec, StreamsReply } from "../stream/protocol.js";
import type { StreamQuery } from "../stream/queries.js";
import { rollingRestart } from "./chaos-phase.js";
import type { ClusterTopology } from "./topology.js";

/** The comparison goes on this long at most (the target is 10 s; longer shows how far off it was). */
const CONVERGE_DEADLINE_MS = 60_000;
/** How long the clients get to have their streams open again after the last instance is back. */
const RECONNECT_DEADLINE_MS = 60_000;

export type StreamsOutcome = {
  open: OpenReply;
  streams: StreamsReply;
  truth: ConvergeReply;
  /** Clients with an open stream when the comparison began, and the seconds after the last instance was back they took. */
  connected: number;
  reconnectedSeconds: number;
  /** From HAProxy seeing the last restarted instance up to the last reconnect or event, after which every client was equal (NaN when not all were). */
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
  await options.stopWriter();
  let streams = await load.ask({ type: "report" });
  while (streams.connected < open.opened && Date.now() - lastBackAt < RECONNECT_DEADLINE_MS) {
    await sleep(250);
    streams = await load.ask({ type: "report" });
  }
  // 0 when no stream had to open again after the last instance was back.
  const reconnectedSeconds = Math.max(0, (streams.lastOpenAt - lastBackAt) / 1000);
  log(`  writer stopped; ${streams.connected} of ${open.opened} streams open again ${reconnectedSeconds.toFixed(1)} s after the last instance was back; comparing every client with its polled endpoint`);
  const truth = await load.ask({ type: "converge", deadlineMs: CONVERGE_DEADLINE_MS });
  const settledAt = Math.max(streams.lastOpenAt, truth.lastEventAt, lastBackAt);
  const equalAfterLastBackSeconds = truth.equal === truth.clients ? (settledAt - lastBackAt) / 1000 : Number.NaN;
  return { open, streams, truth, connected: streams.connected, reconnectedSeconds, equalAfterLastBackSeconds };
}
