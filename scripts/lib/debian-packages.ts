import { spawnSync } from "node:child_process";

/** A Debian package a script needs, and how to tell it is there. */
export type DebianPackage = { name: string; installed: () => boolean };

/** What can be done about missing packages here: install them (root with apt-get, as CI), or say the command. */
export function canInstallPackages(): boolean {
  return process.getuid?.() === 0 && spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
}

/** The one command a person runs to install `names`. */
export function installCommand(names: readonly string[]): string {
  return `${process.getuid?.() === 0 ? "" : "sudo "}apt-get install -y ${names.join(" ")}`;
}

/**
 * Installs the packages of `wanted` that are missing, from Debian's archive, when this process may
 * (`canInstallPackages`), as .ci/run does for the tests; otherwise installs nothing. Returns the
 * names still missing afterwards, for the caller to say what it does without them.
 */
export function ensureDebianPackages(wanted: readonly DebianPackage[], log: (line: string) => void): string[] {
  const missing = wanted.filter((pkg) => !pkg.installed()).map((pkg) => pkg.name);
  if (missing.length === 0 || !canInstallPackages()) return missing;
  log(`Installing ${missing.join(", ")} from Debian's packages (apt-get) ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  const install =
    update.status === 0 ? spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], { stdio: "inherit", env }) : update;
  if (install.status !== 0) log(`apt-get failed (exit ${install.status}); install them yourself: ${installCommand(missing)}`);
  return wanted.filter((pkg) => !pkg.installed()).map((pkg) => pkg.name);
}
