/**
 * The four targets of a floor bench (bench:search, bench:fixtures), measured side by side:
 * the service, the stack floor, the bare floor (floor-server.ts) and the raw node.
 */
export const TARGET_NAMES = ["service", "stack", "floor", "raw"] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

/** A record with `make(target)` for every target. */
export function perTarget<T>(make: (target: TargetName) => T): Record<TargetName, T> {
  return Object.fromEntries(TARGET_NAMES.map((target) => [target, make(target)])) as Record<TargetName, T>;
}
