import { execFile } from "node:child_process";
import { access } from "node:fs/promises";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
}

async function lookupUser(name: string): Promise<SystemUser | null> {
  try {
    const uid = Number((await execFileAsync("id", ["-u", name])).stdout.trim());
    const gid = Number((await execFileAsync("id", ["-g", name])).stdout.trim());
    return { name, uid, gid };
  } catch {
    return null;
  }
}

async function firstExisting(paths: readonly string[]): Promise<string> {
  for (const path of paths) {
    if (await access(path).then(() => true, () => false)) return path;
  }
  return "/bin/false";
}

/**
 * Creates the unprivileged user root runs Elasticsearch as, once. No login shell and no home of
 * its own: its home is the directory holding the node, which root creates and chowns.
 */
export async function ensureSystemUser(name: string, homeDir: string, log: (line: string) => void): Promise<SystemUser> {
  const existing = await lookupUser(name);
  if (existing) return existing;
  const shell = await firstExisting(["/usr/sbin/nologin", "/sbin/nologin"]);
  try {
    await execFileAsync("useradd", ["--system", "--no-create-home", "--home-dir", homeDir, "--shell", shell, name]);
  } catch (err) {
    // Another provisioning run may have created it in between.
    const raced = await lookupUser(name);
    if (raced) return raced;
    throw new Error(`Could not create system user ${name} with useradd: ${(err as Error).message}`);
  }
  log(`Created system user ${name} (Elasticsearch refuses to run as root)`);
  const created = await lookupUser(name);
  if (!created) throw new Error(`useradd reported success but user ${name} does not exist`);
  return created;
}

export async function chownTree(path: string, user: SystemUser): Promise<void> {
  await execFileAsync("chown", ["-R", `${user.uid}:${user.gid}`, path]);
}
