import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, isWellFormedApiKey } from "../../../src/domain/api-key-format.js";

describe("API key format", () => {
  it("generates well-formed keys with at least 128 random bits, all different", () => {
    const keys = new Set(Array.from({ length: 100 }, generateApiKey));
    expect(keys.size).toBe(100);
    for (const key of keys) {
      expect(isWellFormedApiKey(key)).toBe(true);
      expect(Buffer.from(key.slice(4), "base64url").length * 8).toBeGreaterThanOrEqual(128);
    }
  });

  it("hashes with SHA-256 as lowercase hex", () => {
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("rejects keys of the wrong shape before any lookup", () => {
    for (const bad of ["", "sfd_", "sfd_short", `xyz_${"A".repeat(32)}`, `sfd_${"A".repeat(31)}!`]) {
      expect(isWellFormedApiKey(bad), bad).toBe(false);
    }
  });
});
