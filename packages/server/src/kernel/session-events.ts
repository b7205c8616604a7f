/**
 * What ends or narrows a signed-in session, announced by whoever writes it (user administration, sign-out,
 * group deletion) and heard by whoever holds sessions open (the live channel). Access tokens are checked per
 * request anyway; a WebSocket lives longer than a request, so it needs to be told.
 */
export type SessionEvent =
  /** Users deleted, or their role, read-only flag, groups or restrictions changed. */
  | { kind: "usersChanged"; userIds: readonly number[] }
  /** Every user of a company may have changed (a group removed from them, the company deleted). */
  | { kind: "companyChanged"; companyId: number }
  /** The user signed out of a session; its open channels end. */
  | { kind: "loggedOut"; userId: number }
  /** Sessions ended by policy (a new password, a newly required second factor): their channels close. */
  | { kind: "sessionsEnded"; sessionIds: string[] };

export type SessionListener = (event: SessionEvent) => void;

export class SessionEvents {
  private readonly listeners = new Set<SessionListener>();

  /** Starts listening; the returned function stops it. */
  on(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: SessionEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
