import { describe, expect, it } from "vitest";
import { parseSimulatorArgs } from "../../../src/live/simulator-args.js";

describe("parseSimulatorArgs", () => {
  it("defaults to real time, one tick a second, no simulation flag", () => {
    expect(parseSimulatorArgs([])).toEqual({ simulate: false, speed: 1, tickMs: 1000, untilIdle: false });
  });

  it("reads --simulate, --speed, --tick, --duration and --until-idle", () => {
    expect(parseSimulatorArgs(["--simulate", "--speed", "60", "--tick", "500", "--duration", "30", "--until-idle"])).toEqual({
      simulate: true,
      speed: 60,
      tickMs: 500,
      durationSeconds: 30,
      untilIdle: true,
    });
  });

  it("takes the simulation default from the caller, and --no-simulate or --simulate over it", () => {
    expect(parseSimulatorArgs([], { simulateByDefault: true }).simulate).toBe(true);
    expect(parseSimulatorArgs(["--no-simulate"], { simulateByDefault: true }).simulate).toBe(false);
    expect(parseSimulatorArgs(["--simulate"], { simulateByDefault: false }).simulate).toBe(true);
  });

  it("reads --updates-log, and refuses an empty one", () => {
    expect(parseSimulatorArgs(["--updates-log", "/tmp/updates.jsonl"]).updatesLog).toBe("/tmp/updates.jsonl");
    expect(parseSimulatorArgs([])).not.toHaveProperty("updatesLog");
    expect(() => parseSimulatorArgs(["--updates-log", " "])).toThrow(/--updates-log/);
  });

  it("reads --start-at as an instant, and refuses what is not an ISO date and time", () => {
    expect(parseSimulatorArgs(["--start-at", "2026-11-28T14:00:00Z"]).startAt).toEqual(new Date("2026-11-28T14:00:00Z"));
    expect(parseSimulatorArgs([])).not.toHaveProperty("startAt");
    expect(() => parseSimulatorArgs(["--start-at", "tomorrow"])).toThrow(/--start-at/);
    expect(() => parseSimulatorArgs(["--start-at", "2026-11-28"])).toThrow(/--start-at/);
    expect(() => parseSimulatorArgs(["--start-at", "2026-13-45T99:00:00Z"])).toThrow(/--start-at/);
  });

  it("refuses a speed, tick or duration out of range", () => {
    expect(() => parseSimulatorArgs(["--speed", "0"])).toThrow(/--speed/);
    expect(() => parseSimulatorArgs(["--speed", "fast"])).toThrow(/--speed/);
    expect(() => parseSimulatorArgs(["--tick", "10"])).toThrow(/--tick/);
    expect(() => parseSimulatorArgs(["--duration", "-1"])).toThrow(/--duration/);
  });
});
