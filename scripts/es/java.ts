import { execFile } from "node:child_process";
import { readdir, realpath } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { MIN_JAVA_MAJOR } from "./distribution.js";

const execFileAsync = promisify(execFile);

export interface JavaHome {
  home: string;
  major: number;
  /** First line of `java -version`, for the log. */
  description: string;
}

/**
 * Reads the major version from `java -version` output: `openjdk version "25.0.3"`,
 * `java version "1.8.0_292"` (old scheme: 8), `openjdk version "21-ea"`.
 */
export function parseJavaMajor(output: string): number | null {
  const match = /version "([0-9]+)(?:\.([0-9]+))?[^"]*"/.exec(output);
  if (!match?.[1]) return null;
  const first = Number(match[1]);
  if (first === 1 && match[2]) return Number(match[2]);
  return first;
}

/** Runs `<home>/bin/java -version` (as `asUser` through runuser if given); null when it does not run. */
export async function probeJava(home: string, asUser?: string): Promise<JavaHome | null> {
  const java = join(home, "bin", "java");
  const [command, args] = asUser ? ["runuser", ["-u", asUser, "--", java, "-version"]] : [java, ["-version"]];
  try {
    // java prints its version on stderr.
    const { stdout, stderr } = await execFileAsync(command, args, { timeout: 20_000, cwd: "/" });
    const output = `${stderr}\n${stdout}`;
    const major = parseJavaMajor(output);
    if (major === null) return null;
    const description = output.split("\n").find((line) => line.includes("version")) ?? `Java ${major}`;
    return { home, major, description: description.trim() };
  } catch {
    return null;
  }
}

async function listJvmDir(dir: string): Promise<string[]> {
  const entries = await readdir(dir).catch(() => []);
  // Debian ships the same JDK under several symlinked names; probe each real directory once.
  const real = await Promise.all(entries.map((entry) => realpath(join(dir, entry)).catch(() => null)));
  return [...new Set(real.filter((path): path is string => path !== null))];
}

const INSTALL_HINT =
  `Install a JDK ${MIN_JAVA_MAJOR} or newer, e.g. \`apt-get install openjdk-${MIN_JAVA_MAJOR}-jdk-headless\` ` +
  `or a Temurin ${MIN_JAVA_MAJOR}+ JDK from https://adoptium.net, then set ES_JAVA_HOME to its directory.`;

/**
 * ES_JAVA_HOME, then JAVA_HOME, when new enough; otherwise the newest JDK under /usr/lib/jvm.
 * The machine's default `java` is deliberately ignored: here it is OpenJDK 17, too old for 9.x.
 */
export async function findJava(env: NodeJS.ProcessEnv, log: (line: string) => void, jvmDir = "/usr/lib/jvm"): Promise<JavaHome> {
  const rejected: string[] = [];
  for (const name of ["ES_JAVA_HOME", "JAVA_HOME"] as const) {
    const home = env[name];
    if (!home) continue;
    const java = await probeJava(home);
    if (java && java.major >= MIN_JAVA_MAJOR) return java;
    const why = java ? `Java ${java.major} is older than ${MIN_JAVA_MAJOR}` : "no runnable bin/java";
    rejected.push(`${name}=${home} (${why})`);
    log(`Ignoring ${name}=${home}: ${why}`);
  }
  const found = await Promise.all((await listJvmDir(jvmDir)).map((home) => probeJava(home)));
  const usable = found
    .filter((java): java is JavaHome => java !== null && java.major >= MIN_JAVA_MAJOR)
    .sort((a, b) => b.major - a.major);
  const best = usable[0];
  if (best) return best;
  const seen = found.filter((java): java is JavaHome => java !== null).map((java) => `${java.home} (Java ${java.major})`);
  rejected.push(...(seen.length ? seen : [`nothing usable in ${jvmDir}`]));
  throw new Error(`Elasticsearch needs Java ${MIN_JAVA_MAJOR}+, none found. Checked: ${rejected.join("; ")}.\n${INSTALL_HINT}`);
}
