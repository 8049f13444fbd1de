import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pythonVenv } from "../../scripts/clients/python-venv.js";
import { PROJECT_ROOT } from "../../src/paths.js";
import { startClientHarness, type ClientHarness } from "../support/client-harness.js";

/**
 * The README's scanner examples, copied out of the README as they stand and run as a new user
 * runs them (the TypeScript one with tsx, importing the client by its package name; the Python
 * one with the python of a virtual environment where the client is installed), against the
 * client harness while it plays matches at speed 60: each must print fixtures entering and leaving.
 */
const README = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8");
// Inside the repository, so that the package name resolves as it does from the root; git ignores it.
const DIR = join(PROJECT_ROOT, "test", "artifacts", "readme");

/** The fenced block after `<!-- example: NAME -->`. */
function example(name: string): string {
  const found = new RegExp(`<!-- example: ${name.replace(".", "\\.")} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\\n\`\`\``).exec(README);
  if (!found) throw new Error(`the README has no example ${name}`);
  return `${found[1]}\n`;
}

let harness: ClientHarness;
const children: ChildProcess[] = [];
const WANTED = ["snapshot", "enter", "leave"];
// Both run at once, over the same matches: each test awaits its own.
let typescript: Promise<string[]>;
let python: Promise<string[]>;

beforeAll(async () => {
  const venv = (await pythonVenv({ install: true }))!;
  harness = await startClientHarness();
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, "scanner.ts"), example("scanner.ts"));
  writeFileSync(join(DIR, "scanner.py"), example("scanner.py"));
  typescript = runUntil(join(PROJECT_ROOT, "node_modules", ".bin", "tsx"), join(DIR, "scanner.ts"), WANTED);
  python = runUntil(join(venv, "bin", "python"), join(DIR, "scanner.py"), WANTED);
  // Awaited by the tests; a rejection is their failure, not an unhandled one.
  typescript.catch(() => {});
  python.catch(() => {});
}, 300_000);

afterAll(async () => {
  for (const child of children) child.kill();
  await harness?.close();
});

/** Runs a program from the repository's root until its output has every kind of line in `wanted`; returns the lines. */
function runUntil(command: string, file: string, wanted: readonly string[], timeoutMs = 110_000): Promise<string[]> {
  const child = spawn(command, [file], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, SPORTS_FIXTURES_URL: harness.url, SPORTS_FIXTURES_API_KEY: harness.key },
  });
  children.push(child);
  const lines: string[] = [];
  let errors = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no ${wanted.join("/")} lines within ${timeoutMs} ms:\n${lines.join("\n")}\n${errors}`)), timeoutMs);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      child.kill();
      if (error) reject(error);
      else resolve(lines);
    };
    let pending = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split("\n");
      pending = complete.pop()!;
      lines.push(...complete);
      if (wanted.every((kind) => lines.some((line) => line.startsWith(kind)))) finish();
    });
    child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("exit", (code) => finish(new Error(`${file} exited with ${code} before printing ${wanted.join("/")}:\n${lines.join("\n")}\n${errors}`)));
  });
}

describe("the README's scanner examples", () => {
  it("TypeScript, with npx tsx: prints the snapshot, then fixtures entering and leaving, one line each", async () => {
    const lines = await typescript;
    expect(lines[0]).toBe("state    open");
    expect(lines[1]).toMatch(/^snapshot \d+ fixtures$/);
    expect(lines.find((line) => line.startsWith("enter"))).toMatch(/^enter {4}\d+ .+ - .+$/);
    expect(lines.find((line) => line.startsWith("leave"))).toMatch(/^leave {4}\d+ /);
  }, 120_000);

  it("TypeScript snippets: the README's blocks compile against the client as it is", () => {
    const blocks = [...README.matchAll(/```ts\n([\s\S]*?)\n```/g)].map((block) => block[1]!);
    expect(blocks.length).toBe(6);
    // The search box, both backtests and the head-to-head use the first request's client; the scanner is a program of its own.
    const [firstRequest, searchBox, backtest, inPlay, scanner, headToHead] = blocks as [string, string, string, string, string, string];
    const files = [join(DIR, "first-request-and-search.ts"), join(DIR, "scanner-compiled.ts")];
    writeFileSync(files[0]!, `${firstRequest}\n${searchBox}\n${backtest}\n${inPlay}\n${headToHead}\nexport { fixtures, suggest };\n`);
    writeFileSync(files[1]!, `${scanner}\nexport {};\n`);
    const tsc = join(PROJECT_ROOT, "node_modules", ".bin", "tsc");
    const flags = ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--types", "node", "--skipLibCheck"];
    const run = spawnSync(tsc, [...flags, ...files], { cwd: PROJECT_ROOT, encoding: "utf8" });
    expect(`${run.stdout}${run.stderr}`).toBe("");
  }, 60_000);

  it("Python, in the client's virtual environment: prints the snapshot, then fixtures entering and leaving, one line each", async () => {
    const lines = await python;
    expect(lines[0]).toMatch(/^snapshot \d+ fixtures$/);
    expect(lines.find((line) => line.startsWith("enter"))).toMatch(/^enter {4}\d+ .+ - .+$/);
    expect(lines.find((line) => line.startsWith("leave"))).toMatch(/^leave {4}\d+ /);
  }, 120_000);
});
