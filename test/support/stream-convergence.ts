import { expect } from "vitest";
import type { TestEnv } from "./test-env.js";
import type { StreamClient, StreamedFixture } from "./stream-client.js";

/**
 * Waits until a stream's client holds exactly what the polled endpoint answers, and asserts
 * it. The fixtures index is refreshed first, so the polled answer already shows every write
 * made so far (a client equal to a stale answer would prove nothing); the stream then has
 * its own delay (a poll and a round) to catch up. Returns the time it took.
 */
export async function expectConvergence(env: TestEnv, client: Pick<StreamClient, "fixtures">, polledPath: string, key: string, withinMs = 15_000): Promise<number> {
  await env.es.indices.refresh({ index: env.deps.indices.fixtures });
  const started = Date.now();
  let truth: StreamedFixture[] = [];
  for (;;) {
    const response = await env.get(polledPath, { key });
    truth = ((await response.json()) as { fixtures: StreamedFixture[] }).fixtures.sort((a, b) => a.id - b.id);
    if (JSON.stringify(client.fixtures()) === JSON.stringify(truth) || Date.now() - started > withinMs) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(client.fixtures()).toEqual(truth);
  return Date.now() - started;
}
