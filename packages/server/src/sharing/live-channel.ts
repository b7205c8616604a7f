import {
  ITEM_TYPE,
  SHARED_CLOSE_CODES,
  type SharedCloseReason,
  type SharedItemRef,
  type SharedLiveMessage,
} from "@vigia/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { KernelContext } from "../kernel/context.ts";
import type { LiveState } from "../live/index.ts";
import { linkByToken, type StoredLink } from "./store.ts";

/** How often open shared channels re-read their link: a revocation made on another node ends them then. */
const RECHECK_MS = 30_000;
const POSITION_TYPES = new Set(["vPos", "aPos", "pPos"]);

interface SharedSocket {
  socket: WebSocket;
  link: StoredLink;
  keys: Set<string>;
  unsubscribe: () => void;
}

const keyOf = (ref: SharedItemRef | { itemType: number; itemId: number }) => `${ref.itemType}:${ref.itemId}`;

/** Why a link may not be used now, or null when it may. */
export function linkClosedReason(link: StoredLink | null, now: number): SharedCloseReason | null {
  if (!link) return "unknown";
  if (link.revokedTs !== null) return "revoked";
  if (now >= link.expiresTs) return "expired";
  return null;
}

/**
 * The public shared page's read-only live channel at /fr/ws/shareroute/{token}. The token is the only
 * credential: the socket carries positions of the link's items and nothing else of the company (no names,
 * states, sensors or other items), accepts no messages, and ends with `closed` when the link is revoked or
 * its validity ends.
 */
export class SharedRouteChannel {
  private readonly sockets = new Set<SharedSocket>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: KernelContext & { live: LiveState }) {}

  mount = async (app: FastifyInstance): Promise<void> => {
    app.get<{ Params: { token: string } }>(
      "/fr/ws/shareroute/:token",
      { websocket: true, schema: { hide: true } },
      (socket: WebSocket, request: FastifyRequest<{ Params: { token: string } }>) =>
        void this.accept(socket, request.params.token).catch((error: unknown) => {
          this.ctx.log.warn({ err: error }, "shared channel failed");
          socket.close(1011, "internal.error");
        }),
    );
  };

  /** Open shared channels (for tests and metrics). */
  get socketCount(): number {
    return this.sockets.size;
  }

  /** A link was revoked on this node: its open channels end now. */
  revoked(linkId: number): void {
    for (const shared of this.sockets) if (shared.link.id === linkId) this.end(shared, "revoked");
  }

  /** Re-reads every open channel's link (revoked elsewhere, expired under the clock). */
  async recheck(): Promise<void> {
    const now = this.ctx.clock.now();
    for (const shared of [...this.sockets]) {
      const token = await this.ctx.db.query<{ revoked_ts: string | number | null }>(
        "select revoked_ts from share_links where id = $1",
        [shared.link.id],
      );
      const revokedTs = token[0] ? token[0].revoked_ts : now;
      const reason = linkClosedReason(
        { ...shared.link, revokedTs: revokedTs === null ? null : Number(revokedTs) },
        now,
      );
      if (reason) this.end(shared, reason);
    }
  }

  async close(): Promise<void> {
    for (const shared of [...this.sockets]) shared.socket.close(1001, "shutdown");
    this.sockets.clear();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async accept(socket: WebSocket, token: string): Promise<void> {
    // Messages from the page are not read: the channel is one-way.
    socket.on("message", () => undefined);
    const link = token.length <= 100 ? await linkByToken(this.ctx.db, token) : null;
    const reason = linkClosedReason(link, this.ctx.clock.now());
    if (reason || !link) {
      send(socket, { type: "closed", data: { reason: reason ?? "unknown" } });
      socket.close(SHARED_CLOSE_CODES[reason ?? "unknown"], reason ?? "unknown");
      return;
    }
    await this.ctx.live.prepareCompany(link.companyId);
    const keys = new Set(link.items.map(keyOf));
    const shared: SharedSocket = { socket, link, keys, unsubscribe: () => undefined };
    shared.unsubscribe = this.ctx.live.subscribe(link.companyId, (envelopes) => {
      const closed = linkClosedReason(shared.link, this.ctx.clock.now());
      if (closed) return this.end(shared, closed);
      for (const { itemType, itemId, message } of envelopes) {
        if (
          itemType === ITEM_TYPE.unknown ||
          !keys.has(keyOf({ itemType, itemId })) ||
          !POSITION_TYPES.has(message.type)
        )
          continue;
        if (!("pos" in message.data) || !message.data.pos) continue;
        const { ts, lat, lng, spd, course } = message.data.pos;
        send(socket, { type: "pos", data: { itemType, itemId, pos: { ts, lat, lng, spd, course } } });
      }
    });
    socket.on("close", () => {
      shared.unsubscribe();
      this.sockets.delete(shared);
      if (this.sockets.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    });
    this.sockets.add(shared);
    send(socket, { type: "open", data: { expiresTs: link.expiresTs } });
    if (!this.timer) {
      this.timer = setInterval(() => void this.recheck().catch(() => undefined), RECHECK_MS);
      this.timer.unref();
    }
  }

  private end(shared: SharedSocket, reason: SharedCloseReason): void {
    shared.unsubscribe();
    this.sockets.delete(shared);
    send(shared.socket, { type: "closed", data: { reason } });
    shared.socket.close(SHARED_CLOSE_CODES[reason], reason);
  }
}

function send(socket: WebSocket, message: SharedLiveMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}
