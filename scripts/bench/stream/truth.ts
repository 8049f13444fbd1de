import type { Agent } from "node:http";
import { send } from "../../lib/http-send.js";
import { heldFixture, type HeldFixture, type PresentedFixture } from "./client-state.js";

/** Pages read at most for one query (the stream's snapshot cap, 1000, is 20 pages of 50). */
const MAX_PAGES = 40;

/**
 * The polled endpoint's whole answer to a query, every page of it: the truth a stream
 * client must end equal to. /livescores answers in one page; /fixtures/search pages by
 * `page` until `has_more` is false.
 */
export async function polledTruth(agent: Agent, baseUrl: string, pollPath: string, key: string): Promise<HeldFixture[]> {
  const fixtures: HeldFixture[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const paged = pollPath.startsWith("/fixtures/search") ? `${pollPath}&page=${page}` : pollPath;
    const reply = await send(agent, `${baseUrl}${paged}`, { headers: { "x-api-key": key } });
    if (reply.status !== 200) throw new Error(`${paged}: ${reply.status} ${reply.body.toString().slice(0, 200)}`);
    const body = JSON.parse(reply.body.toString()) as { fixtures: PresentedFixture[]; pagination?: { has_more: boolean } };
    fixtures.push(...body.fixtures.map(heldFixture));
    if (!body.pagination?.has_more) return fixtures;
  }
  throw new Error(`${pollPath}: more than ${MAX_PAGES} pages`);
}
