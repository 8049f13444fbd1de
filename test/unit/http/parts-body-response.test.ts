import { once } from "node:events";
import type { Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PartsBody } from "../../../src/http/parts-body.js";
import { compression } from "../../../src/middleware/compression.js";
import { fixtureListJson } from "../../../src/presenters/fixture-list-json.js";

/** A 300 KiB list in 201 parts, as a large fixture list is sent. */
const json = fixtureListJson("fixtures", Array.from({ length: 100 }, (_, i) => [Buffer.from(`{"id":${i},"pad":"${"x".repeat(3000)}"}`)]));
const bytes = Buffer.concat(json.parts);

let server: Server;
let port: number;

beforeAll(async () => {
  // Koa with the service's compressor in front of a route answering the list from its parts;
  // `?status=` sets another status after the body, as the cache policy sets 304.
  const app = new Koa();
  app.use(compression());
  app.use((ctx) => {
    ctx.type = "json";
    ctx.body = new PartsBody(json);
    ctx.length = json.byteLength;
    if (ctx.query.status) ctx.status = Number(ctx.query.status);
  });
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.close();
});

/** Everything the server sends for one raw HTTP/1.1 request, the connection closed after it. */
async function raw(method: string, path: string): Promise<{ head: string; body: Buffer }> {
  const socket = connect(port, "127.0.0.1");
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  socket.write(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`);
  await once(socket, "close");
  const all = Buffer.concat(chunks);
  const end = all.indexOf("\r\n\r\n");
  return { head: all.subarray(0, end).toString(), body: all.subarray(end + 4) };
}

describe("a body sent from its parts", () => {
  it("goes out whole, in order, with its Content-Length, when no encoding is asked for", async () => {
    const { head, body } = await raw("GET", "/");
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toContain(`Content-Length: ${json.byteLength}`);
    expect(body.equals(bytes)).toBe(true);
  });

  it("answers HEAD with the Content-Length and not one byte of body", async () => {
    const { head, body } = await raw("HEAD", "/");
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toContain(`Content-Length: ${json.byteLength}`);
    expect(body).toHaveLength(0);
  });

  it("sends no body with a bodiless status set after it (204, 205, 304)", async () => {
    for (const status of [204, 205, 304]) {
      const { head, body } = await raw("GET", `/?status=${status}`);
      expect(head, String(status)).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(body, String(status)).toHaveLength(0);
    }
  });

  it("is joined and compressed when the client asks for br", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { "accept-encoding": "br" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    // fetch decodes br itself: the bytes it gives are the list's.
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
