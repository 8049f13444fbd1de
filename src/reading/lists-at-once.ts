import { keptOrRead } from "./kept-or-read.js";
import type { PresentableFixture } from "./presentable-fixture.js";

type Wanted<List> = { list: List; id: number; version: string };

/**
 * The fixtures many lists show at once (the queries of a stream round), the routes' way
 * (`keptOrRead`): for each list, each of its ids at the version `versionOf` gives, the JSON
 * `kept` for that version where there is one, and every other document read once for all
 * lists, in one `read` of the ids in order and the lists that miss them (so it can ask for the
 * union of the fields they show). A fixture gone meanwhile is missing from its list's map.
 */
export async function presentableAtOnce<List>(
  lists: ReadonlyMap<List, readonly number[]>,
  versionOf: (list: List, id: number) => string,
  kept: (list: List, version: string) => Buffer | undefined,
  read: (ids: number[], lists: List[]) => Promise<ReadonlyMap<number, PresentableFixture>>,
): Promise<Map<List, Map<number, PresentableFixture>>> {
  const wanted: Array<Wanted<List>> = [];
  for (const [list, ids] of lists) for (const id of ids) wanted.push({ list, id, version: versionOf(list, id) });
  const found = await keptOrRead(
    wanted,
    ({ list, version }) => {
      const json = kept(list, version);
      return json ? { version, json } : undefined;
    },
    async (missing) => {
      const documents = await read([...new Set(missing.map(({ id }) => id))], [...new Set(missing.map(({ list }) => list))]);
      return missing.map(({ id }) => documents.get(id));
    },
  );
  const out = new Map<List, Map<number, PresentableFixture>>([...lists.keys()].map((list) => [list, new Map()]));
  found?.forEach((fixture, i) => {
    const { list, id } = wanted[i]!;
    if (fixture) out.get(list)!.set(id, fixture);
  });
  return out;
}
