/**
 * `npm run fuzz [-- --requests 5000 --port 9200 --seed N --log FILE]`: schemathesis against
 * the service's own /openapi.json, with a valid key.
 *
 * Installs the pinned schemathesis into a virtual environment under the cache directory
 * (once), makes sure the local node answers, loads a synthetic data set and a key under an
 * index prefix of its own (deleted at the end), starts the service and lets schemathesis
 * generate valid and invalid requests for every operation (`--max-examples` spread so the
 * run sends at least `--requests`). Checks: no 5xx, every status code, content type and body
 * as documented. Prints the number of requests sent and the failures; exit code 1 on any
 * failure or when fewer requests than asked were generated.
 *
 * With `--log FILE` (what `.ci/run` uses) schemathesis's own output goes to FILE and is
 * printed only when the run fails: its closing banner (`=== 3 warnings in 20.31s ===`) has
 * the shape of a pytest summary, and a CI reader would take it for a test run that ran no
 * test. Either way the run ends on one summary line in words of our own.
 */
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parseFuzzReport, type FuzzReport } from "./fuzz/report.js";
import { ensureSchemathesis, run } from "./fuzz/schemathesis.js";
import { ensureLocalNodes, runScript, wholeOption } from "./lib/cli.js";
import { createLoadKey, loadOwnData, ownPrefix, startOwnService, type OwnData, type RunningService } from "./load/harness.js";

/**
 * What "hostile input must not break it" means here: never a 5xx, and every answer (also to
 * invalid input) one the document promises. Left out: positive_data_acceptance and
 * negative_data_rejection (the schema cannot say every rule, such as a range of at most 30
 * days, and unknown or lone parameters are ignored by design), and ignored_auth, which
 * spoils one key scheme while the valid X-API-Key header still satisfies another, which the
 * document allows (the schemes are alternatives); test/integration/auth.test.ts covers keys.
 */
export const FUZZ_CHECKS = ["not_a_server_error", "status_code_conformance", "content_type_conformance", "response_schema_conformance"];

/**
 * The streams (`/livescores/stream`, `/fixtures/search/stream`) are left out: a stream that
 * starts never ends, and schemathesis reads a whole body, so every valid request would wait
 * out the request timeout. Their parameters pass the same validation as the polled endpoints,
 * which are fuzzed, and their answers are tested in test/integration/stream*.test.ts.
 */
export const UNFUZZED_PATHS = /\/stream$/;

const log = (line: string): void => console.log(line);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      requests: { type: "string", default: "5000" },
      port: { type: "string" },
      seed: { type: "string" },
      log: { type: "string" },
    },
  });
  const requests = wholeOption(values.requests, "requests", 10, 1_000_000);
  const seed = values.seed === undefined ? Math.floor(Math.random() * 1_000_000) : wholeOption(values.seed, "seed", 0, 2 ** 31);
  const st = await ensureSchemathesis(log);
  const nodes = await ensureLocalNodes(values.port, 1, log);

  let data: OwnData | undefined;
  let service: RunningService | undefined;
  const reportDir = await mkdtemp(join(tmpdir(), "sfd-fuzz-"));
  try {
    data = await loadOwnData(nodes, ownPrefix("fuzz"), log);
    const key = await createLoadKey(data.es, data.names, "npm run fuzz");
    service = await startOwnService(nodes, data.names.prefix, { LOG_LEVEL: "warn" });
    const document = (await (await fetch(`${service.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths)
      .filter(([path]) => !UNFUZZED_PATHS.test(path))
      .reduce((sum, [, methods]) => sum + Object.keys(methods).length, 0);
    const maxExamples = Math.ceil(requests / operations);
    log(`Fuzzing ${operations} operations of ${service.url}/openapi.json, up to ${maxExamples} examples each per phase, seed ${seed} ...`);
    const reportPath = join(reportDir, "report.json");
    const stArgs = [
      "run", `${service.url}/openapi.json`,
      "--checks", FUZZ_CHECKS.join(","),
      "--exclude-path-regex", UNFUZZED_PATHS.source,
      "--header", `X-API-Key: ${key}`,
      "--max-examples", String(maxExamples),
      "--seed", String(seed),
      "--workers", "2",
      "--request-timeout", "10",
      "--report", "json", "--report-json-path", reportPath,
      "--no-color",
    ];
    // In the report directory: schemathesis keeps its example database in the working directory.
    const logFile = values.log === undefined ? undefined : await open(values.log, "w");
    const exit = await run(st, stArgs, { cwd: reportDir, ...(logFile ? { outputFile: logFile.fd } : {}) })
      .then(() => 0, () => 1)
      .finally(() => logFile?.close());
    const report = await readFile(reportPath, "utf8").then(parseFuzzReport, () => ({ generated: 0, failures: [], errors: [["no report written", 1]] }) as FuzzReport);
    const failed = report.failures.reduce((sum, [, count]) => sum + count, 0);
    const errored = report.errors.reduce((sum, [, count]) => sum + count, 0);
    const ok = exit === 0 && failed === 0 && errored === 0 && report.generated >= requests;
    if (!ok && values.log !== undefined) log(await readFile(values.log, "utf8"));
    console.log(`\nRequests generated and sent: ${report.generated} (asked for at least ${requests}).`);
    for (const [title, count] of [...report.failures, ...report.errors]) console.log(`  ${count} x ${title}`);
    console.log(`Reproduce with: npm run fuzz -- --requests ${requests} --seed ${seed}`);
    const where = values.log === undefined ? "" : `, schemathesis output in ${values.log}`;
    console.log(`fuzz: ${report.generated} cases generated, ${failed} failed checks, ${errored} errors, schemathesis ${exit === 0 ? "succeeded" : "reported a failure"}${where}`);
    return ok ? 0 : 1;
  } finally {
    service?.stop();
    await data?.drop();
    await rm(reportDir, { recursive: true, force: true });
  }
}

runScript("fuzz", main);
