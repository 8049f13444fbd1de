import { readFileSync } from "node:fs";

/** The text of /proc/<pid>/<name> (stat, status), or null when the process is gone or not readable. */
export function procFile(pid: number, name: "stat" | "status"): string | null {
  try {
    return readFileSync(`/proc/${pid}/${name}`, "utf8");
  } catch {
    return null;
  }
}
