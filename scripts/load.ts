/**
 * `npm run load [-- --duration 300 --rate 100 --rss-every 10 --port 9200 --nodes 1 --rebuild]`:
 * the mixed load (fixtures, fixtures/search, search, livescores) at a steady rate against the
 * service as a child process, on a synthetic data set of its own (deleted at the end).
 * Prints the service's RSS every `--rss-every` seconds and its maximum (target < 150 MB),
 * requests sent and failed, p50/p99.
 *
 * `--rebuild`: a full rebuild (`npm run rebuild`) runs in the middle of the load; every
 * response is checked to come from a complete index (every known fixture of a by-id request
 * present), and the run reports the phases before, during and after the rebuild.
 * Exit code 1 when a request failed or the RSS target was missed.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { ensureLocalNodes, runScript, wholeOption } from "./load/cli.js";
import { createLoadKey, formatPhases, loadOwnData, ownPrefix, rebuildInChild, startOwnService, type OwnData, type RunningService } from "./load/harness.js";
import { MixedLoad } from "./load/mixed-load.js";
import { RssSampler } from "./load/rss.js";
import { completeIndexCheck, mixedRequests, sampleTargets } from "./load/targets.js";

const RSS_TARGET_MIB = 150;
const log = (line: string): void => console.log(line);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      duration: { type: "string" },
      rate: { type: "string", default: "100" },
      "rss-every": { type: "string", default: "10" },
      port: { type: "string" },
      nodes: { type: "string", default: "1" },
      rebuild: { type: "boolean", default: false },
    },
  });
  const withRebuild = values.rebuild;
  // With --rebuild the duration is the time before and again after the rebuild.
  const duration = wholeOption(values.duration ?? (withRebuild ? "15" : "300"), "duration", 1, 3600);
  const rate = wholeOption(values.rate, "rate", 1, 2000);
  const rssEvery = wholeOption(values["rss-every"], "rss-every", 1, 600);
  const nodes = await ensureLocalNodes(values.port, wholeOption(values.nodes, "nodes", 1, 5), log);

  let data: OwnData | undefined;
  let service: RunningService | undefined;
  try {
    data = await loadOwnData(nodes, ownPrefix("load"), log);
    const key = await createLoadKey(data.es, data.names, "npm run load");
    service = await startOwnService(nodes, data.names.prefix);
    const pid = service.child.pid ?? 0;
    const load = new MixedLoad({
      baseUrl: service.url,
      key,
      rate,
      next: mixedRequests(await sampleTargets(data.es, data.names)),
      ...(withRebuild ? { check: completeIndexCheck } : {}),
    });
    const started = Date.now();
    const rss = new RssSampler(pid, (m) => {
      const t = String(Math.round((Date.now() - started) / 1000)).padStart(4);
      log(`  t=${t} s  service RSS ${m.rss.toFixed(1)} MiB (anonymous ${m.anon.toFixed(1)}, files ${m.file.toFixed(1)})`);
    });
    log(`Service pid ${pid} at ${service.url} against ${nodes.join(",")}; ${rate} req/s for ${withRebuild ? `${duration} s, a rebuild, ${duration} s` : `${duration} s`}.`);
    rss.start(rssEvery * 1000);
    load.phase = withRebuild ? "before" : "steady";
    load.start();
    await sleep(duration * 1000);
    if (withRebuild) {
      load.phase = "rebuild";
      const rebuildStarted = Date.now();
      log(`${await rebuildInChild(nodes, data.names.prefix)} (${((Date.now() - rebuildStarted) / 1000).toFixed(1)} s under load)`);
      load.phase = "after";
      await sleep(duration * 1000);
    }
    const phases = await load.stop();
    const maxRss = rss.stop();
    const total = MixedLoad.total(phases);
    log(`\nService log ${service.logFile}.`);
    log(`Requests: ${total.sent} sent, ${total.failed} failed${withRebuild ? " (a by-id response missing a known fixture counts as failed)" : ""}.`);
    for (const line of formatPhases(phases)) log(line);
    log(`Service RSS max ${maxRss.toFixed(1)} MiB (target < ${RSS_TARGET_MIB}): ${maxRss < RSS_TARGET_MIB ? "met" : "NOT met"}.`);
    return total.failed === 0 && maxRss < RSS_TARGET_MIB ? 0 : 1;
  } finally {
    service?.stop();
    await data?.drop();
  }
}

runScript("load", main);
