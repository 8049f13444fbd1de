import { describe, expect, it } from "vitest";
import { malformedQueryMessage } from "../../../src/http/query-hygiene.js";

describe("malformedQueryMessage", () => {
  it("accepts clean queries, escaped UTF-8, '+' and a literal percent sign", () => {
    for (const query of ["", "date=2025-01-01", "q=M%C3%BCnchen+FC", "q=100%", "q=50%25off", "where%5BCORNERS%5D=1:2", "q=%E2%82%AC"]) {
      expect(malformedQueryMessage(query), query).toBeNull();
    }
  });

  it("names the parameter whose escapes are not UTF-8", () => {
    expect(malformedQueryMessage("types=team&q=%FF")).toBe("q is not valid UTF-8: check its percent-escapes");
    expect(malformedQueryMessage("fixture_id=%E0%A4")).toBe("fixture_id is not valid UTF-8: check its percent-escapes");
    expect(malformedQueryMessage("q=%C0%AF")).toBe("q is not valid UTF-8: check its percent-escapes");
  });

  it("names the parameter that holds a control character", () => {
    expect(malformedQueryMessage("language=e%00")).toBe("language must not contain control characters such as %00");
    expect(malformedQueryMessage("q=a%0Ab")).toBe("q must not contain control characters such as %00");
    expect(malformedQueryMessage("filter%5Bmetrics%5D=types:1%7F")).toBe("filter[metrics] must not contain control characters such as %00");
  });

  it("names a bad parameter name as sent, still percent-encoded", () => {
    expect(malformedQueryMessage("%FF=1")).toBe("Parameter name %FF is not valid UTF-8: check its percent-escapes");
    expect(malformedQueryMessage("x=1&where%5BA%00%5D=1:2")).toBe(
      "Parameter name where%5BA%00%5D must not contain control characters such as %00",
    );
  });

  it("shortens a very long parameter name in the message", () => {
    const name = `filter${"[a]".repeat(100)}`;
    const message = malformedQueryMessage(`${name}=%FF`);
    expect(message).toBe(`${name.slice(0, 64)}... is not valid UTF-8: check its percent-escapes`);
  });
});
