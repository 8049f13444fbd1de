import { parseArgs } from "node:util";

/** The simulator's command-line options (`npm run simulate`, `npm start` where it is on unless `--no-simulate`). */
export type SimulatorArgs = {
  simulate: boolean;
  speed: number;
  tickMs: number;
  durationSeconds?: number;
  untilIdle: boolean;
  /** Where to append one JSON line per applied update (live/update-log.ts); none by default. */
  updatesLog?: string;
  /** Where a fresh match clock starts (default: now): a benchmark replays the hour its data was built at. */
  startAt?: Date;
};

/** `simulateByDefault`: whether the simulator runs without `--simulate` (`--no-simulate` turns it off). */
export function parseSimulatorArgs(args: readonly string[], { simulateByDefault = false } = {}): SimulatorArgs {
  const { values } = parseArgs({
    args: [...args],
    allowNegative: true,
    options: {
      simulate: { type: "boolean", default: simulateByDefault },
      speed: { type: "string", default: "1" },
      tick: { type: "string", default: "1000" },
      duration: { type: "string" },
      "until-idle": { type: "boolean", default: false },
      "updates-log": { type: "string" },
      "start-at": { type: "string" },
    },
  });
  const speed = Number(values.speed);
  if (!Number.isFinite(speed) || speed <= 0 || speed > 3600) throw new Error("--speed must be a number above 0 and at most 3600");
  const tickMs = Number(values.tick);
  if (!Number.isInteger(tickMs) || tickMs < 50 || tickMs > 60_000) throw new Error("--tick must be an integer from 50 to 60000 (milliseconds)");
  const duration = values.duration === undefined ? undefined : Number(values.duration);
  if (duration !== undefined && !(Number.isFinite(duration) && duration > 0)) throw new Error("--duration must be a positive number of seconds");
  const updatesLog = values["updates-log"];
  if (updatesLog !== undefined && updatesLog.trim() === "") throw new Error("--updates-log must name a file");
  const startAt = values["start-at"] === undefined ? undefined : new Date(values["start-at"]);
  if (startAt !== undefined && (!/^\d{4}-\d{2}-\d{2}T/.test(values["start-at"]!) || Number.isNaN(startAt.getTime()))) {
    throw new Error("--start-at must be an ISO 8601 date and time, e.g. 2026-11-28T14:00:00Z");
  }
  return {
    simulate: values.simulate,
    speed,
    tickMs,
    ...(duration === undefined ? {} : { durationSeconds: duration }),
    untilIdle: values["until-idle"],
    ...(updatesLog === undefined ? {} : { updatesLog }),
    ...(startAt === undefined ? {} : { startAt }),
  };
}
