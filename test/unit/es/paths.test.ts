import { describe, expect, it } from "vitest";
import { assertOutsideRepo, resolvePaths, ROOT_ES_HOME } from "../../../scripts/es/paths.js";

describe("resolvePaths", () => {
  it("caches under XDG_CACHE_HOME and keeps everything there for a normal user", () => {
    const paths = resolvePaths({ HOME: "/home/ann", XDG_CACHE_HOME: "/xdg" }, 1000);
    expect(paths.zipPath).toBe("/xdg/sports-fixtures-data/elasticsearch-9.5.4.zip");
    expect(paths.esHome).toBe("/xdg/sports-fixtures-data/es");
    expect(paths.runAs).toBeNull();
  });

  it("falls back to ~/.cache and honours SFD_CACHE_DIR first", () => {
    expect(resolvePaths({ HOME: "/home/ann" }, 1000).cacheDir).toBe("/home/ann/.cache/sports-fixtures-data");
    expect(resolvePaths({ HOME: "/home/ann", SFD_CACHE_DIR: "/c" }, 1000).cacheDir).toBe("/c");
  });

  it("as root keeps the zip in root's cache but the node where the service user can reach it", () => {
    const paths = resolvePaths({ HOME: "/root" }, 0);
    expect(paths.zipPath).toBe("/root/.cache/sports-fixtures-data/elasticsearch-9.5.4.zip");
    expect(paths.esHome).toBe(ROOT_ES_HOME);
    expect(paths.runAs).toBe("sfd-es");
  });
});

describe("assertOutsideRepo", () => {
  it("refuses a directory inside the repository", () => {
    expect(() => assertOutsideRepo("/repo/.cache/es", "/repo/")).toThrow(/inside the repository/);
  });

  it("accepts a sibling whose name merely starts with the repository's", () => {
    expect(() => assertOutsideRepo("/repo-cache/es", "/repo/")).not.toThrow();
  });
});
