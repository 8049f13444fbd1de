import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PYTHON_CLIENT_DIR, pythonVenv } from "../../scripts/clients/python-venv.js";
import { startClientHarness, type ClientHarness } from "../support/client-harness.js";
import { serveHarnessControl } from "../support/client-harness-control.js";

/**
 * The Python client's own tests (clients/python/tests, pytest) against the real service: this
 * file makes the client's virtual environment when it is missing, starts the client harness
 * with its HTTP control, runs pytest once, and turns every pytest test into one test here, so
 * that their counts are part of `npm test`'s closing line. pytest's own output is shown only
 * for a failure (its closing banner would read as a run of its own to CI's reader).
 */
const venv = (await pythonVenv({ install: true, log: (line) => process.stderr.write(`${line}\n`) }))!;
const python = join(venv, "bin", "python");

/** The pytest node ids, collected before anything runs. */
function collect(): string[] {
  const run = spawnSync(python, ["-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"], { cwd: PYTHON_CLIENT_DIR, encoding: "utf8" });
  const ids = run.stdout.split("\n").filter((line) => line.includes("::"));
  if (ids.length === 0) throw new Error(`pytest collected no test:\n${run.stdout}\n${run.stderr}`);
  return ids;
}

type Outcome = { passed: boolean; detail: string };

/** Outcomes by node id from pytest's JUnit XML (classname "tests.test_live" + name -> "tests/test_live.py::name"). */
function outcomes(xml: string): Map<string, Outcome> {
  const found = new Map<string, Outcome>();
  for (const match of xml.matchAll(/<testcase classname="([^"]+)" name="([^"]+)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const [, classname = "", name = "", , body = ""] = match;
    const id = `${classname.replace(/\./g, "/")}.py::${name.replace(/&quot;/g, '"').replace(/&amp;/g, "&")}`;
    found.set(id, { passed: !/<(failure|error|skipped)\b/.test(body), detail: body });
  }
  return found;
}

const ids = collect();
let harness: ClientHarness;
let control: Awaited<ReturnType<typeof serveHarnessControl>>;
let results = new Map<string, Outcome>();
let output = "";

beforeAll(async () => {
  harness = await startClientHarness();
  control = await serveHarnessControl(harness);
  const report = join(mkdtempSync(join(tmpdir(), "sfd-pytest-")), "junit.xml");
  const run = await new Promise<{ stdout: string }>((resolve) => {
    // Asynchronous: the harness (in this process) must keep answering while pytest runs.
    import("node:child_process").then(({ execFile }) =>
      execFile(
        python,
        ["-m", "pytest", "-q", "-p", "no:cacheprovider", `--junitxml=${report}`],
        { cwd: PYTHON_CLIENT_DIR, env: { ...process.env, SFD_HARNESS: control.url }, maxBuffer: 64 * 1024 * 1024, timeout: 540_000 },
        (_error, stdout, stderr) => resolve({ stdout: `${stdout}\n${stderr}` }),
      ),
    );
  });
  output = run.stdout;
  try {
    results = outcomes(readFileSync(report, "utf8"));
  } catch {
    // No report: every test below fails with pytest's output.
  }
}, 600_000);

afterAll(async () => {
  await control?.close();
  await harness?.close();
});

describe("the Python client (pytest)", () => {
  it.each(ids)("%s", (id) => {
    const outcome = results.get(id);
    expect(outcome, `pytest did not report ${id}:\n${output}`).toBeDefined();
    expect(outcome!.passed, `${id}\n${outcome!.detail}`).toBe(true);
  });
});
