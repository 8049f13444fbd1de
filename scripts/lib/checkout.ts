/**
 * Another checkout of this repository for scripts that compare code (diff:api, bench:compare):
 * a detached git worktree of a ref beside the system's temp files, made once per commit and
 * kept for the next run.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { PROJECT_ROOT } from "../../src/paths.js";

/** Runs a command to its end and returns its output (stdout and stderr), or throws with its last lines. */
export async function output(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.slice(0, 3).join(" ")} failed (exit ${code}):\n${text.split("\n").slice(-12).join("\n")}`);
  return text;
}

export type Checkout = { root: string; sha: string; made: boolean };

/** A worktree of `ref` at `<tmp>/sfd-<purpose>-<sha>`, made when missing (`made`). */
export async function worktreeOf(ref: string, purpose: string): Promise<Checkout> {
  const sha = (await output("git", ["rev-parse", "--verify", `${ref}^{commit}`], PROJECT_ROOT)).trim();
  const root = join(tmpdir(), `sfd-${purpose}-${sha.slice(0, 12)}`);
  if (existsSync(root)) return { root, sha, made: false };
  await output("git", ["worktree", "add", "--detach", root, sha], PROJECT_ROOT);
  return { root, sha, made: true };
}

/**
 * `worktreeOf(ref, purpose)` with its own dependencies (`npm ci`) and then each of `npmScripts`
 * run there (`build` for a compiled service), made once per commit: a marker file says it is
 * complete, so a run cut short is prepared again. This checkout's node (Node 24 from the `node`
 * package) runs npm's scripts there too.
 */
export async function preparedWorktree(
  ref: string,
  purpose: string,
  { npmScripts = [], log }: { npmScripts?: string[]; log: (line: string) => void },
): Promise<{ root: string; sha: string; label: string }> {
  const { root, sha } = await worktreeOf(ref, purpose);
  const label = `${ref} (${sha.slice(0, 12)}, ${root})`;
  const ready = join(root, `.${purpose}-ready`);
  if (existsSync(ready)) return { root, sha, label };
  const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${join(PROJECT_ROOT, "node_modules", ".bin")}${delimiter}${process.env.PATH ?? ""}` };
  log(`Preparing the base ${ref} (${sha.slice(0, 12)}) in ${root}: ${["npm ci", ...npmScripts.map((name) => `npm run ${name}`)].join(", ")}...`);
  await output("npm", ["ci", "--no-audit", "--no-fund"], root, env);
  for (const name of npmScripts) await output("npm", ["run", name], root, env);
  await writeFile(ready, `${sha}\n`);
  return { root, sha, label };
}
