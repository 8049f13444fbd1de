/**
 * The kernel's TCP counters that tell how connections ended (machine-wide, every process): resets
 * sent and received, and connections closed with data still unread (`TCPAbortOnData`: the closing
 * side sends a reset instead of a FIN, which a client writing its next request sees as ECONNRESET).
 * Read before and after a phase of a benchmark to tell a proxy's or a server's closes apart from
 * the client's own.
 */
import { readFile } from "node:fs/promises";

const COUNTERS = {
  Tcp: ["EstabResets", "OutRsts", "AttemptFails"],
  TcpExt: ["TCPAbortOnData", "TCPAbortOnClose", "TCPAbortOnTimeout", "ListenOverflows"],
} as const;

export type TcpCounters = Record<string, number>;

/** The counters above from /proc/net/snmp and /proc/net/netstat (each a header line and a value line per group). */
export async function readTcpCounters(): Promise<TcpCounters> {
  const counters: TcpCounters = {};
  for (const file of ["/proc/net/snmp", "/proc/net/netstat"]) {
    const lines = (await readFile(file, "utf8")).split("\n");
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const [group, ...names] = lines[i]!.split(/\s+/);
      const values = lines[i + 1]!.split(/\s+/).slice(1);
      const wanted: readonly string[] = COUNTERS[group?.replace(/:$/, "") as keyof typeof COUNTERS] ?? [];
      names.forEach((name, j) => {
        if (wanted.includes(name)) counters[name] = Number(values[j]);
      });
    }
  }
  return counters;
}

/** `name +delta` for every counter that moved, or "none moved". */
export function tcpCounterDelta(before: TcpCounters, after: TcpCounters): string {
  const moved = Object.keys(after).flatMap((name) => {
    const delta = (after[name] ?? 0) - (before[name] ?? 0);
    return delta === 0 ? [] : [`${name} +${delta}`];
  });
  return moved.length > 0 ? moved.join(", ") : "none moved";
}
