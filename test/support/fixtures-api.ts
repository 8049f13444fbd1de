import type { FixtureView } from "../../src/presenters/fixture-presenter.js";
import type { TestEnv } from "./test-env.js";

export type FixturesPage = {
  fixtures: FixtureView[];
  pagination: { page: number; per_page: number; has_more: boolean; order: "asc" | "desc" };
};

/** GET a path that must answer 200 and return its JSON body. */
export async function getOk<T>(env: TestEnv, path: string): Promise<T> {
  const response = await env.get(path);
  const body = (await response.json()) as T;
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** GET a path that must answer 400, returning its error text. */
export async function getError(env: TestEnv, path: string, status = 400): Promise<string> {
  const response = await env.get(path);
  const body = (await response.json()) as { error?: string };
  if (response.status !== status) throw new Error(`GET ${path}: expected ${status}, got ${response.status} ${JSON.stringify(body)}`);
  return body.error ?? "";
}

export const ids = (page: { fixtures: Array<{ id: number }> }) => page.fixtures.map((fixture) => fixture.id);
