import type { ServerResponse } from "node:http";
import { EventEmitter } from "node:events";
import { Subscriber } from "../../src/streams/subscriber.js";

/** A response that records what it was sent, as text chunks (never slow). */
export function recordingResponse(): ServerResponse & { sent: string[] } {
  const response = Object.assign(new EventEmitter(), {
    sent: [] as string[],
    writableLength: 0,
    destroyed: false,
    write(chunk: Buffer) {
      response.sent.push(chunk.toString());
      return true;
    },
    end() {},
    destroy() {},
    cork() {},
    uncork() {},
  });
  return response as unknown as ServerResponse & { sent: string[] };
}

/** A started subscriber on `response`. */
export function recordingSubscriber(response: ServerResponse): Subscriber {
  const created = new Subscriber({ response, key: "k", keyId: "id", lastEventId: null, maxBufferedBytes: 1 << 20, onClose: () => {} });
  created.start();
  return created;
}
