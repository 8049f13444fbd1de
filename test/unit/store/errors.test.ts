import { errors } from "@elastic/elasticsearch";
import { describe, expect, it } from "vitest";
import { clientErrorKind } from "../../../src/store/errors.js";

function responseError(statusCode: number): errors.ResponseError {
  return new errors.ResponseError({ statusCode, body: {}, headers: {}, warnings: null, meta: {} as never });
}

describe("clientErrorKind", () => {
  it("tells an unreached node from no living node and from a timeout", () => {
    expect(clientErrorKind(new errors.ConnectionError("socket hang up"))).toBe("connection");
    expect(clientErrorKind(new errors.NoLivingConnectionsError("none", {} as never))).toBe("no-living-node");
    expect(clientErrorKind(new errors.TimeoutError("timed out"))).toBe("timeout");
  });

  it("tells a version conflict (409) from any other error answer", () => {
    expect(clientErrorKind(responseError(409))).toBe("conflict");
    expect(clientErrorKind(responseError(500))).toBe("response");
    expect(clientErrorKind(responseError(404))).toBe("response");
  });

  it("is null for errors that are not the client's", () => {
    expect(clientErrorKind(new Error("bug"))).toBeNull();
    expect(clientErrorKind("text")).toBeNull();
  });
});
