const COMMA = Buffer.from(",");

/**
 * A JSON body held as the buffers it is made of, in order. The fixtures' buffers are the
 * presented-JSON cache's own (src/presenters/fixture-json-cache.ts): a 1-6 MB page is sent
 * from them as they are, never copied into one buffer (src/http/parts-body.ts).
 */
export type JsonParts = { readonly parts: readonly Buffer[]; readonly byteLength: number };

/** `{"<key>":[fixture,...],...rest}`: the response body of a fixture list, from each fixture's JSON chunks. */
export function fixtureListJson(key: string, fixtures: readonly Buffer[][], rest: Record<string, unknown> = {}): JsonParts {
  const parts: Buffer[] = [Buffer.from(`{${JSON.stringify(key)}:[`)];
  fixtures.forEach((fixture, i) => {
    if (i > 0) parts.push(COMMA);
    for (const chunk of fixture) parts.push(chunk);
  });
  const tail = JSON.stringify(rest);
  parts.push(Buffer.from(tail === "{}" ? "]}" : `],${tail.slice(1)}`));
  let byteLength = 0;
  for (const part of parts) byteLength += part.length;
  return { parts, byteLength };
}
