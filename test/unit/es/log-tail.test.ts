import { describe, expect, it } from "vitest";
import { findErrorLines } from "../../../scripts/es/log-tail.js";

const log = `[2026-11-21T05:32:10,744][INFO ][o.e.n.Node               ] [node-9220] starting ...
[2026-11-21T05:32:10,745][ERROR][o.e.b.Elasticsearch      ] [node-9220] fatal exception while booting Elasticsearch
org.elasticsearch.http.BindHttpException: Failed to bind to 127.0.0.1:9220
	at org.elasticsearch.server@9.5.4/org.elasticsearch.http.AbstractHttpServerTransport.bindAddress(AbstractHttpServerTransport.java:219)
Caused by: java.net.BindException: Address already in use
	at java.base/sun.nio.ch.Net.bind0(Native Method)
[2026-11-21T05:32:10,767][INFO ][o.e.n.Node               ] [node-9220] stopped`;

describe("findErrorLines", () => {
  it("keeps the ERROR line and exception headlines but not stack frames or INFO lines", () => {
    expect(findErrorLines(log)).toEqual([
      "[2026-11-21T05:32:10,745][ERROR][o.e.b.Elasticsearch      ] [node-9220] fatal exception while booting Elasticsearch",
      "org.elasticsearch.http.BindHttpException: Failed to bind to 127.0.0.1:9220",
      "Caused by: java.net.BindException: Address already in use",
    ]);
  });

  it("returns nothing for a clean log", () => {
    expect(findErrorLines("[2026-11-21T05:28:49,237][INFO ][o.e.n.Node] [node-9200] started")).toEqual([]);
  });
});
