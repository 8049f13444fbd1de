import { describe, expect, it } from "vitest";
import { parseJavaMajor } from "../../../scripts/es/java.js";

describe("parseJavaMajor", () => {
  it("reads the major version from a Temurin 25 banner", () => {
    const output = [
      'openjdk version "25.0.3" 2026-04-21 LTS',
      "OpenJDK Runtime Environment Temurin-25.0.3+9 (build 25.0.3+9-LTS)",
      "OpenJDK 64-Bit Server VM Temurin-25.0.3+9 (build 25.0.3+9-LTS, mixed mode, sharing)",
    ].join("\n");
    expect(parseJavaMajor(output)).toBe(25);
  });

  it("reads Debian's OpenJDK 17, which is too old for Elasticsearch 9", () => {
    expect(parseJavaMajor('openjdk version "17.0.15" 2025-04-15\nOpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)')).toBe(17);
  });

  it("reads a bare major version and early-access builds", () => {
    expect(parseJavaMajor('openjdk version "21" 2023-09-19')).toBe(21);
    expect(parseJavaMajor('openjdk version "26-ea" 2026-03-17')).toBe(26);
  });

  it("maps the old 1.x scheme to its real major version", () => {
    expect(parseJavaMajor('java version "1.8.0_292"\nJava(TM) SE Runtime Environment (build 1.8.0_292-b10)')).toBe(8);
  });

  it("skips JVM warnings printed before the version line", () => {
    expect(parseJavaMajor('Picked up JAVA_TOOL_OPTIONS: -Xmx1g\nopenjdk version "21.0.4" 2024-07-16')).toBe(21);
  });

  it("returns null when the output has no version", () => {
    expect(parseJavaMajor("bash: java: command not found")).toBeNull();
  });
});
