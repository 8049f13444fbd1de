import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

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
  private readonly links = new Set<{ client: Socket; upstream: Socket }>();
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
      const link = { client, upstream };
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
      if (!this.held) client.pipe(upstream);
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
    for (const { client, upstream } of this.links) client.unpipe(upstream);
  }

  release(): void {
    this.held = false;
    for (const { client, upstream } of this.links) client.pipe(upstream);
  }

  /** Refuses new connections and drops the open ones, as a stopped node would. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
