import { describe, expect, it } from "vitest";
import { createElasticsearchClient } from "../../../src/store/client.js";
import { JsonText } from "../../../src/domain/json-text.js";

// No request is made: only the client's serializer is used.
const client = createElasticsearchClient({ nodes: ["http://127.0.0.1:9"], requestTimeoutMs: 1000, maxRetries: 0 });

describe("the client's serializer", () => {
  it("writes a document's top-level JSON text as it is, the rest as JSON.stringify would", () => {
    const doc = { id: 7, name: "a \"quoted\" name", in_play: new JsonText('[{"minute":1,"home":{"GOALS":1}}]'), tags: ["x"] };
    const text = client.serializer.serialize(doc);
    expect(JSON.parse(text)).toEqual({ id: 7, name: 'a "quoted" name', in_play: [{ minute: 1, home: { GOALS: 1 } }], tags: ["x"] });
    // The document itself is left as it was.
    expect(doc.in_play).toBeInstanceOf(JsonText);
  });

  it("writes a document of JSON text only, and one without any as before", () => {
    expect(client.serializer.serialize({ in_play: new JsonText("[]") })).toBe('{"in_play":[]}');
    expect(client.serializer.serialize({ a: 1, b: [2] })).toBe('{"a":1,"b":[2]}');
    expect(client.serializer.ndserialize([{ index: { _id: "1" } }, { a: 1, s: new JsonText("[1]") }])).toBe('{"index":{"_id":"1"}}\n{"a":1,"s":[1]}\n');
  });

  it("still writes JSON text nested deeper, through its toJSON", () => {
    expect(JSON.parse(client.serializer.serialize({ doc: { in_play: new JsonText('[{"minute":2}]') } }))).toEqual({ doc: { in_play: [{ minute: 2 }] } });
  });
});
