import { Agent } from "node:http";
import { send } from "../../lib/http-send.js";
import { LatencyHistogram } from "./latency-histogram.js";
import type { PollReply } from "./protocol.js";

/** An answer later than this is late: the client asked for once a second. */
const PERIOD_MS = 1_000;
/** After the phase, answers still awaited get this long before they count as failed. */
const GRACE_MS = 10_000;

/**
 * The polling equivalent of the streams: each client asks its query's polled endpoint once
 * a second, as a scanner does today. A client sends its next request a second after the
 * previous one was due, or at once when the answer came later than that (it never has two
 * requests in flight, like a poller with one connection); clients start spread over the
 * first second.
 */
export async function poll(key: string, urls: readonly string[], durationMs: number): Promise<PollReply> {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const latency = new LatencyHistogram();
  const reasons = new Map<string, number>();
  const totals = { sent: 0, ok: 0, late: 0, shed: 0, failed: 0 };
  const started = Date.now();
  const endsAt = started + durationMs;
  const fail = (reason: string) => {
    totals.failed += 1;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  };
  const client = async (url: string, offsetMs: number) => {
    let due = started + offsetMs;
    while (due < endsAt) {
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      const sentAt = Date.now();
      totals.sent += 1;
      try {
        const reply = await send(agent, url, { headers: { "x-api-key": key } });
        const ms = Date.now() - sentAt;
        // Turned away by admission control (503 + Retry-After): more polls than the machine answers.
        if (reply.status === 503 && reply.headers["retry-after"] !== undefined) totals.shed += 1;
        else if (reply.status !== 200) fail(`status ${reply.status}`);
        else {
          totals.ok += 1;
          latency.record(ms);
          if (ms > PERIOD_MS) totals.late += 1;
        }
      } catch (error) {
        fail((error as Error).message);
      }
      due = Math.max(due + PERIOD_MS, Date.now());
    }
  };
  const all = Promise.all(urls.map((url, i) => client(url, (i * PERIOD_MS) / urls.length)));
  const graceOver = new Promise<"grace over">((resolve) => setTimeout(() => resolve("grace over"), durationMs + GRACE_MS).unref());
  if ((await Promise.race([all, graceOver])) === "grace over") {
    // What is still in flight was sent and never answered in time.
    const unanswered = totals.sent - totals.ok - totals.shed - totals.failed;
    for (let i = 0; i < unanswered; i++) fail(`no answer within ${GRACE_MS / 1000} s after the phase`);
  }
  agent.destroy();
  return { reply: "poll", seconds: durationMs / 1000, ...totals, latency: latency.sparse(), reasons: [...reasons] };
}
