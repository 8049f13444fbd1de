import { createParser, type EventSourceMessage } from "eventsource-parser";

/**
 * Reads a text/event-stream body with fetch's streaming (Node >= 22 and every current
 * browser), so no polyfill is needed and the key can travel in a header, which a browser's
 * EventSource cannot send. Resolves when the server ends the body; rejects on a broken one.
 */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (message: EventSourceMessage) => void,
  onRetry: (ms: number) => void,
): Promise<void> {
  const parser = createParser({ onEvent, onRetry });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}
