import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ClientHarness } from "./client-harness.js";

/**
 * The client harness over HTTP, for tests in another language (the Python client's pytest):
 * GET /info (the service's URLs and keys), POST /restart, POST /rebuild, POST /refresh (the
 * fixtures index, so that a polled answer shows every write made so far).
 */
export async function serveHarnessControl(harness: ClientHarness): Promise<{ url: string; close: () => Promise<void> }> {
  const actions: Record<string, () => Promise<unknown>> = {
    "GET /info": async () => ({
      url: harness.url,
      key: harness.key,
      standings_key: harness.standingsKey,
      bet_builder_key: harness.betBuilderKey,
      bet_builder_id: harness.betBuilderId,
      strict_url: harness.strictUrl,
      limited_key: harness.limitedKey,
    }),
    "POST /restart": () => harness.restart(),
    "POST /rebuild": () => harness.rebuild(),
    "POST /refresh": () => harness.front().es.indices.refresh({ index: harness.front().deps.indices.fixtures }),
  };
  const server: Server = createServer((request, response) => {
    const action = actions[`${request.method} ${request.url}`];
    if (!action) return void response.writeHead(404).end();
    action().then(
      (body) => response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body ?? {})),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
