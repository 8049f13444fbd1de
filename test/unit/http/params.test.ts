import { describe, expect, it } from "vitest";
import { enumListParam, integerParam, isIso6391 } from "../../../src/http/params.js";

describe("integerParam", () => {
  const perPage = integerParam("per_page", { min: 1, max: 50 });

  it("accepts integers in range", () => {
    expect(perPage.parse("1")).toBe(1);
    expect(perPage.parse("50")).toBe(50);
  });

  it("names the parameter and the rule for every bad value", () => {
    for (const bad of ["0", "51", "-3", "1.5", "abc", "", " 5", "99999999999999999999"]) {
      const result = perPage.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message, bad).toBe("per_page must be an integer from 1 to 50");
    }
  });

  it("says 'at least' when there is no maximum", () => {
    const page = integerParam("page", { min: 1 });
    expect(page.safeParse("0").error?.issues[0]?.message).toBe("page must be an integer of at least 1");
  });
});

describe("enumListParam", () => {
  const include = enumListParam("include", ["odds", "statistics", "metrics"] as const);

  it("splits, trims and de-duplicates", () => {
    expect(include.parse("odds, metrics,odds")).toEqual(["odds", "metrics"]);
  });

  it("lists unsupported values and the supported ones", () => {
    expect(include.safeParse("odds,foo,bar").error?.issues[0]?.message).toBe(
      "Unsupported include(s): foo, bar. Supported: odds, statistics, metrics",
    );
  });

  it("rejects empty items", () => {
    expect(include.safeParse("odds,,metrics").success).toBe(false);
    expect(include.safeParse("").success).toBe(false);
  });
});

/** Codes ICU still names but ISO 639-1 withdrew (replaced by id, he, yi, jv, ro, sr/hr/bs, ...). */
const WITHDRAWN = ["in", "iw", "ji", "jw", "mo", "sh", "bh"];

describe("isIso6391", () => {
  it("accepts assigned codes and rejects unassigned or malformed ones", () => {
    for (const code of ["en", "de", "es", "fr", "it", "pt", "nl", "ja"]) expect(isIso6391(code), code).toBe(true);
    for (const code of ["xx", "zz", "EN", "eng", "e", "", "e1"]) expect(isIso6391(code), code).toBe(false);
  });

  it("rejects the codes ISO 639-1 withdrew", () => {
    for (const code of WITHDRAWN) expect(isIso6391(code), code).toBe(false);
  });

  it("accepts exactly the two-letter codes ICU names, less the withdrawn ones", () => {
    // The list replaced asking ICU; this holds it to what ICU answered.
    const names = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });
    const letters = "abcdefghijklmnopqrstuvwxyz";
    for (const first of letters) {
      for (const second of letters) {
        const code = first + second;
        expect(isIso6391(code), code).toBe(!WITHDRAWN.includes(code) && names.of(code) !== code);
      }
    }
  });
});
