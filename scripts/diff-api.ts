/**
 * `npm run diff:api -- --base <git ref> [--source openfootball|synthetic] [--sample 300] [--keep] [--reuse]`
 *
 * The API differential: builds the same source at the same `now` twice, once with the code of
 * `--base` (a worktree of that ref) and once with this checkout's, each under its own prefix,
 * starts each checkout's service on its own data, and sends both the same requests (every read
 * endpoint, include set, window, `where` and `order`, both backtests and head-to-head, over a
 * sample of ids, dates, seasons, leagues and teams: scripts/diff-api/requests.ts). Every answer
 * must be byte-for-byte the same, status included, asked twice (the second answer from the
 * presented-JSON cache). Exit code 1 on any difference. Bet builders are left out: each rebuild
 * generates new ones for the demo users. The prefixes are this checkout's own (a hash of its
 * path), so two worktrees can run it on one node. `--keep` keeps both data sets; `--reuse` then
 * compares on them again without building (sound while neither side's import and rebuild code
 * changed since: the data was built by each side's own code at one `now`).
 */
import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config.js";
import { PROJECT_ROOT } from "../src/paths.js";
import { createElasticsearchClient } from "../src/store/client.js";
import { indexNames } from "../src/store/index-names.js";
import { deleteIndicesWithPrefix } from "../src/store/index-versions.js";
import { output, worktreeOf } from "./lib/checkout.js";
import { runScript, wholeOption } from "./lib/cli.js";
import { freePort, startService } from "./lib/service.js";
import { createLoadKey } from "./load/harness.js";
import { differentialRequests } from "./diff-api/requests.js";

/** Builds a checkout's data set at a fixed `now` and rebuilds it under a prefix, with that checkout's own code. */
const BUILDER = `
const [root, prefix, now, source, dir] = process.argv.slice(2);
const { buildDataSet } = await import(root + "/src/ingest/data-set.ts");
const { rebuild } = await import(root + "/src/ingest/rebuild.ts");
const { createElasticsearchClient } = await import(root + "/src/store/client.ts");
const { indexNames } = await import(root + "/src/store/index-names.ts");
const { loadConfig } = await import(root + "/src/config.ts");
const config = loadConfig({ ...process.env, INDEX_PREFIX: prefix });
const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 300000 });
const options = source === "openfootball" ? { source, dir } : { source };
const { dataSet } = await buildDataSet(options, new Date(now), () => {});
const report = await rebuild(es, indexNames(prefix), dataSet);
console.log("built " + prefix + ": " + Object.entries(report.counts).map(([k, v]) => k + " " + v).join(", "));
await es.close();
`;

