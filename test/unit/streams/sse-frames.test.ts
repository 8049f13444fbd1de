import { createParser, type EventSourceMessage } from "eventsource-parser";
import { describe, expect, it } from "vitest";
import { SSE_HEARTBEAT, sseEvent, sseRetry } from "../../../src/streams/sse-frames.js";

function parse(text: string): { events: EventSourceMessage[]; retry: number | undefined } {
  const events: EventSourceMessage[] = [];
  let retry: number | undefined;
  const parser = createParser({ onEvent: (event) => events.push(event), onRetry: (ms) => (retry = ms) });
  parser.feed(text);
  return { events, retry };
}

describe("SSE frames", () => {
  it("encodes an event a real parser reads back with its id, name and JSON data", () => {
    const data = JSON.stringify({ fixture: { id: 7, name: "Line\nbreak" } });
    const { events } = parse(sseEvent("q1.4", "update", Buffer.from(data)).toString("utf8"));
    expect(events).toEqual([{ id: "q1.4", event: "update", data }]);
    expect(JSON.parse(events[0]!.data)).toEqual({ fixture: { id: 7, name: "Line\nbreak" } });
  });

  it("sends heartbeats as comments, which deliver no event, and a retry hint", () => {
    const { events, retry } = parse(`${SSE_HEARTBEAT.toString()}${sseRetry(2000).toString()}`);
    expect(events).toEqual([]);
    expect(retry).toBe(2000);
  });
});
