/**
 * A fixture worker's thread (load-in-workers.ts starts it): walks its share of the fixtures
 * (fixture-share.ts) and loads them into the new version as the rebuild's own thread would, with
 * a client of its own. Tells the rebuild how many it sent as it goes, and at the end what it sent,
 * the seasons in play it placed and its part of the checkpoint. A fault is thrown: the rebuild
 * stops every worker and deletes the version. Told to stop (another worker failed), it sends
 * nothing more and ends once its bulk requests on their way have settled.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { IndexedDocument } from "../../domain/indexed-document.js";
import { bulkLoad } from "../../store/bulk-load.js";
import { createElasticsearchClient } from "../../store/client.js";
import { fixturePlacer } from "../fixture-placement.js";
import { shareDocuments } from "./fixture-share.js";
import type { StopMessage, WorkerMessage, WorkerTask } from "./load-in-workers.js";

const task = workerData as WorkerTask;
const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);
let stopped = false;
port.on("message", (message: StopMessage) => {
  if (message.kind === "stop") stopped = true;
});
// The port must not keep the thread alive once its work is done.
port.unref();

async function* untilStopped(documents: AsyncIterable<IndexedDocument>): AsyncGenerator<IndexedDocument> {
  for await (const document of documents) {
    if (stopped) return;
    yield document;
  }
}

const es = createElasticsearchClient(task.elasticsearch);
try {
  const { documents, taken } = shareDocuments(task.share);
  const inPlaySeasons = new Set<number>();
  const sent = await bulkLoad(es, task.placement.families.fixtures, untilStopped(documents), {
    onProgress: (progress) => post({ kind: "progress", sent: progress.sent }),
    place: fixturePlacer(task.placement, inPlaySeasons),
  });
  if (!stopped) post({ kind: "done", sent, inPlaySeasons: [...inPlaySeasons], taken: taken() });
} finally {
  await es.close();
}
