import { getRefId } from "@asteasolutions/zod-to-openapi";
import { describe, expect, it } from "vitest";
import "../../../src/app.js";
import { openApiDocument } from "../../../src/openapi/document.js";
import { registry } from "../../../src/openapi/registry.js";
import { z } from "../../../src/openapi/zod.js";

/**
 * The generator writes one component per name and silently keeps the first schema it
 * meets under that name, so two different schemas named alike make the document lie
 * about one of them. These tests read every zod schema the routes register and require
 * one schema per name.
 */

/** Wrappers that keep their inner schema's name (zod-to-openapi copies it onto them): not a second schema. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "nonoptional"]);

type Def = Record<string, unknown> & { type: string; innerType?: unknown; getter?: () => unknown };

function defOf(schema: z.ZodType): Def {
  return schema._zod.def as unknown as Def;
}

/** The zod schemas a value holds directly: itself, or those in an array or a plain object (route configs, shapes). */
function schemasIn(value: unknown, seen: Set<unknown>): z.ZodType[] {
  if (value === null || typeof value !== "object" || seen.has(value)) return [];
  seen.add(value);
  if (value instanceof z.ZodType) return [value];
  return Object.values(value).flatMap((entry) => schemasIn(entry, seen));
}

function childrenOf(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  // An object's shape is a lazy, non-enumerable property of its definition.
  const values = [...Object.values(def), def.type === "object" ? def.shape : undefined, def.type === "lazy" ? def.getter?.() : undefined];
  return values.flatMap((value) => schemasIn(value, new Set()));
}

/** Every name given to a schema, with the distinct schema definitions that carry it. */
function namedSchemas(roots: readonly z.ZodType[]): Map<string, Set<unknown>> {
  const names = new Map<string, Set<unknown>>();
  const visited = new Set<z.ZodType>();
  const visit = (schema: z.ZodType): void => {
    if (visited.has(schema)) return;
    visited.add(schema);
    const name = getRefId(schema);
    const def = defOf(schema);
    const inner = def.innerType instanceof z.ZodType ? def.innerType : undefined;
    // `.openapi({...})` copies a schema with the same definition object, so a definition is the schema's identity.
    if (name !== undefined && !(WRAPPERS.has(def.type) && inner && getRefId(inner) === name)) {
      names.set(name, (names.get(name) ?? new Set()).add(def));
    }
    for (const child of childrenOf(schema)) visit(child);
  };
  for (const root of roots) visit(root);
  return names;
}

const registered = () => namedSchemas(schemasIn(registry.definitions, new Set()));
const twice = (names: Map<string, Set<unknown>>) => [...names].filter(([, defs]) => defs.size > 1).map(([name]) => name);

describe("OpenAPI schema names", () => {
  it("gives every name to one schema only", () => {
    expect(twice(registered())).toEqual([]);
  });

  it("reads every component the document has (so the check above sees them all)", () => {
    const document = openApiDocument() as { components: { schemas: Record<string, unknown> } };
    expect([...registered().keys()].sort()).toEqual(Object.keys(document.components.schemas).sort());
  });

  it("finds two different schemas under one name, and not a schema with its nullable and described forms", () => {
    const item = z.object({ id: z.number() }).openapi("Item");
    const other = z.object({ id: z.number(), score: z.number() }).openapi("Item");
    const single = z.object({ id: z.number() }).openapi("Single");
    const roots = [z.object({ a: z.array(item), b: single.nullable().openapi({ description: "or null" }), c: single.optional() })];
    expect(twice(namedSchemas(roots))).toEqual([]);
    expect(twice(namedSchemas([...roots, z.object({ d: other })]))).toEqual(["Item"]);
  });
});
