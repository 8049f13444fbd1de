/**
 * Manages API keys: create (prints the key once), list, revoke.
 *
 *   npm run api-key -- create --user 7 [--role standings] [--label "ci"] [--budget 50] [--json]
 *   npm run api-key -- list [--json]
 *   npm run api-key -- revoke <id>
 *
 * A revoked key stops working within the service's key-cache expiry (30 s default).
 */
import { parseArgs } from "node:util";
import { ApiKeyStore, ROLES, type ApiKeyRecord, type Role } from "../src/store/api-key-store.js";
import { loadConfig } from "../src/config.js";
import { createElasticsearchClient } from "../src/store/client.js";
import { ensureAliasedIndex } from "../src/store/ensure-index.js";
import { indexNames } from "../src/store/index-names.js";
import { runScript, UsageError } from "./lib/cli.js";

const USAGE = `Usage:
  npm run api-key -- create --user <id> [--role standings]... [--label <text>] [--budget <units per second>] [--json]
      --budget: the cost units this key may spend a second (its plan; an ordinary request costs 1,
                docs/operations.md "Fair share"); 0: not limited; default: RATE_LIMIT_PER_SECOND.
                --rate-limit is its older name, the same number.
  npm run api-key -- list [--json]
  npm run api-key -- revoke <id>`;


function parseRoles(values: string[]): Role[] {
  const roles = values.flatMap((value) => value.split(",")).map((role) => role.trim()).filter(Boolean);
  for (const role of roles) {
    if (!(ROLES as readonly string[]).includes(role)) {
      throw new UsageError(`Unknown role '${role}'. Known roles: ${ROLES.join(", ")}`);
    }
  }
  return roles as Role[];
}

function parseUserId(value: string | undefined): number {
  if (value === undefined || !/^\d{1,15}$/.test(value) || Number(value) < 1) {
    throw new UsageError("--user must be a positive integer");
  }
  return Number(value);
}

function parseBudget(budget: string | undefined, rateLimit: string | undefined): number | null {
  if (budget !== undefined && rateLimit !== undefined) throw new UsageError("--budget and --rate-limit are one setting: give one of them");
  const value = budget ?? rateLimit;
  if (value === undefined) return null;
  const name = budget !== undefined ? "--budget" : "--rate-limit";
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(value)) throw new UsageError(`${name} must be a number of cost units per second, 0 or more`);
  return Number(value);
}

function describe(record: ApiKeyRecord): string {
  const state = record.active ? "active" : `revoked ${record.revoked_at ?? ""}`.trim();
  const roles = record.roles.length > 0 ? record.roles.join(",") : "-";
  const budget = record.rate_limit == null ? "default" : record.rate_limit === 0 ? "none" : `${record.rate_limit} units/s`;
  return `${record.id}  user=${record.user_id}  roles=${roles}  budget=${budget}  ${state}  created=${record.created_at}  label=${record.label ?? "-"}`;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      user: { type: "string" },
      role: { type: "string", multiple: true, default: [] },
      label: { type: "string" },
      budget: { type: "string" },
      "rate-limit": { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }

  const config = loadConfig();
  const es = createElasticsearchClient(config.elasticsearch);
  const alias = indexNames(config.indexPrefix).api_keys;
  const store = new ApiKeyStore(es, alias);
  try {
    await ensureAliasedIndex(es, "api_keys", alias, config.indexReplicas);
    if (command === "create") {
      const created = await store.create({
        userId: parseUserId(values.user),
        roles: parseRoles(values.role),
        label: values.label ?? null,
        rateLimit: parseBudget(values.budget, values["rate-limit"]),
      });
      const { record, key } = created;
      if (values.json) {
        console.log(JSON.stringify({ key, id: record.id, user_id: record.user_id, roles: record.roles, budget: record.rate_limit, rate_limit: record.rate_limit }));
      } else {
        console.log(`Created key ${record.id} for user ${record.user_id} (roles: ${record.roles.join(",") || "none"}).`);
        console.log("Store it now: it is shown only once. The key:");
        console.log(key);
      }
    } else if (command === "list") {
      const records = await store.list();
      if (values.json) console.log(JSON.stringify(records.map(({ key_hash: _hash, ...rest }) => rest)));
      else if (records.length === 0) console.log("No keys.");
      else for (const record of records) console.log(describe(record));
    } else if (command === "revoke") {
      const id = rest[0];
      if (!id) throw new UsageError("revoke needs the key id (see `npm run api-key -- list`)");
      if (!(await store.revoke(id))) throw new UsageError(`No key with id ${id}`);
      console.log(`Revoked key ${id}; the service rejects it within ${Math.ceil(config.keyCacheTtlMs / 1000)} s.`);
    } else {
      throw new UsageError(`Unknown command '${command}'.\n${USAGE}`);
    }
  } finally {
    await es.close();
  }
}

runScript("api-key", main);
