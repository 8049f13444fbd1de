/**
 * The benchmark's load process: the stream clients (or the pollers) of a phase, apart from
 * the service's process and the benchmark's own (which runs the simulator), so that each
 * one's CPU is its own. Driven over IPC by stream.ts (protocol.ts).
 */
import { Agent } from "node:http";
import { compareWithTruth } from "./client-state.js";
import { poll } from "./pollers.js";
import type { ConvergeReply, LoadReply, LoadRequest } from "./protocol.js";
import { StreamClients } from "./stream-clients.js";
import { polledTruth } from "./truth.js";

const OPEN_TIMEOUT_MS = 120_000;
/** Polled answers read at once by a comparison pass: with 1,000 distinct queries, one at a time took ~10 s, longer than the 10 s a burst's convergence is judged in. */
const TRUTH_READS_AT_ONCE = 8;
const PROGRESS_EVERY_MS = 10_000;

let clients: StreamClients | null = null;
let key = "";
let progress: NodeJS.Timeout | null = null;

const answer = (message: LoadReply) => process.send!(message);

process.on("message", (request: LoadRequest) => {
  handle(request).then(answer, (error: unknown) => {
    console.error(`load process: ${(error as Error).message}`);
    process.exit(1);
  });
});
process.on("disconnect", () => process.exit(0));

async function handle(request: LoadRequest): Promise<LoadReply> {
  switch (request.type) {
    case "open":
      key = request.key;
      clients = new StreamClients(request.key, request.clients, request.instances);
      return clients.opened(OPEN_TIMEOUT_MS);
    case "measure":
      clients!.resetFigures();
      progress = startProgress(clients!);
      return { reply: "done" };
    case "report":
      if (progress) clearInterval(progress);
      await clients!.settled();
      return clients!.report();
    case "converge": {
      const reply = await converge(clients!, request.deadlineMs);
      clients!.close();
      clients = null;
      return reply;
    }
    case "poll":
      return poll(request.key, request.urls, request.durationMs);
    case "close":
      if (progress) clearInterval(progress);
      clients?.close();
      clients = null;
      return { reply: "done" };
  }
}

function startProgress(open: StreamClients): NodeJS.Timeout {
  let last = open.eventsSoFar;
  let lastAt = Date.now();
  return setInterval(() => {
    const now = Date.now();
    const events = open.eventsSoFar;
    answer({ reply: "progress", line: `${open.open} streams open, ${((events - last) / ((now - lastAt) / 1000)).toFixed(0)} events/s` });
    last = events;
    lastAt = now;
  }, PROGRESS_EVERY_MS);
}

/**
 * Compares every client with its query's polled answer until all are equal or the deadline
 * passes (a window edge that moved is caught only by the streams' periodic full evaluation).
 */
async function converge(open: StreamClients, deadlineMs: number): Promise<ConvergeReply> {
  const agent = new Agent({ keepAlive: true, maxSockets: TRUTH_READS_AT_ONCE });
  const started = Date.now();
  // Every instance reads the same node: the first one answers for all.
  const base = open.instanceUrls[0]!;
  let equalAtFirst = -1;
  let examples: string[] = [];
  let firstExamples: string[] = [];
  let equal = 0;
  for (;;) {
    const truths = await polledTruths(agent, base, new Map(open.clients.map((c) => [c.spec.pollPath, c.spec.key ?? key])));
    await open.settled();
    equal = 0;
    examples = [];
    for (const client of open.clients) {
      const comparison = compareWithTruth(client.state.fixtures, truths.get(client.spec.pollPath)!);
      if (comparison.equal) equal += 1;
      else if (examples.length < 5) {
        examples.push(`${client.spec.streamPath}: missing ${comparison.missing.join(",") || "-"}, extra ${comparison.extra.join(",") || "-"}, differing ${comparison.differing.join(",") || "-"}`);
      }
    }
    if (equalAtFirst < 0) {
      equalAtFirst = equal;
      firstExamples = examples;
    }
    if (equal === open.clients.length || Date.now() - started > deadlineMs) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  agent.destroy();
  return { reply: "converge", clients: open.clients.length, equalAtFirst, equal, seconds: (Date.now() - started) / 1000, examples, firstExamples, lastEventAt: open.lastEventAt };
}

/** Every query's polled answer, `TRUTH_READS_AT_ONCE` read at a time. */
async function polledTruths(agent: Agent, base: string, keysByPath: ReadonlyMap<string, string>): Promise<Map<string, Awaited<ReturnType<typeof polledTruth>>>> {
  const truths = new Map<string, Awaited<ReturnType<typeof polledTruth>>>();
  const queue = [...keysByPath];
  const reader = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) truths.set(next[0], await polledTruth(agent, base, next[0], next[1]));
  };
  await Promise.all(Array.from({ length: TRUTH_READS_AT_ONCE }, reader));
  return truths;
}
