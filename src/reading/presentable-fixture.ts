import type { FixtureDocument } from "../domain/fixture/fixture-document.js";

/**
 * A fixture ready to present, as reading hands it to the presenters (the routes' and the
 * streams'): its stored document with its version (null: never cached), or, where the
 * presented-JSON cache kept the JSON of that version, that JSON instead of the document (held
 * here, so an eviction between the peek and the presentation cannot lose it).
 */
export type PresentableFixture = { version: string | null; doc: FixtureDocument } | { version: string; json: Buffer };

/**
 * What reading asks of the presented-JSON cache (src/presenters/fixture-json-cache.ts):
 * whether it keeps anything, and the JSON it keeps for a version shown with `options`
 * (`asLastFixture`: as an entry of another fixture's last_fixtures). Declared here, so that
 * reading stays below the presenters and the presenters never reach into a store.
 */
export type KeptJson<Options> = {
  readonly enabled: boolean;
  peek(version: string, options: Options, asLastFixture?: boolean): Buffer | undefined;
};
