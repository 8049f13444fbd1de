import { execFileSync, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** `docker compose` (plugin) or Debian's `docker-compose`; neither needs a daemon to validate. */
function composeCommand(): string[] | null {
  const plugin = spawnSync("docker", ["compose", "version"], { encoding: "utf8" });
  if (plugin.status === 0) return ["docker", "compose"];
  const standalone = spawnSync("docker-compose", ["version"], { encoding: "utf8" });
  if (standalone.status === 0) return ["docker-compose"];
  return null;
}

const compose = composeCommand();

describe("docker-compose.yml", () => {
  it.skipIf(!compose)("is accepted by docker compose config", () => {
    const [command, ...args] = compose!;
    const output = execFileSync(command!, [...args, "-f", "docker-compose.yml", "config"], { encoding: "utf8" });
    expect(output).toContain("docker.elastic.co/elasticsearch/elasticsearch:9.5.4");
    expect(output).toMatch(/service:/);
  });
});