type Side = { name: string; root: string; prefix: string; url?: string; child?: ChildProcess; key?: string };

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      base: { type: "string" },
      source: { type: "string", default: "openfootball" },
      sample: { type: "string", default: "300" },
      keep: { type: "boolean", default: false },
      reuse: { type: "boolean", default: false },
    },
  });
  if (!values.base) throw new Error("--base <git ref> is required (the code to compare against)");
  if (values.source !== "openfootball" && values.source !== "synthetic") throw new Error("--source must be openfootball or synthetic");
  const sample = wholeOption(values.sample, "sample", 20, 5_000);
  const log = (line: string) => console.log(line);
  const config = loadConfig();
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 120_000 });
  const own = createHash("sha1").update(PROJECT_ROOT).digest("hex").slice(0, 8);
  const base: Side = { name: "base", root: await checkout(values.base, log), prefix: `diff_api_${own}_base` };
  const head: Side = { name: "head", root: PROJECT_ROOT, prefix: `diff_api_${own}_head` };
  // One `now` for both builds (a minute ago): the live slate is placed around it.
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000).toISOString();
  const dir = join(PROJECT_ROOT, "..", "shared", "data", "openfootball");
  const builder = join(mkdtempSync(join(tmpdir(), "diff-api-")), "build.mts");
  writeFileSync(builder, BUILDER);
  try {
    const kept = values.reuse && (await Promise.all([base, head].map((side) => es.indices.existsAlias({ name: indexNames(side.prefix).fixtures })))).every(Boolean);
    if (kept) log(`Reusing the data kept under ${base.prefix}_* and ${head.prefix}_* (--reuse).`);
    for (const side of kept ? [] : [base, head]) {
      await deleteIndicesWithPrefix(es, side.prefix);
      log(`Building ${values.source} at ${now} with the ${side.name} code (${side.root})...`);
      await run(process.execPath, ["--import", "tsx", builder, side.root, side.prefix, now, values.source, dir], PROJECT_ROOT, log);
    }
    for (const side of [base, head]) await startSide(side, es);
    const paths = await differentialRequests(es, indexNames(head.prefix), sample);
    log(`Comparing ${paths.length} requests...`);
    let differing = 0;
    // The head's statuses by endpoint: a sampled request that only gets 400s compares little.
    const statuses = new Map<string, Map<number, number>>();
    for (const path of paths) {
      const endpoint = path.split("?")[0]!;
      const byStatus = statuses.get(endpoint) ?? new Map<number, number>();
      statuses.set(endpoint, byStatus);
      // Asked twice: the second answer of a fixture list comes from the presented-JSON cache.
      for (const ask of ["first", "again"]) {
        const [a, b] = await Promise.all([base, head].map((side) => answer(side, path)));
        byStatus.set(b!.status, (byStatus.get(b!.status) ?? 0) + 1);
        if (a!.status === b!.status && a!.body.equals(b!.body)) continue;
        differing++;
        if (differing <= 10) log(`  differs (${ask}): ${path}\n    ${describeDifference(a!, b!)}`);
      }
    }
    for (const [endpoint, byStatus] of [...statuses].sort()) {
      log(`  ${endpoint.padEnd(28)} ${[...byStatus].sort().map(([status, count]) => `${count} x ${status}`).join(", ")}`);
    }
    log(`${2 * paths.length - differing} of ${2 * paths.length} answers (${paths.length} requests, each twice) byte-for-byte the same; ${differing} differ.`);
    return differing === 0 ? 0 : 1;
  } finally {
    for (const side of [base, head]) side.child?.kill("SIGTERM");
    if (!values.keep && !values.reuse) for (const side of [base, head]) await deleteIndicesWithPrefix(es, side.prefix).catch(() => {});
    await es.close();
  }
}

/** A worktree of `ref` beside the system's temp files, sharing this checkout's node_modules. */
async function checkout(ref: string, log: (line: string) => void): Promise<string> {
  const { root, sha, made } = await worktreeOf(ref, "diff-api");
  if (made) {
    log(`Checked out ${ref} (${sha.slice(0, 12)}) into ${root}`);
    // Same dependencies assumed (the script compares code, not packages); a lock that differs says so.
    await symlink(join(PROJECT_ROOT, "node_modules"), join(root, "node_modules"));
    const lockDiff = await output("git", ["diff", "--stat", sha, "--", "package-lock.json"], PROJECT_ROOT);
    if (lockDiff.trim()) log(`  note: package-lock.json differs from ${ref}; the base runs with this checkout's packages`);
  }
  return root;
}

/** Each checkout's own service (its source, through tsx) on its own data, by the one launcher of scripts/. */
async function startSide(side: Side, es: ReturnType<typeof createElasticsearchClient>): Promise<void> {
  const port = await freePort();
  side.child = await startService(join(side.root, "src", "server.ts"), [], { PORT: String(port), INDEX_PREFIX: side.prefix }, { cwd: side.root });
  side.url = `http://127.0.0.1:${port}`;
  side.key = await createLoadKey(es, indexNames(side.prefix), "diff:api");
}

async function answer(side: Side, path: string): Promise<{ status: number; body: Buffer }> {
  const response = await fetch(`${side.url}${path}`, { headers: { "x-api-key": side.key!, "accept-encoding": "identity" } });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

function describeDifference(a: { status: number; body: Buffer }, b: { status: number; body: Buffer }): string {
  if (a.status !== b.status) return `status ${a.status} (base) vs ${b.status} (head)`;
  let at = 0;
  while (at < a.body.length && at < b.body.length && a.body[at] === b.body[at]) at++;
  const around = (body: Buffer) => body.subarray(Math.max(0, at - 60), at + 60).toString();
  return `first difference at byte ${at} of ${a.body.length}/${b.body.length}:\n    base ...${around(a.body)}...\n    head ...${around(b.body)}...`;
}

function run(command: string, args: string[], cwd: string, log: (line: string) => void): Promise<void> {
  return output(command, args, cwd).then((text) => {
    for (const line of text.split("\n").filter((l) => l.startsWith("built "))) log(`  ${line}`);
  });
}

runScript("diff:api", main);
