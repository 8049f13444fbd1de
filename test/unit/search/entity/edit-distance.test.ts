import { describe, expect, it } from "vitest";
import { editDistances } from "../../../../src/search/entity/edit-distance.js";

const full = (typed: string, word: string) => editDistances(typed, word, 10).full;

describe("editDistances", () => {
  it("is 0 for equal words and 1 for an arbitrary wrong letter", () => {
    expect(full("arsenal", "arsenal")).toBe(0);
    expect(full("arsxnal", "arsenal")).toBe(1);
  });

  it("charges less for slips people make: swaps, neighbouring keys, spellings by ear", () => {
    expect(full("dortmnud", "dortmund")).toBe(0.75);
    expect(full("arsrnal", "arsenal")).toBe(0.75);
    expect(full("liverpol", "liverpool")).toBe(0.5);
    expect(full("arsenall", "arsenal")).toBe(0.5);
    expect(full("fenix", "phenix")).toBe(0.5);
    expect(full("zamalec", "zamalek")).toBe(0.5);
  });

  it("finds the closest beginning of the word for a word being typed", () => {
    expect(editDistances("tott", "tottenham", 2)).toMatchObject({ prefix: 0, prefixLength: 4 });
    expect(editDistances("tottemh", "tottenham", 2)).toMatchObject({ prefix: 0.75, prefixLength: 7 });
  });

  it("gives up beyond the limit", () => {
    expect(editDistances("chelsea", "barcelona", 1)).toEqual({ full: Infinity, prefix: Infinity, prefixLength: 0 });
  });
});

describe("editDistances within a limit", () => {
  it("gives the same distances up to the limit, and may give Infinity beyond it", () => {
    expect(editDistances("arsenal", "arsenalfc", 2)).toEqual({ full: 2, prefix: 0, prefixLength: 7 });
    expect(editDistances("arsenal", "arsenalfc", 0.5)).toEqual({ full: Infinity, prefix: 0, prefixLength: 7 });
    expect(editDistances("tottenhamhotsupr", "tottenhamhotspur", 2.5).full).toBe(0.75);
    expect(editDistances("tottenhamhotsupr", "tottenhamhotspurfootballclub", 2.5)).toMatchObject({ prefix: 0.75, prefixLength: 16 });
  });
});
