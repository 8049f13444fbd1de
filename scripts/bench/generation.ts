/**
 * `npm run bench:generation [-- --source openfootball | --source synthetic [--leagues N] [--history-seasons K]] [--now ISO]`
 *
 * What a rebuild's own process spends a fixture document on, without Elasticsearch: the source
 * read for its outline, the table walk (results only), then every fixture document generated and
 * serialized as the rebuild's client sends it (store/client.ts, `ServiceSerializer`, and the bulk
 * helper's byte count), each phase's CPU from `process.cpuUsage` and per fixture document.
 * Runs under the rebuild's 256 MB old space (package.json). For generation work (docs/scaling.md,
 * "The rebuild at scale"): compare two checkouts with this command, alternated, repeated.
 */
import { parseArgs } from "node:util";
import { buildDataSet } from "../../src/ingest/data-set.js";
import { liveHoursBefore } from "../../src/ingest/rebuild.js";
import { ServiceSerializer } from "../../src/store/client.js";
import { loadConfig } from "../../src/config.js";
import { runScript, UsageError } from "../lib/cli.js";
import { SOURCE_OPTIONS, sourceOf } from "../lib/source-args.js";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { ...SOURCE_OPTIONS, source: { type: "string", default: "synthetic" }, now: { type: "string" } } });
  const now = values.now === undefined ? new Date() : new Date(values.now);
  if (Number.isNaN(now.getTime())) throw new UsageError(`--now must be an ISO date and time, got "${values.now}"`);
  const source = sourceOf(values);
  const serializer = new ServiceSerializer();
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };

  const started = cpuMs();
  const { dataSet, summary } = await buildDataSet(source, now, (line) => console.log(line));
  const outlined = cpuMs();
  if (!dataSet.history) throw new Error("this source has no history to walk");
  // A full rebuild's walk: from the start, the next cut foreseen where the rebuild foresees it.
  const walked = await dataSet.history.walk({ kept: new Set(), resume: null, liveFrom: liveHoursBefore(now, loadConfig().indexLayout) });
  const tabled = cpuMs();
  let documents = 0;
  let bytes = 0;
  let lastReport = Date.now();
  for await (const { doc } of walked.fixtures.documents()) {
    documents++;
    bytes += Buffer.byteLength(serializer.serialize(doc as Record<string, unknown>));
    if (Date.now() - lastReport > 10_000) {
      console.log(`  ${documents.toLocaleString("en")} / ${walked.fixtures.count.toLocaleString("en")} fixture documents`);
      lastReport = Date.now();
    }
  }
  const generated = cpuMs();

  const perDocument = (ms: number) => `${(ms / documents).toFixed(3)} ms`;
  console.log(summary.join("\n"));
  console.log(`${documents.toLocaleString("en")} fixture documents, ${Math.round(bytes / documents).toLocaleString("en")} bytes each as sent`);
  console.log(`CPU per fixture document: outline ${perDocument(outlined - started)}, table walk ${perDocument(tabled - outlined)}, ` +
    `fixture walk and serializing ${perDocument(generated - tabled)}; in all ${perDocument(generated - started)}`);
}

runScript("bench:generation", main);
