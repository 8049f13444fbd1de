import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

type Link = { client: Socket; upstream: Socket; held: Buffer[]; onData?: (chunk: Buffer) => void };

/** Keeps what the client sends in `link.held` (not on its way to the node) until released. */
function holdLink(link: Link): void {
  link.onData = (chunk: Buffer) => link.held.push(chunk);
  link.client.on("data", link.onData);
  // unpipe() paused it, and a 'data' listener alone does not resume a paused stream.
  link.client.resume();
}

/**
 * A loopback TCP proxy in front of the real node, so a test can cut Elasticsearch
 * off from one service instance (and bring it back) without stopping the node that
 * other test files share.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  /** When true, new connections are accepted and never answered, as a hung node would. */
  hanging = false;
  port = 0;
  private readonly links = new Set<Link>();
  private held = false;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** A proxy (not yet open) in front of the node the tests use: the first of ELASTICSEARCH_URL. */
  static toTestNode(): TcpProxy {
    const node = new URL((process.env.ELASTICSEARCH_URL ?? "http://127.0.0.1:9200").split(",")[0]!);
    return new TcpProxy(node.hostname, Number(node.port || 9200));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      if (this.hanging) {
        this.sockets.add(client);
        client.on("close", () => this.sockets.delete(client));
        client.on("error", () => client.destroy());
        return;
      }
      const upstream = connect(this.targetPort, this.targetHost);
      const link: Link = { client, upstream, held: [] };
      this.links.add(link);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => {
          this.sockets.delete(socket);
          this.links.delete(link);
        });
        socket.on("error", () => socket.destroy());
      }
      upstream.pipe(client);
      if (this.held) holdLink(link);
      else client.pipe(upstream);
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /**
   * Holds every request on its way to the node, on open connections and new ones, until
   * `release()`: the node seems slow, then answers them all, as a node busy for a while would.
   */
  hold(): void {
    this.held = true;
    for (const link of this.links) {
      link.client.unpipe(link.upstream);
      holdLink(link);
    }
  }

  /**
   * Open connections with a request held on its way to the node (while `hold()` holds them);
   * with `containing`, only those whose held bytes contain it (a header's value, say).
   */
  heldRequests(containing?: string): number {
    let count = 0;
    for (const link of this.links) {
      if (link.client.destroyed || link.held.length === 0) continue;
      if (containing === undefined || Buffer.concat(link.held).includes(containing)) count++;
    }
    return count;
  }

  /** Lets every held request on its way; a no-op when nothing is held (piping twice would send everything twice). */
  release(): void {
    if (!this.held) return;
    this.held = false;
    for (const link of this.links) {
      if (link.onData) link.client.off("data", link.onData);
      link.onData = undefined;
      for (const chunk of link.held.splice(0)) link.upstream.write(chunk);
      link.client.pipe(link.upstream);
    }
  }

  /** Refuses new connections and drops the open ones, as a stopped node would. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
