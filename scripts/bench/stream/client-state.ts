import { createHash } from "node:crypto";

/**
 * What one stream client holds, kept small: per fixture only its `updated_at` and a digest
 * of its JSON, enough to tell whether the client ends equal to the polled endpoint's answer
 * without keeping a thousand copies of every fixture (with odds, tens of KiB each).
 */
export type HeldFixture = { id: number; updatedAtMs: number; digest: string };

/** A fixture object as the API presents it (only the two fields read here are named). */
export type PresentedFixture = { id: number; updated_at: string };

/** Both sides go through JSON.parse and JSON.stringify, so equal objects give equal digests. */
export function heldFixture(fixture: PresentedFixture): HeldFixture {
  return heldFixtureOfJson(fixture, JSON.stringify(fixture));
}

/** The same, given the fixture's JSON.stringify already made. */
export function heldFixtureOfJson(fixture: PresentedFixture, json: string): HeldFixture {
  return { id: fixture.id, updatedAtMs: Date.parse(fixture.updated_at), digest: createHash("sha1").update(json).digest("base64") };
}

export class ClientState {
  readonly fixtures = new Map<number, HeldFixture>();
  /** Breaches of "never an older state of a fixture after a newer one". */
  violations = 0;

  snapshot(fixtures: readonly HeldFixture[]): void {
    this.fixtures.clear();
    for (const fixture of fixtures) this.fixtures.set(fixture.id, fixture);
  }

  change(fixture: HeldFixture): void {
    const held = this.fixtures.get(fixture.id);
    if (held && held.updatedAtMs > fixture.updatedAtMs) this.violations += 1;
    this.fixtures.set(fixture.id, fixture);
  }

  leave(id: number): void {
    this.fixtures.delete(id);
  }
}

export type TruthComparison = { equal: boolean; missing: number[]; extra: number[]; differing: number[] };

/** The client's fixtures against the polled endpoint's whole answer (order aside: the stream's order is the client's business). */
export function compareWithTruth(held: ReadonlyMap<number, HeldFixture>, truth: readonly HeldFixture[]): TruthComparison {
  const truthById = new Map(truth.map((fixture) => [fixture.id, fixture]));
  const missing = truth.filter((fixture) => !held.has(fixture.id)).map((fixture) => fixture.id);
  const extra = [...held.keys()].filter((id) => !truthById.has(id));
  const differing = truth.filter((fixture) => held.has(fixture.id) && held.get(fixture.id)!.digest !== fixture.digest).map((fixture) => fixture.id);
  return { equal: missing.length === 0 && extra.length === 0 && differing.length === 0, missing, extra, differing };
}
