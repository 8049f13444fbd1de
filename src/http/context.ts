import type { Client } from "@elastic/elasticsearch";
import type Koa from "koa";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import type { KeyCache, Principal } from "../auth/key-cache.js";
import type { IndexNames } from "../store/index-names.js";

/** Everything a request handler may use; built once per process and shared. */
export type AppDeps = {
  config: Config;
  es: Client;
  logger: Logger;
  indices: IndexNames;
  keys: KeyCache;
};

export type AppState = Koa.DefaultState & {
  requestId: string;
  log: Logger;
  principal?: Principal;
  /** The 500 text for this route when it differs from the generic one (/search). */
  faultMessage?: string;
};

export type AppContext = Koa.ParameterizedContext<AppState, Koa.DefaultContext & { deps: AppDeps }>;
