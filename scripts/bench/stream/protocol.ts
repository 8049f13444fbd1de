/**
 * What the benchmark (the parent) and its load process say to each other over IPC. Each
 * request gets exactly one answer of the matching `reply` type; `progress` lines come in
 * between.
 */
/** `key`: the client's own key (a bettor's; bench:cluster's keys spread over the proxy's instances), else the open request's. */
export type StreamClientSpec = { streamPath: string; pollPath: string; key?: string };

export type LoadRequest =
  | { type: "open"; key: string; clients: StreamClientSpec[]; instances: string[] }
  | { type: "measure" }
  | { type: "report" }
  | { type: "converge"; deadlineMs: number }
  | { type: "poll"; key: string; urls: string[]; durationMs: number }
  | { type: "close" };

export type Sparse = Array<[number, number]>;

export type InstanceFigures = { instance: string; clients: number; events: number; latency: Sparse };

export type OpenReply = { reply: "open"; opened: number; refused: Array<{ status: number; body: string; streamPath: string }>; snapshotMs: Sparse; seconds: number };

export type StreamsReply = {
  reply: "report";
  seconds: number;
  instances: InstanceFigures[];
  drops: number;
  violations: number;
  dropReasons: Array<[string, number]>;
  /** Clients whose stream is open now. */
  connected: number;
  /** When a stream last opened and when an event last arrived (epoch ms). */
  lastOpenAt: number;
  lastEventAt: number;
  /** Connections opened again after a drop (every client's opens but its first). */
  reconnects: number;
  /** Of those, the ones answered with a new snapshot rather than the missed events (a resume). */
  resnapshots: number;
};

export type ConvergeReply = {
  reply: "converge";
  clients: number;
  equalAtFirst: number;
  equal: number;
  seconds: number;
  examples: string[];
  /** Clients that differed at the first comparison (a window edge the clock moved, or a miss). */
  firstExamples: string[];
  /** When the last event arrived (epoch ms), read as the comparison ended. */
  lastEventAt: number;
};

export type PollReply = { reply: "poll"; seconds: number; sent: number; ok: number; late: number; shed: number; failed: number; latency: Sparse; reasons: Array<[string, number]> };

export type DoneReply = { reply: "done" };

export type LoadReply = OpenReply | StreamsReply | ConvergeReply | PollReply | DoneReply | { reply: "progress"; line: string };

/** The answer each request gets. */
export type ReplyTo = { open: OpenReply; measure: DoneReply; report: StreamsReply; converge: ConvergeReply; poll: PollReply; close: DoneReply };
