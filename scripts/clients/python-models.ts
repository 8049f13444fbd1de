import { run } from "../fuzz/schemathesis.js";
import { join } from "node:path";
import { PYTHON_CLIENT_DIR } from "./python-venv.js";

/** The document the Python models are generated from, and the models (paths from the root). */
export const OPENAPI_FILE = "clients/openapi.json";
export const PYTHON_MODELS_FILE = "clients/python/src/sports_fixtures/models.py";

/**
 * Runs datamodel-code-generator from the client's environment. Its options live in
 * clients/python/pyproject.toml ([tool.datamodel-codegen]), read from the working directory,
 * so the Python test that checks the models for staleness generates them the same way.
 */
export async function generatePythonModels(venv: string, input: string, output: string): Promise<void> {
  await run(join(venv, "bin", "datamodel-codegen"), ["--input", input, "--output", output], { cwd: PYTHON_CLIENT_DIR });
}
