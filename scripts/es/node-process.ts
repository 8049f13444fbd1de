/**
 * The node's processes, in one module: whether a pid is alive and is this node's server, starting
 * the server and stopping it. It depends on nothing that handles files (download, unpack, scratch
 * files), so those can ask it about a pid without an import cycle.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { access, open, readFile, rm } from "node:fs/promises";
import { launcherPath } from "./distribution.js";
import type { JavaHome } from "./java.js";
import type { NodePlan } from "./layout.js";

const SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return null;
  }
}

/** Gone or a zombie both count as not running (this machine's init may never reap zombies). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // "pid (comm) S ...": comm may hold spaces, so read the state after the last ")".
  const stat = readProc(pid, "stat");
  return stat === null || !stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
}

/**
 * A stale pid file may name a pid that now belongs to something else: never signal that. The
 * server's command line does not carry its config dir, its environment does (ES_PATH_CONF).
 */
function isThisNode(pid: number, node: NodePlan): boolean {
  const cmdline = readProc(pid, "cmdline");
  if (cmdline === null) return true; // no /proc to ask: trust the pid file
  if (!cmdline.includes("org.elasticsearch.bootstrap.Elasticsearch")) return false;
  const environ = readProc(pid, "environ");
  return environ === null || environ.split("\0").includes(`ES_PATH_CONF=${node.confDir}`);
}

/** The pid of this node's running server, from its pid file; null when it is not running. */
export async function livePid(node: NodePlan): Promise<number | null> {
  const text = await readFile(node.pidFile, "utf8").catch(() => "");
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return isRunning(pid) && isThisNode(pid, node) ? pid : null;
}

export interface LaunchContext {
  distDir: string;
  java: JavaHome;
  /** Run as this user (through runuser) instead of the caller. */
  runAs: string | null;
}

async function hasRunuser(): Promise<string | null> {
  for (const path of ["/usr/sbin/runuser", "/sbin/runuser"]) {
    if (await access(path).then(() => true, () => false)) return path;
  }
  return null;
}

const shellQuote = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

async function launchCommand(node: NodePlan, ctx: LaunchContext): Promise<{ command: string; args: string[]; env: NodeJS.ProcessEnv }> {
  // A clean environment: the caller's JAVA_HOME, ES_JAVA_OPTS or JAVA_TOOL_OPTIONS must not leak in.
  const baseEnv: NodeJS.ProcessEnv = { PATH: SYSTEM_PATH, LANG: "C.UTF-8" };
  const esEnv = { ES_JAVA_HOME: ctx.java.home, ES_PATH_CONF: node.confDir };
  const launch = [launcherPath(ctx.distDir), "-d", "-p", node.pidFile];
  if (!ctx.runAs) {
    return { command: launch[0] ?? "", args: launch.slice(1), env: { ...baseEnv, HOME: process.env.HOME, ...esEnv } };
  }
  const envArgs = Object.entries(esEnv).map(([key, value]) => `${key}=${value}`);
  const runuser = await hasRunuser();
  if (runuser) {
    return { command: runuser, args: ["-u", ctx.runAs, "--", "env", ...envArgs, ...launch], env: baseEnv };
  }
  // su needs a shell; the user's own is nologin, so name one.
  const script = ["env", ...envArgs, ...launch].map(shellQuote).join(" ");
  return { command: "su", args: [ctx.runAs, "-s", "/bin/sh", "-c", script], env: baseEnv };
}

/**
 * Runs `bin/elasticsearch -d -p <pidfile>`, which returns once the server is up (or failed).
 * The launcher's own output goes to a file: it is the only trace of failures that happen before
 * the node opens its log, and a file (unlike a pipe) is safe for the daemon to keep writing to.
 */
export async function launchNode(node: NodePlan, ctx: LaunchContext, timeoutMs: number): Promise<void> {
  const { command, args, env } = await launchCommand(node, ctx);
  const out = await open(node.launcherLog, "w");
  try {
    // detached: its own process group, so a Ctrl-C aimed at this script does not reach the node.
    const child = spawn(command, args, { cwd: node.dir, env, detached: true, stdio: ["ignore", out.fd, out.fd] });
    const code = await new Promise<number | string>((resolve, reject) => {
      const timer = setTimeout(() => {
        // The whole group: the launcher and the server JVM it started.
        if (child.pid) {
          try {
            process.kill(-child.pid, "SIGTERM");
          } catch {
            // already gone
          }
        }
        resolve("timeout");
      }, timeoutMs);
      child.once("error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once("exit", (exitCode, signal) => {
        clearTimeout(timer);
        resolve(exitCode ?? signal ?? "unknown");
      });
    });
    if (code === "timeout") throw new Error(`${node.name}: the launcher did not finish within ${timeoutMs / 1000} s`);
    if (code !== 0) throw new Error(`${node.name}: bin/elasticsearch exited with ${code}`);
  } finally {
    await out.close();
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** SIGTERM, then SIGKILL after `graceMs`; returns the signal that ended the process. */
export async function stopProcess(pid: number, graceMs = 30_000): Promise<"SIGTERM" | "SIGKILL"> {
  for (const [signal, waitMs] of [["SIGTERM", graceMs], ["SIGKILL", 5_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return signal;
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (!isRunning(pid)) return signal;
      await sleep(200);
    }
  }
  throw new Error(`pid ${pid} survived SIGKILL`);
}

export async function removePidFile(node: NodePlan): Promise<void> {
  await rm(node.pidFile, { force: true });
}
