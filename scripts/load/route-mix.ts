/** The mixed load taken apart: its kinds of request in order, and one kind alone. */
import type { LoadRequest } from "./mixed-load.js";

/** The kinds `makeNext()` rotates through, in order (one full turn of at most 20 requests). */
export function kindsOf(makeNext: () => () => LoadRequest): string[] {
  const next = makeNext();
  const kinds: string[] = [];
  for (let i = 0; i < 20; i++) {
    const { kind } = next();
    if (kinds.includes(kind)) break;
    kinds.push(kind);
  }
  return kinds;
}

/** Only the requests of `kind` from the rotation (the others are skipped unsent). */
export function onlyKind(next: () => LoadRequest, kind: string): () => LoadRequest {
  return () => {
    for (;;) {
      const request = next();
      if (request.kind === kind) return request;
    }
  };
}
