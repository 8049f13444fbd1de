import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { createInterface } from "node:readline";
import type { IndexedDocument } from "../domain/indexed-document.js";
import type { LoadableDocument } from "../store/bulk-load.js";

/**
 * A spool file holds serialized documents, one `id<TAB>json` line each (JSON never
 * contains a raw tab or newline). The rebuild generates every document into spools
 * before it creates a single index: a fault in the source or the generator then
 * leaves Elasticsearch untouched, and the load itself runs at the node's pace
 * instead of sharing the CPU with document generation.
 */
export async function writeSpool(
  file: string,
  documents: Iterable<IndexedDocument> | AsyncIterable<IndexedDocument>,
  onDocument: (count: number) => void = () => {},
): Promise<number> {
  const out = createWriteStream(file);
  let count = 0;
  for await (const { id, doc } of documents) {
    if (id.includes("\t") || id.includes("\n")) throw new Error(`document id ${JSON.stringify(id)} cannot be spooled`);
    if (!out.write(`${id}\t${JSON.stringify(doc)}\n`)) await once(out, "drain");
    onDocument(++count);
  }
  out.end();
  await once(out, "finish");
  return count;
}

export async function* readSpool(file: string): AsyncGenerator<LoadableDocument> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line === "") continue;
    const tab = line.indexOf("\t");
    yield { id: line.slice(0, tab), doc: line.slice(tab + 1) };
  }
}
