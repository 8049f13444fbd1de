/**
 * Writes what the clients generate from the OpenAPI document: the document itself
 * (clients/openapi.json, the Python generator's input), the TypeScript client's types and,
 * when the Python client's virtual environment exists (`npm run clients:python`), its
 * pydantic models. Run after any change to a route's schema; tests fail while they are stale.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import "../../src/app.js";
import { openApiDocument } from "../../src/openapi/document.js";
import { PROJECT_ROOT } from "../../src/paths.js";
import { openApiTypes, TYPES_FILE } from "./openapi-types.js";
import { generatePythonModels, PYTHON_MODELS_FILE, OPENAPI_FILE } from "./python-models.js";
import { pythonVenv } from "./python-venv.js";
import { runScript } from "../lib/cli.js";

/** Writes openapi.json, the TypeScript types and (with the clients' Python environment) the Python models. */
async function main(): Promise<void> {
  const document = openApiDocument();
  await writeFile(join(PROJECT_ROOT, OPENAPI_FILE), `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote ${OPENAPI_FILE}`);
  await writeFile(join(PROJECT_ROOT, TYPES_FILE), await openApiTypes(document));
  console.log(`wrote ${TYPES_FILE}`);
  const venv = await pythonVenv({ install: false });
  if (venv) {
    await generatePythonModels(venv, join(PROJECT_ROOT, OPENAPI_FILE), join(PROJECT_ROOT, PYTHON_MODELS_FILE));
    console.log(`wrote ${PYTHON_MODELS_FILE}`);
  } else {
    console.log(`skipped ${PYTHON_MODELS_FILE}: run npm run clients:python first (its virtual environment has the generator)`);
  }
}

runScript("clients:generate", main);
