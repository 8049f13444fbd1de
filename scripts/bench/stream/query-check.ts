import { Agent } from "node:http";
import { send } from "../../lib/http-send.js";
import type { StreamQuery } from "./queries.js";

/**
 * Asks every query of its polled endpoint once, before play: a 400 means the generator made
 * an invalid query (the run stops); the answers tell how many match something now.
 */
export async function describeQueries(queries: readonly StreamQuery[], serviceUrl: string, key: string): Promise<string[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const sizes: number[] = [];
  let fullPages = 0;
  try {
    for (const query of queries) {
      const reply = await send(agent, `${serviceUrl}${query.pollPath}`, { headers: { "x-api-key": key } });
      if (reply.status !== 200) throw new Error(`the generated query ${query.pollPath} was refused: ${reply.status} ${reply.body.toString().slice(0, 300)}`);
      const body = JSON.parse(reply.body.toString()) as { fixtures: unknown[]; pagination?: { has_more: boolean } };
      sizes.push(body.fixtures.length);
      if (body.pagination?.has_more) fullPages += 1;
    }
  } finally {
    agent.destroy();
  }
  const sorted = [...sizes].sort((a, b) => a - b);
  const livescores = queries.filter((query) => query.kind === "livescores").length;
  return [
    `${queries.length} distinct queries (${livescores} /livescores/stream, ${queries.length - livescores} /fixtures/search/stream), all valid; ` +
      `${sizes.filter((n) => n > 0).length} match something as play starts; fixtures per query: median ${sorted[Math.floor(sorted.length / 2)] ?? 0}, ` +
      `max ${sorted.at(-1) ?? 0}${fullPages ? ` (${fullPages} fill the polled page of 50)` : ""}`,
    ...queries.slice(0, 3).map((query) => `e.g. ${decodeURIComponent(query.streamPath)}`),
  ];
}
