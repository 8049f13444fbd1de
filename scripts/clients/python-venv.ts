/**
 * The Python client's virtual environment (clients/python/.venv): the client installed
 * editable with its test dependencies (pinned in clients/python/pyproject.toml, from PyPI).
 * Made again when pyproject.toml changes; `.ci/run` and the Python client's test make it.
 */
import { createHash } from "node:crypto";
import { access, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PROJECT_ROOT } from "../../src/paths.js";
import { run } from "../fuzz/schemathesis.js";
import { runScript } from "../lib/cli.js";

export const PYTHON_CLIENT_DIR = join(PROJECT_ROOT, "clients", "python");
const VENV = join(PYTHON_CLIENT_DIR, ".venv");

const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);

/** What the environment was made from: a changed pyproject.toml makes it again. */
async function fingerprint(): Promise<string> {
  return createHash("sha256").update(await readFile(join(PYTHON_CLIENT_DIR, "pyproject.toml"))).digest("hex");
}

/**
 * The environment's directory: made (or made again) when `install` is true, else null when it
 * is missing or out of date.
 */
export async function pythonVenv(options: { install: boolean; log?: (line: string) => void }): Promise<string | null> {
  // Written last: an interrupted install is redone from scratch.
  const marker = join(VENV, ".installed");
  const wanted = await fingerprint();
  if ((await exists(marker)) && (await readFile(marker, "utf8")) === wanted) return VENV;
  if (!options.install) return null;
  options.log?.(`Installing the Python client and its test dependencies into ${VENV} ...`);
  await rm(VENV, { recursive: true, force: true });
  try {
    await run("python3", ["-m", "venv", VENV]);
  } catch (error) {
    throw new Error(`python3 -m venv failed (${(error as Error).message}); on Debian install python3-venv`);
  }
  await run(join(VENV, "bin", "pip"), ["install", "--quiet", "--disable-pip-version-check", "-e", `${PYTHON_CLIENT_DIR}[test]`]);
  await writeFile(marker, wanted);
  return VENV;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runScript("clients:python", async () => {
    const venv = await pythonVenv({ install: true, log: (line) => console.log(line) });
    console.log(`Python client environment ready: ${venv}`);
  });
}
