import type { Client } from "@elastic/elasticsearch";
import type { IndexedDocument } from "../domain/indexed-document.js";
/** What the loader takes: `doc` may also be JSON serialized already (sent as is). */
export type LoadableDocument = { id: string; doc: object | string };

type LoadProgress = (event: { index: string; sent: number; total: number | null }) => void;

export class DroppedDocumentsError extends Error {
  constructor(
    readonly index: string,
    readonly dropped: Array<{ id: string; error: string }>,
  ) {
    super(
      `${dropped.length} document(s) were rejected by ${index}; first: ${dropped[0]?.id}: ${dropped[0]?.error}. ` +
        "Nothing was swapped in.",
    );
  }
}

/**
 * Loads documents into one new index with the client's bulk helper (batched by size,
 * two requests in flight, retried on 429). Any rejected document fails the load:
 * a rebuild must never silently lose data. Each is an `index` by id, which the client may
 * retry safely; an id given twice leaves one document, which the rebuild's count check catches.
 */
export async function bulkLoad(
  es: Client,
  index: string,
  documents: Iterable<LoadableDocument> | AsyncIterable<LoadableDocument>,
  options: {
    total?: number;
    onProgress?: LoadProgress;
    flushBytes?: number;
    concurrency?: number;
    /**
     * Where each document goes and what is sent there, when not every one goes to `index` as it is
     * (the rebuild's fixtures: the live part or history, which keeps less of them).
     */
    place?: (item: LoadableDocument) => { index: string; doc: object | string };
  } = {},
): Promise<number> {
  const dropped: Array<{ id: string; error: string }> = [];
  let sent = 0;
  const total = options.total ?? null;
  const stats = await es.helpers.bulk<LoadableDocument>({
    datasource: Array.isArray(documents) ? documents : iterate(documents),
    onDocument: (item) => {
      sent++;
      if (options.onProgress && sent % 1000 === 0) options.onProgress({ index, sent, total });
      const placed = options.place?.(item) ?? { index, doc: item.doc };
      return [{ index: { _index: placed.index, _id: item.id } }, placed.doc];
    },
    onDrop: (drop) => {
      const document = drop.document as LoadableDocument;
      dropped.push({ id: document.id, error: JSON.stringify(drop.error) });
    },
    flushBytes: options.flushBytes ?? 5_000_000,
    concurrency: options.concurrency ?? 2,
    retries: 3,
    refreshOnCompletion: false,
  });
  options.onProgress?.({ index, sent, total });
  if (dropped.length > 0 || stats.failed > 0) {
    throw new DroppedDocumentsError(index, dropped.length > 0 ? dropped : [{ id: "?", error: `${stats.failed} failed` }]);
  }
  return stats.successful;
}

async function* iterate(documents: Iterable<LoadableDocument> | AsyncIterable<LoadableDocument>) {
  yield* documents;
}

/** Writes one batch of whole documents, each into its own index by id; a rejected one fails the batch (a copy must not lose a document). */
export async function indexBatch(es: Client, items: ReadonlyArray<{ index: string; id: string; doc: object }>): Promise<void> {
  if (items.length === 0) return;
  const response = await es.bulk({ operations: items.flatMap((item) => [{ index: { _index: item.index, _id: item.id } }, item.doc]) });
  if (!response.errors) return;
  const failed = response.items.find((item) => item.index?.error)?.index;
  throw new Error(`Writing document ${failed?._id} into ${failed?._index} failed: ${failed?.error?.reason ?? failed?.error?.type ?? "unknown"}`);
}
