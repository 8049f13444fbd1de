/**
 * Why a stream ended, as a kind the code decides on (how to end the connection, how loud to
 * log) and a detail for the log line. Behaviour never depends on the detail's wording.
 */
export type CloseKind =
  | "client-closed"
  | "slow-client"
  | "key-revoked"
  | "result-set-too-large"
  | "shutting-down"
  | "not-started";

export type CloseReason = { kind: CloseKind; detail: string };

export const closeReason = (kind: CloseKind, detail: string): CloseReason => ({ kind, detail });

/** A slow client's unsent bytes are what it could not take: they are dropped, not flushed. */
export const dropsUnsent = (reason: CloseReason): boolean => reason.kind === "slow-client";

/** Ends the service decided on because something is wrong: logged as warnings. */
export const isWarning = (reason: CloseReason): boolean => reason.kind === "slow-client";
