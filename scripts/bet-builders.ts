/**
 * Generates and prices bet builders.
 *
 *   npm run bet-builders -- generate --user 7 [--fixtures 10] [--fixture-id 123,456] [--models 1,2]
 *   npm run bet-builders -- price [--fixture-id 123]
 *   npm run bet-builders -- demo
 *
 * generate: for the user, each model's combination for the fixtures in play now and
 *   the next to kick off (or the given ones), stored unpriced, then priced at once
 *   by the pricing step (value and last_priced_at set).
 * price: the pricing step for the given fixtures' bet builders, or for all.
 * demo: what every rebuild runs: all bet builders priced against the current
 *   fixtures, demo users 1-3 given bet builders when they have none.
 */
import { parseArgs } from "node:util";
import { betBuildersAfterRebuild } from "../src/bet-builders/after-rebuild.js";
import { generateBetBuilders } from "../src/bet-builders/generate.js";
import { ensureBetBuilderMapping } from "../src/store/bet-builder-mapping.js";
import { repriceForFixtures, syncAllBetBuilders } from "../src/bet-builders/reprice.js";
import { loadConfig } from "../src/config.js";
import { createElasticsearchClient } from "../src/store/client.js";
import { ensurePersistentIndices } from "../src/store/ensure-index.js";
import { indexNames } from "../src/store/index-names.js";
import { runScript, UsageError } from "./lib/cli.js";

const USAGE = `Usage:
  npm run bet-builders -- generate --user <id> [--fixtures <n>] [--fixture-id <id,...>] [--models <id,...>]
  npm run bet-builders -- price [--fixture-id <id,...>]
  npm run bet-builders -- demo`;


function positiveInteger(name: string, value: string): number {
  if (!/^\d{1,15}$/.test(value) || Number(value) < 1) throw new UsageError(`--${name} must be a positive integer`);
  return Number(value);
}

function idList(name: string, value: string | undefined): number[] | undefined {
  return value?.split(",").map((item) => positiveInteger(name, item.trim()));
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      user: { type: "string" },
      fixtures: { type: "string" },
      "fixture-id": { type: "string" },
      models: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const es = createElasticsearchClient({ ...config.elasticsearch, requestTimeoutMs: 60_000 });
  const indices = indexNames(config.indexPrefix);
  try {
    await ensurePersistentIndices(es, indices, config.indexReplicas);
    await ensureBetBuilderMapping(es, indices.bet_builders);
    if (command === "generate") {
      if (values.user === undefined) throw new UsageError("generate needs --user <id>");
      const fixtureIds = idList("fixture-id", values["fixture-id"]);
      const modelIds = idList("models", values.models);
      const report = await generateBetBuilders(es, indices, {
        userId: positiveInteger("user", values.user),
        ...(values.fixtures === undefined ? {} : { fixtures: positiveInteger("fixtures", values.fixtures) }),
        ...(fixtureIds ? { fixtureIds } : {}),
        ...(modelIds ? { modelIds } : {}),
      });
      console.log(
        `${report.fixtures} fixture(s): ${report.created.length} bet builder(s) created, ${report.existing} already there, ` +
          `${report.skipped} fixture/model pair(s) without a qualifying combination.`,
      );
      await es.indices.refresh({ index: indices.bet_builders });
      const priced = await repriceForFixtures(es, indices, report.created.map((doc) => doc.fixture_id));
      console.log(`Priced: ${priced.updated} of ${priced.builders} bet builder(s) of those fixtures updated.`);
      for (const doc of report.created) {
        console.log(`  ${doc.id}  fixture=${doc.fixture_id}  model=${doc.model.name}  sp=${doc.sp}  ${doc.content.en.text.slice(0, 100)}...`);
      }
    } else if (command === "price") {
      const fixtureIds = idList("fixture-id", values["fixture-id"]);
      const report = fixtureIds ? await repriceForFixtures(es, indices, fixtureIds) : await syncAllBetBuilders(es, indices);
      console.log(`Priced ${report.builders} bet builder(s): ${report.updated} updated, ${report.suspended} of them suspended.`);
    } else if (command === "demo") {
      const report = await betBuildersAfterRebuild(es, indices);
      console.log(
        `Priced ${report.synced} existing bet builder(s); created ${report.created} for demo user(s) ${report.demoUsers.join(", ") || "none (all have some)"}.`,
      );
    } else {
      throw new UsageError(`Unknown command '${command}'.\n${USAGE}`);
    }
  } finally {
    await es.close();
  }
}

runScript("bet-builders", main);
