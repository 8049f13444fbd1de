import { describe, expect, it } from "vitest";
import { parseCliArgs, UsageError } from "../../../scripts/es/args.js";

describe("parseCliArgs", () => {
  it("reads the command with no options", () => {
    expect(parseCliArgs(["start"])).toEqual({ command: "start", options: {} });
  });

  it("accepts options both as --flag value and --flag=value, before or after the command", () => {
    expect(parseCliArgs(["--port", "9202", "start", "--nodes=3", "--heap", "512M"])).toEqual({
      command: "start",
      options: { port: 9202, nodes: 3, heap: "512m" },
    });
  });

  it("returns help for --help even without a command", () => {
    expect(parseCliArgs(["--help"]).command).toBe("help");
  });

  it.each([
    [[], /Missing command/],
    [["restart"], /Unknown command "restart"/],
    [["start", "stop"], /Unexpected argument "stop"/],
    [["start", "--verbose"], /Unknown option --verbose/],
    [["start", "--colour=yes"], /Unknown option --colour/],
    [["start", "--port"], /--port needs a value/],
    [["start", "--port", "http"], /--port must be a TCP port/],
    [["start", "--port", "70000"], /--port must be a TCP port/],
    [["start", "--nodes", "0"], /--nodes must be a whole number from 1 to 5/],
    [["start", "--nodes", "2.5"], /--nodes must be a whole number/],
    [["start", "--heap", "1gb"], /--heap must be a JVM size/],
  ])("rejects %j with a usage error", (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
