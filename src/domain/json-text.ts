/**
 * A part of a document that is JSON text already: the client's serializer (store/client.ts) writes
 * it into the document as it is, where JSON.stringify would have written an object. For the parts
 * that are most of a document's bytes and are written faster as text than built as objects (a
 * finished fixture's in-play states, domain/fixture/in-play-states.ts). Only a document's top-level
 * members may be one.
 */
export class JsonText {
  constructor(readonly text: string) {}

  /** What JSON.stringify writes for it outside the serializer: the value it stands for. */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}
