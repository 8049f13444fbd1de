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

  it("refuses a speed, tick or duration out of range", () => {
    expect(() => parseSimulatorArgs(["--speed", "0"])).toThrow(/--speed/);
    expect(() => parseSimulatorArgs(["--speed", "fast"])).toThrow(/--speed/);
    expect(() => parseSimulatorArgs(["--tick", "10"])).toThrow(/--tick/);
    expect(() => parseSimulatorArgs(["--duration", "-1"])).toThrow(/--duration/);
  });
});
