import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../../src/openapi/document.js";
import { API_TAGS } from "../../../src/openapi/tags.js";
import "../../../src/app.js";

type Operation = { tags?: string[] };
type Document = { tags?: Array<{ name: string }>; paths: Record<string, Record<string, Operation>> };

describe("the OpenAPI document's groups", () => {
  it("puts every operation in exactly one group of the list, and lists the groups in the order /docs shows them", () => {
    const document = openApiDocument() as Document;
    expect(document.tags?.map((tag) => tag.name)).toEqual(API_TAGS.map((tag) => tag.name));
    const names = new Set<string>(API_TAGS.map((tag) => tag.name));
    const untagged: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.tags?.length !== 1 || !names.has(operation.tags[0]!)) untagged.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(untagged).toEqual([]);
    expect(Object.keys(document.paths).length).toBeGreaterThanOrEqual(15);
    // Every group has an endpoint.
    const used = new Set(Object.values(document.paths).flatMap((operations) => Object.values(operations).flatMap((operation) => operation.tags ?? [])));
    expect([...names].filter((name) => !used.has(name))).toEqual([]);
  });
});
