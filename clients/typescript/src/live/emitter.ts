/**
 * A typed event emitter small enough to run unchanged in Node and in browsers (Node's
 * EventEmitter is not in browsers, and EventTarget's events carry no typed payload).
 */
export class Emitter<Events extends Record<string, unknown>> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  /** Adds a listener; returns the function that removes it. */
  on<Name extends keyof Events>(name: Name, listener: (payload: Events[Name]) => void): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => this.off(name, listener);
  }

  off<Name extends keyof Events>(name: Name, listener: (payload: Events[Name]) => void): void {
    this.listeners.get(name)?.delete(listener as (payload: never) => void);
  }

  protected emit<Name extends keyof Events>(name: Name, payload: Events[Name]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) (listener as (payload: Events[Name]) => void)(payload);
  }
}
