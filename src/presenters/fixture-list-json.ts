const COMMA = Buffer.from(",");

/** `{"<key>":[fixture,...],...rest}` as one buffer: the response body of a fixture list, from each fixture's JSON chunks. */
export function fixtureListJson(key: string, fixtures: readonly Buffer[][], rest: Record<string, unknown> = {}): Buffer {
  const chunks: Buffer[] = [Buffer.from(`{${JSON.stringify(key)}:[`)];
  fixtures.forEach((fixture, i) => {
    if (i > 0) chunks.push(COMMA);
    chunks.push(...fixture);
  });
  const tail = JSON.stringify(rest);
  chunks.push(Buffer.from(tail === "{}" ? "]}" : `],${tail.slice(1)}`));
  return Buffer.concat(chunks);
}
