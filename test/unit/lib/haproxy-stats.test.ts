import { describe, expect, it } from "vitest";
import { parseServerStates } from "../../../scripts/lib/haproxy.js";

/** Rows as HAProxy 2.6 writes its stats CSV (`/stats;csv`), cut to the first columns and status. */
const CSV = [
  "# pxname,svname,qcur,qmax,scur,smax,slim,stot,bin,bout,dreq,dresp,ereq,econ,eresp,wretr,wredis,status,weight",
  "api,FRONTEND,,,1,2,2000,40,1,2,0,0,0,,,,,OPEN,",
  "instances,instance-1,0,0,0,1,,12,1,2,,0,,0,0,0,0,UP,1",
  "instances,instance-2,0,0,0,1,,13,1,2,,0,,2,0,1,1,DOWN,1",
  "instances,instance-3,0,0,0,1,,15,1,2,,0,,0,0,0,0,UP 1/2,1",
  "instances,BACKEND,0,0,0,1,200,40,1,2,0,0,,2,0,1,1,UP,2",
  "stats,FRONTEND,,,1,1,2000,3,1,2,0,0,0,,,,,OPEN,",
].join("\n");

describe("parseServerStates", () => {
  it("reads each instance's state from HAProxy's stats CSV, nothing else", () => {
    expect([...parseServerStates(CSV)]).toEqual([
      ["instance-1", "UP"],
      ["instance-2", "DOWN"],
      ["instance-3", "UP 1/2"],
    ]);
  });

  it("refuses a page that is not the stats CSV", () => {
    expect(() => parseServerStates("<html>Statistics Report</html>")).toThrow(/not HAProxy's stats CSV/);
  });
});
