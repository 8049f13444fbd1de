import { createHash, randomBytes } from "node:crypto";

/**
 * API keys are 192 random bits, base64url-encoded behind a recognisable prefix
 * (so a leaked key is easy to grep for). Only their SHA-256 is ever stored.
 */
const KEY_PREFIX = "sfd_";
const KEY_PATTERN = /^sfd_[A-Za-z0-9_-]{32}$/;

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(24).toString("base64url");
}

/** A public, non-secret id for listing and revoking a key. */
export function generateKeyId(): string {
  return randomBytes(8).toString("hex");
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Malformed keys are rejected without a store lookup. */
export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}
