/**
 * Another checkout of this repository for scripts that compare code (diff:api, bench:compare):
 * a detached git worktree of a ref beside the system's temp files, made once per commit and
 * kept for the next run.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
