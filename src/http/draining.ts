/**
 * Whether this instance is draining (docs/operations.md, "Draining"): from SIGTERM on, /ready
 * answers 503 so the proxy's health check takes the instance out of rotation, new streams are
 * refused so that they open on another instance, and ordinary requests are still answered until
 * the drain period ends and the server closes (src/server.ts). An instance never stops draining.
 */
export class Draining {
  private started = false;

  get active(): boolean {
    return this.started;
  }

  start(): void {
    this.started = true;
  }
}
