import { execFileSync, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { checkHaproxyConfig, haproxyBinary } from "../../scripts/lib/haproxy.js";

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

describe("docker-compose.cluster.yml", () => {
  it.skipIf(!compose)("is accepted by docker compose config: three nodes, three instances named as HAProxy's servers, HAProxy with the repository's config", () => {
    const [command, ...args] = compose!;
    const output = execFileSync(command!, [...args, "-f", "docker-compose.cluster.yml", "config"], { encoding: "utf8" });
    for (const node of ["es01", "es02", "es03"]) expect(output).toMatch(new RegExp(`node.name: ${node}\\b`));
    expect(output).toContain("cluster.initial_master_nodes: es01,es02,es03");
    for (const instance of ["instance-1", "instance-2", "instance-3"]) {
      expect(output).toMatch(new RegExp(`INSTANCE_ID: ${instance}\\b`));
      expect(output).toMatch(new RegExp(`SFD_INSTANCE_${instance.at(-1)}: ${instance}:3000\\b`));
    }
    expect(output).toMatch(/deploy\/haproxy\/haproxy\.cfg:\/usr\/local\/etc\/haproxy\/haproxy\.cfg:ro/);
  });

  const haproxy = haproxyBinary();
  it.skipIf(!haproxy)("gives HAProxy addresses its config accepts (haproxy -c; names that do not resolve here start as down)", () => {
    expect(() =>
      checkHaproxyConfig(haproxy!, { bind: "0.0.0.0:3000", statsBind: "0.0.0.0:8404", instances: ["instance-1:3000", "instance-2:3000", "instance-3:3000"] }),
    ).not.toThrow();
  });
});
