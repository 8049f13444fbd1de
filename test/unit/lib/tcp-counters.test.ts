import { describe, expect, it } from "vitest";
import { readTcpCounters, tcpCounterDelta } from "../../../scripts/lib/tcp-counters.js";

describe("tcpCounterDelta", () => {
  it("names each counter that moved with its increase, in the order read", () => {
    expect(tcpCounterDelta({ OutRsts: 10, TCPAbortOnData: 4, EstabResets: 1 }, { OutRsts: 13, TCPAbortOnData: 4, EstabResets: 3 })).toBe("OutRsts +3, EstabResets +2");
  });
  it("says so when nothing moved", () => {
    expect(tcpCounterDelta({ OutRsts: 10 }, { OutRsts: 10 })).toBe("none moved");
  });
});

describe("readTcpCounters", () => {
  it("reads every counter it names from this machine's /proc, each a whole number", async () => {
    const counters = await readTcpCounters();
    expect(Object.keys(counters).sort()).toEqual(["AttemptFails", "EstabResets", "ListenOverflows", "OutRsts", "TCPAbortOnClose", "TCPAbortOnData", "TCPAbortOnTimeout"]);
    for (const value of Object.values(counters)) expect(Number.isInteger(value) && value >= 0).toBe(true);
  });
});
