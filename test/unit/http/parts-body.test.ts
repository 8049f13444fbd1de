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
  it("streams the parts' bytes in order, joined into one chunk: one write for zlib", async () => {
    const large = Buffer.alloc(40_000, "a");
    const small = Array.from({ length: 50 }, (_, i) => Buffer.from(`"${"b".repeat(500)}${i}"`));
    const json = fixtureListJson("fixtures", [[large], ...small.map((part) => [part]), [large]], { n: 1 });
    const chunks = await chunksOf(new PartsBody(json));

    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.equals(Buffer.concat(json.parts))).toBe(true);
    expect(chunks[0]!.length).toBe(json.byteLength);
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
