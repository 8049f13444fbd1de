import { once } from "node:events";
import { Agent, createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendLoadRequest } from "../../../scripts/load/answer.js";
import { keepAliveAgent } from "../../../scripts/lib/load-driver.js";

// A stand-in answering by path, to see how the load generator classes each kind of answer.
let server: Server;
let baseUrl = "";
const agent = keepAliveAgent();

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/shed") res.writeHead(503, { "retry-after": "1" }).end('{"error":"busy"}');
    else if (req.url === "/unavailable") res.writeHead(503).end('{"error":"down"}');
    else if (req.url === "/slow") setTimeout(() => res.end("{}"), 500);
    else if (req.url === "/reset") req.socket.destroy();
    else res.writeHead(200).end('{"fixtures":[]}');
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  baseUrl = typeof address === "object" && address ? `http://127.0.0.1:${address.port}` : "";
});

afterAll(() => {
  agent.destroy();
  server.close();
});

const ask = (path: string, timeoutMs = 2000) => sendLoadRequest(agent, baseUrl, "k", { kind: "t", path }, { timeoutMs });

describe("the load generator's answers", () => {
  it("counts a 200 as answered", async () => {
    expect(await ask("/ok")).toEqual({ outcome: "ok" });
  });

  it("counts a 503 with Retry-After as shed, not failed", async () => {
    expect(await ask("/shed")).toEqual({ outcome: "shed" });
  });

  it("counts a 503 without Retry-After as a failure naming the status", async () => {
    expect(await ask("/unavailable")).toEqual({ outcome: "failed", reason: 't: HTTP 503 {"error":"down"}' });
  });

  it("counts no answer in time as a timeout failure", async () => {
    expect(await ask("/slow", 50)).toEqual({ outcome: "failed", reason: "t: no answer in time" });
  });

  it("tells a connection closed unanswered on a kept-alive connection from one on a new connection", async () => {
    const fresh = new Agent({ keepAlive: true });
    try {
      expect(await sendLoadRequest(fresh, baseUrl, "k", { kind: "t", path: "/reset" }, { timeoutMs: 2000 })).toEqual({ outcome: "failed", reason: "t: ECONNRESET on a new connection" });
      expect(await sendLoadRequest(fresh, baseUrl, "k", { kind: "t", path: "/ok" }, { timeoutMs: 2000 })).toEqual({ outcome: "ok" });
      expect(await sendLoadRequest(fresh, baseUrl, "k", { kind: "t", path: "/reset" }, { timeoutMs: 2000 })).toEqual({ outcome: "failed", reason: "t: ECONNRESET on a kept-alive connection idle under 1 s" });
    } finally {
      fresh.destroy();
    }
  });
});
