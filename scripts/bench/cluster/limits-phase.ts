/**
 * The limits a key has across the instances, asked of the instances directly (the proxy sends a
 * key to one instance; a client that reaches all of them, or a proxy that spreads, must not get
 * more): a key of R requests per second sending 3R, one request to each instance in turn, gets R;
 * a key capped at N streams opening N + 5, one at each instance in turn, gets N.
 */
import { request, type ClientRequest } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

/** Seconds at 3R before counting: the key's burst (two seconds of its rate) is spent in them. */
const SPEND_BURST_SECONDS = 5;

export type RateFigures = { limit: number; sentPerSecond: number; allowedPerSecond: number; refused: number; other: number; seconds: number };

export async function measureSharedRate(instanceUrls: readonly string[], key: string, limit: number, seconds: number): Promise<RateFigures> {
  const sendRate = limit * instanceUrls.length;
  const counts = { allowed: 0, refused: 0, other: 0 };
  let counting = false;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const total = SPEND_BURST_SECONDS + seconds;
  for (let i = 0; performance.now() - started < total * 1000; i++) {
    const wait = started + (i * 1000) / sendRate - performance.now();
    if (wait > 0) await sleep(wait);
    if (!counting && performance.now() - started >= SPEND_BURST_SECONDS * 1000) counting = true;
    const counted = counting;
    pending.push(
      fetch(`${instanceUrls[i % instanceUrls.length]}/types`, { headers: { "x-api-key": key } }).then(
        async (reply) => {
          await reply.arrayBuffer();
          if (!counted) return;
          if (reply.status === 200) counts.allowed += 1;
          else if (reply.status === 429) counts.refused += 1;
          else counts.other += 1;
        },
        () => void (counted && (counts.other += 1)),
      ),
    );
  }
  await Promise.all(pending);
  return { limit, sentPerSecond: sendRate, allowedPerSecond: counts.allowed / seconds, refused: counts.refused, other: counts.other, seconds };
}

export type StreamCapFigures = { cap: number; asked: number; opened: number; refused: number; other: string[] };

/** Opens `cap + 5` streams of one key, one at each instance in turn, holds them, counts, and closes them. */
export async function measureSharedStreamCap(instanceUrls: readonly string[], key: string, cap: number): Promise<StreamCapFigures> {
  const asked = cap + 5;
  const open: ClientRequest[] = [];
  const figures: StreamCapFigures = { cap, asked, opened: 0, refused: 0, other: [] };
  try {
    for (let i = 0; i < asked; i++) {
      const status = await openStream(`${instanceUrls[i % instanceUrls.length]}/livescores/stream`, key, open);
      if (status === 200) figures.opened += 1;
      else if (status === 429) figures.refused += 1;
      else figures.other.push(String(status));
    }
  } finally {
    for (const req of open) req.destroy();
  }
  return figures;
}

/** The stream's status once its head arrives; an open stream's request is kept in `open`. */
function openStream(url: string, key: string, open: ClientRequest[]): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { headers: { "x-api-key": key, accept: "text/event-stream" } });
    req.on("response", (res) => {
      if (res.statusCode === 200) open.push(req);
      else res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", () => resolve(0));
    req.end();
  });
}
