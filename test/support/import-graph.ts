import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";

/**
 * The import graph of a source tree, read as text: every `import ... from`, `export ...
 * from` and `import("...")` of every .ts file. Relative specifiers resolve to files of the
 * tree (".js" names the ".ts" source); bare ones ("@elastic/elasticsearch") are packages.
 */
export type ImportEdge = {
  /** The importing file, relative to the tree's root, with "/" separators. */
  from: string;
  /** The imported file (relative to the root) or the package name. */
  to: string;
  /** A package rather than a file of the tree. */
  external: boolean;
  /** `import type` / `export type`: erased at compile time, no runtime dependency. */
  typeOnly: boolean;
  /** The names imported, where the statement lists them (`{ a, type B }`). */
  names: string[];
};

const STATEMENT = /(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gs;

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

const posix = (path: string): string => path.split(sep).join("/");

/** The names a clause lists: `{ a, type B as C }` gives ["a", "B"]; a namespace or default import gives []. */
function listedNames(clause: string): string[] {
  const braces = /\{([^}]*)\}/.exec(clause);
  if (!braces) return [];
  return braces[1]!
    .split(",")
    .map((part) => part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!.trim())
    .filter((name) => name.length > 0);
}

export function importGraph(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of tsFiles(root)) {
    const from = posix(relative(root, file));
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(STATEMENT)) {
      const specifier = match[4] ?? match[5]!;
      const clause = match[3] ?? "";
      const typeOnly = match[2] !== undefined;
      if (!specifier.startsWith(".")) {
        edges.push({ from, to: specifier, external: true, typeOnly, names: listedNames(clause) });
        continue;
      }
      const target = posix(relative(root, normalize(join(dirname(file), specifier)))).replace(/\.js$/, ".ts");
      edges.push({ from, to: target, external: false, typeOnly, names: listedNames(clause) });
    }
  }
  return edges;
}

/** Strongly connected components with more than one member: the cycles of a graph given as edges. */
export function cycles(edges: ReadonlyArray<readonly [string, string]>): string[][] {
  const next = new Map<string, Set<string>>();
  for (const [a, b] of edges) {
    if (a === b) continue;
    if (!next.has(a)) next.set(a, new Set());
    if (!next.has(b)) next.set(b, new Set());
    next.get(a)!.add(b);
  }
  // Tarjan's algorithm.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}
