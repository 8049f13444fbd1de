import { defineConfig } from "vitest/config";

/**
 * Four suites: fast unit tests (no I/O), integration tests against the real
 * Elasticsearch node (the global setup starts one when none answers), the clients'
 * tests against the same node, and the real-data suite, which runs only where
 * ../shared/data/openfootball exists.
 * Every integration file uses its own index prefix, so files run in parallel.
 */
export default defineConfig({
  test: {
    // The closing-line reporter prints `tests: N passed, N failed` after vitest's summary.
    reporters: ["default", "./test/reporters/closing-line.ts"],
    projects: [
      // A unit test's timeout guards against a hang, not speed: the CPU-bound ones (a whole match
      // projected minute by minute) took 2-4 s alone and 6.8 s beside the other projects, past
      // vitest's default 5 s.
      { test: { name: "unit", include: ["test/unit/**/*.test.ts"], testTimeout: 20_000 } },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          globalSetup: ["test/setup/elasticsearch.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The clients' own tests (clients/typescript/test, and the Python client's pytest run
        // through test/clients/) against the real app on the real node.
        test: {
          name: "clients",
          include: ["clients/typescript/test/**/*.test.ts", "test/clients/**/*.test.ts"],
          globalSetup: ["test/setup/elasticsearch.ts"],
          testTimeout: 60_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: "real-data",
          include: ["test/real-data/**/*.test.ts"],
          globalSetup: ["test/setup/elasticsearch.ts", "test/setup/real-data.ts"],
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
