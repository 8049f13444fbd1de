import type { Client } from "@elastic/elasticsearch";
import { readTeamNames } from "../store/team-reads.js";

/**
 * Every name of a team (what a fixture's `search` field is built from), read from the teams
 * index once per team and kept: a live update rewrites the whole fixture document and must
 * resend `search`, but team names never change during a match.
 */
export class TeamNameCache {
  private readonly names = new Map<number, string[]>();

  constructor(
    private readonly es: Client,
    private readonly teamsIndex: string,
  ) {}

  async namesOf(teamIds: readonly number[]): Promise<ReadonlyMap<number, string[]>> {
    const missing = teamIds.filter((id) => !this.names.has(id));
    if (missing.length > 0) {
      const found = await readTeamNames(this.es, this.teamsIndex, missing);
      // A team the index lacks (a placeholder side) falls back to its displayed name in derivedFixtureFields.
      for (const id of missing) if (found.has(id)) this.names.set(id, found.get(id)!);
    }
    return this.names;
  }

  /** Forgets every name, so a rebuild's new names (or translations) are read again. */
  clear(): void {
    this.names.clear();
  }
}
