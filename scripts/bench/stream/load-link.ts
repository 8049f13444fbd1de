import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { LoadReply, LoadRequest, ReplyTo } from "./protocol.js";

/** The load process (load-process.ts) as a child of the benchmark, asked one thing at a time. */
export class LoadLink {
  private child: ChildProcess | null = null;
  private waiting: ((reply: LoadReply) => void) | null = null;

  constructor(private readonly log: (line: string) => void) {}

  /** The running load process's pid (its CPU is read while streams open). */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /**
   * A new load process for the next phase: one that ran a phase carries its heap (a thousand
   * clients' state, decoded events) into the next one's connection burst, whose snapshots then
   * arrived later in every phase after the first.
   */
  fresh(): void {
    this.child?.kill();
    this.child = this.start();
  }

  private start(): ChildProcess {
    const child = fork(fileURLToPath(new URL("./load-process.ts", import.meta.url)), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    child.on("message", (reply: LoadReply) => {
      if (reply.reply === "progress") this.log(`  ${reply.line}`);
      else this.waiting?.(reply);
    });
    child.on("exit", (code) => {
      if (code) this.log(`the load process exited with ${code}`);
    });
    return child;
  }

  ask<T extends LoadRequest["type"]>(request: Extract<LoadRequest, { type: T }>): Promise<ReplyTo[T]> {
    this.child ??= this.start();
    const child = this.child;
    return new Promise((resolve, reject) => {
      const onExit = () => reject(new Error("the load process ended"));
      child.once("exit", onExit);
      this.waiting = (reply) => {
        this.waiting = null;
        child.off("exit", onExit);
        resolve(reply as ReplyTo[T]);
      };
      child.send(request);
    });
  }

  stop(): void {
    this.child?.kill();
  }
}
