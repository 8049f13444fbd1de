import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { PartsBody } from "../../../src/http/parts-body.js";
import { fixtureListJson } from "../../../src/presenters/fixture-list-json.js";

/** The chunks as a pipe sees them (flowing mode: one 'data' per pushed chunk). */
function chunksOf(body: PartsBody): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => resolve(chunks));
    body.on("error", reject);
  });
}

describe("PartsBody", () => {
  it("streams the parts' bytes in order, large parts as they are and small ones joined into writes of at least 16 KiB", async () => {
    const large = Buffer.alloc(40_000, "a");
    const small = Array.from({ length: 50 }, (_, i) => Buffer.from(`"${"b".repeat(500)}${i}"`));
    const json = fixtureListJson("fixtures", [[large], ...small.map((part) => [part]), [large]], { n: 1 });
    const chunks = await chunksOf(new PartsBody(json));

    expect(Buffer.concat(chunks).equals(Buffer.concat(json.parts))).toBe(true);
    expect(Buffer.concat(chunks).length).toBe(json.byteLength);
    // The large parts are the very buffers given (never copied).
    expect(chunks.filter((chunk) => chunk === large)).toHaveLength(2);
    // The opening, then 100 small parts (fixtures and commas, about 25 KiB) in two writes (the
    // first of at least 16 KiB, the second what was left before the large part), then the end.
    const joined = chunks.filter((chunk) => chunk !== large);
    expect(joined).toHaveLength(4);
    expect(joined[1]!.length).toBeGreaterThanOrEqual(16 * 1024);
  });

  it("streams an empty list", async () => {
    const json = fixtureListJson("fixtures", []);
    expect(Buffer.concat(await chunksOf(new PartsBody(json))).toString()).toBe('{"fixtures":[]}');
  });

  it("writes every part, tiny ones included, to a response in order with its Content-Length (writeTo)", async () => {
    const large = Buffer.alloc(40_000, "a");
    const small = Array.from({ length: 300 }, (_, i) => Buffer.from(`"${i}"`));
    const json = fixtureListJson("fixtures", [[large], ...small.map((part) => [part]), [Buffer.alloc(0)], [large]], { n: 1 });
    const server = createServer((_req, res) => {
      res.setHeader("content-length", json.byteLength);
      new PartsBody(json).writeTo(res);
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get("content-length"))).toBe(json.byteLength);
      expect(body.equals(Buffer.concat(json.parts))).toBe(true);
    } finally {
      server.close();
    }
  });
});
