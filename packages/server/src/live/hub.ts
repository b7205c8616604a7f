import {
  API_ERROR,
  ITEM_TYPE,
  type ItemKey,
  type LiveClientMessage,
  type LiveItemState,
  type LiveServerMessage,
} from "@vigia/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { KernelContext } from "../kernel/context.ts";
import { ApiError } from "../kernel/errors.ts";
import { userPrincipal } from "../kernel/http/authenticate.ts";
import type { SessionEvent, SessionEvents } from "../kernel/session-events.ts";
import { type CompanyScope, resolveCompanyScope } from "../kernel/tenancy/scope.ts";
import { frameText, SharedFrames } from "./frames.ts";
import { HubSocket, parseClientFrame } from "./hub-socket.ts";
import type { LiveState } from "./live-state.ts";
import {
  concerns,
  recheckSession,
  SESSION_CLOSE,
  type SessionClose,
  tokenExpiry,
} from "./session-lifetime.ts";
import type { TrackService } from "./track-service.ts";

/** Session expiry checks. */
const SWEEP_MS = 200;
/**
 * How long messages gather before a socket frame goes out: short enough to keep the live latency well under
 * 100 ms, long enough that a busy company's positions travel as a few frames per second, not one each.
 */
const FLUSH_MS = 20;
/**
 * Bytes a socket may hold unsent before nothing more is handed to it: past this the browser is not keeping up, and
 * what waits stays in its outbox, where newer states replace older ones (outbox.ts), until the socket drains.
 */
const HIGH_WATER_BYTES = 256 * 1024;

type DetailRequest = `${"in" | "out"}${"Vehicle" | "Asset" | "Person"}`;
const DETAIL: Record<DetailRequest, { itemType: 1 | 2 | 3; open: boolean }> = {
  inVehicle: { itemType: 1, open: true },
  outVehicle: { itemType: 1, open: false },
  inAsset: { itemType: 2, open: true },
  outAsset: { itemType: 2, open: false },
  inPerson: { itemType: 3, open: true },
  outPerson: { itemType: 3, open: false },
};

const COLLECTION: Record<1 | 2 | 3, ItemKey> = { 1: "vehicle", 2: "asset", 3: "person" };
const DETAIL_ANSWER = { 1: "inVehicle", 2: "inAsset", 3: "inPerson" } as const;

/**
 * The real-time hub at /fr/ws/: authenticates each socket, binds it to one company within its scope, and
 * forwards the bus messages each client may and wants to see, several per frame.
 */
export class LiveHub {
  private readonly clients = new Set<HubSocket>();
  private timer: NodeJS.Timeout | null = null;
  /** The pending flush of queued messages, if any. */
  private flushing: NodeJS.Timeout | null = null;
  private readonly stopSessions: () => void;
  /** Superseded and dropped messages of connections already closed (open ones keep their own counts). */
  private readonly closedCounts = { coalesced: 0, dropped: 0 };

  constructor(
    private readonly ctx: KernelContext,
    private readonly live: LiveState,
    private readonly tracks: TrackService,
    sessions: SessionEvents,
  ) {
    this.stopSessions = sessions.on((event) => this.onSessionEvent(event));
  }

  mount = async (app: FastifyInstance): Promise<void> => {
    const handler = (socket: WebSocket, request: FastifyRequest) =>
      this.accept(socket, request.ip, request.host);
    app.get("/fr/ws/", { websocket: true, schema: { hide: true } }, handler);
    app.get("/fr/ws", { websocket: true, schema: { hide: true } }, handler);
  };

  /** Open live-channel sockets (for /metrics). */
  get socketCount(): number {
    return this.clients.size;
  }

  /**
   * For /metrics: messages superseded by a newer state of the same item before they left, messages dropped from a
   * full outbox, and the longest any open connection's outbox has been waiting.
   */
  outboxStats(): { coalesced: number; dropped: number; maxLagMs: number } {
    const now = this.ctx.clock.now();
    const out = { ...this.closedCounts, maxLagMs: 0 };
    for (const client of this.clients) {
      out.coalesced += client.outbox.coalesced;
      out.dropped += client.outbox.dropped;
      out.maxLagMs = Math.max(out.maxLagMs, client.outbox.lag(now));
    }
    return out;
  }

  private accept(socket: WebSocket, ip: string, host: string): void {
    const client = new HubSocket(socket, ip, host);
    this.clients.add(client);
    this.timer ??= setInterval(() => this.sweep(), SWEEP_MS);
    socket.on("message", (raw) => {
      const parsed = parseClientFrame(String(raw));
      // One message at a time per socket: bindCompany must see the result of the initialize before it, and a
      // refusal is answered in turn with the answers to the messages sent before it.
      client.chain = client.chain
        .then(() => {
          if (!parsed.ok) return this.send(client, { type: "error", data: parsed.error }, true);
          return this.handle(client, parsed.message);
        })
        .catch((error: unknown) => {
          const description = error instanceof ApiError ? error.description : "internal.error";
          if (!(error instanceof ApiError)) this.ctx.log.warn({ err: error }, "live message failed");
          const request = parsed.ok ? parsed.message.type : undefined;
          this.send(client, { type: "error", data: { description, ...(request ? { request } : {}) } }, true);
        });
    });
    socket.on("close", () => {
      client.unsubscribe?.();
      this.closedCounts.coalesced += client.outbox.coalesced;
      this.closedCounts.dropped += client.outbox.dropped;
      this.clients.delete(client);
      if (this.clients.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    });
  }

  private async authenticate(client: HubSocket, token: string): Promise<void> {
    // Signature, expiry, a session not ended by logout and the brand's host: the same check as every HTTP request.
    const principal = await userPrincipal(this.ctx, token, client.host);
    if (!principal) throw new ApiError(401, "user.unknown");
    // A fresh token extends this user's channel; it cannot turn the channel into another user's.
    if (client.principal && client.principal.userId !== principal.userId)
      throw new ApiError(401, "token.otherUser");
    if (principal.companyBlocked) throw new ApiError(403, API_ERROR.companyBlocked);
    client.principal = principal;
    client.expiresAt = tokenExpiry(token);
  }

  /** Re-checks every channel the event concerns, in turn with the messages it is handling. */
  private onSessionEvent(event: SessionEvent): void {
    for (const client of this.clients) {
      const principal = client.principal;
      if (!principal || !concerns(event, principal, client.scope?.companyId ?? null)) continue;
      client.chain = client.chain
        .then(() => this.recheck(client, event))
        .catch((error: unknown) => this.ctx.log.warn({ err: error }, "live session check failed"));
    }
  }

  private async recheck(client: HubSocket, event: SessionEvent): Promise<void> {
    if (!client.principal) return;
    const result = await recheckSession(this.ctx.db, this.ctx.clock, event, {
      principal: client.principal,
      companyId: client.scope?.companyId ?? null,
      ip: client.ip,
    });
    if (!result.keep) return this.endSession(client, result.close);
    const before = client.scope?.groupIds ?? null;
    client.principal = result.principal;
    if (!result.scope) return;
    const after = result.scope.groupIds;
    // Other groups now: a fresh snapshot of exactly what the user may see replaces the old one.
    if (JSON.stringify(before) !== JSON.stringify(after)) return this.bind(client, result.scope.companyId);
    client.scope = result.scope;
  }

  private endSession(client: HubSocket, close: SessionClose): void {
    client.unsubscribe?.();
    client.unsubscribe = null;
    client.scope = null;
    client.principal = null;
    client.outbox.clear();
    client.socket.close(close.code, close.reason);
  }

  private async handle(client: HubSocket, message: LiveClientMessage): Promise<void> {
    if (message.type === "initialize" || message.type === "accessToken") {
      await this.authenticate(client, message.data.accessToken);
      if (message.type === "initialize") {
        this.send(
          client,
          {
            type: "initialize",
            data: { ok: true, initTs: this.ctx.initTs, userId: client.principal!.userId },
          },
          true,
        );
      }
      return;
    }
    if (!client.principal) throw new ApiError(401, "not.initialized");
    switch (message.type) {
      case "bindCompany":
        return this.bind(client, message.data.id);
      case "closeCompany":
        client.unsubscribe?.();
        client.unsubscribe = null;
        client.scope = null;
        return;
      case "userInMap":
        client.userInMap = Boolean(message.data.value);
        return;
      case "mapGroupsSelected":
        client.mapGroups = message.data.ids.length > 0 ? new Set(message.data.ids) : null;
        return;
      case "addGroup":
      case "addGroups": {
        const ids = message.type === "addGroup" ? [message.data.id] : message.data.ids;
        client.mapGroups ??= new Set();
        for (const id of ids) client.mapGroups.add(id);
        return;
      }
      case "removeGroup":
      case "removeGroups": {
        const ids = message.type === "removeGroup" ? [message.data.id] : message.data.ids;
        for (const id of ids) client.mapGroups?.delete(id);
        return;
      }
      case "sensorTableOn": {
        client.sensorTable = new Set(message.data.ids);
        const items: Record<string, LiveItemState["sensors"]> = {};
        for (const id of message.data.ids) {
          const state = this.visibleState(client, 1, id);
          if (state) items[id] = state.sensors;
        }
        return this.send(client, { type: "sensorTableOn", data: { items } }, true);
      }
      case "sensorTableOff":
        client.sensorTable = null;
        return;
      case "vTrack": {
        const scope = this.requireScope(client);
        const track = await this.tracks.dayTrack(
          scope,
          1,
          message.data.id,
          message.data.from,
          message.data.to,
        );
        return this.send(client, { type: "vTrack", data: { id: message.data.id, ...track } }, true);
      }
      default: {
        const detail = DETAIL[message.type];
        const { id } = message.data;
        const key = `${detail.itemType}:${id}`;
        if (!detail.open) {
          client.details.delete(key);
          return;
        }
        const state = this.visibleState(client, detail.itemType, id);
        if (!state) throw new ApiError(404, "not.found");
        client.details.add(key);
        return this.send(client, { type: DETAIL_ANSWER[detail.itemType], data: state }, true);
      }
    }
  }

  private requireScope(client: HubSocket): CompanyScope {
    if (!client.scope) throw new ApiError(409, "no.company.bound");
    return client.scope;
  }

  /** The item's live state if it exists and the client's scope includes it. */
  private visibleState(client: HubSocket, itemType: 1 | 2 | 3, id: number): LiveItemState | null {
    const scope = this.requireScope(client);
    const state = this.live.state(itemType, id);
    if (!state || this.live.companyOf(itemType, id) !== scope.companyId) return null;
    if (scope.groupIds !== null && (state.groupId === null || !scope.groupIds.includes(state.groupId)))
      return null;
    return state;
  }

  private async bind(client: HubSocket, companyId: number): Promise<void> {
    const scope = await resolveCompanyScope(this.ctx.db, client.principal!, companyId);
    client.unsubscribe?.();
    client.scope = scope;
    client.details.clear();
    await this.live.prepareCompany(companyId);
    const snapshot: Record<`${ItemKey}s`, Record<string, LiveItemState>> = {
      vehicles: {},
      assets: {},
      persons: {},
    };
    for (const state of this.live.companyItems(companyId)) {
      if (state.itemType === ITEM_TYPE.unknown) continue;
      if (scope.groupIds !== null && (state.groupId === null || !scope.groupIds.includes(state.groupId)))
        continue;
      snapshot[`${COLLECTION[state.itemType as 1 | 2 | 3]}s`][state.id] = state;
    }
    client.unsubscribe = this.live.subscribe(companyId, (envelopes) => {
      const now = this.ctx.clock.now();
      for (const envelope of envelopes)
        if (client.sees(envelope)) this.send(client, envelope.message, false, now);
    });
    const company = await this.ctx.db.query<{ state: number }>("select state from companies where id = $1", [
      companyId,
    ]);
    this.send(
      client,
      { type: "bindCompany", data: { id: companyId, initTs: this.ctx.initTs, ...snapshot } },
      true,
    );
    this.send(
      client,
      { type: "companyStatus", data: { id: companyId, state: company[0]?.state ?? 0 } },
      true,
    );
  }

  /** `now` is read once by a caller sending a batch: a clock read per message per connection adds up. */
  private send(
    client: HubSocket,
    message: LiveServerMessage,
    immediate = false,
    now = this.ctx.clock.now(),
  ): void {
    client.outbox.push(message, now);
    if (immediate) this.flush(client);
    else this.flushing ??= setTimeout(() => this.flushAll(), FLUSH_MS);
  }

  /**
   * Hands what waits to the socket, unless the socket still holds too much unsent (then it waits, coalescing).
   * Within a pass over every socket, `shared` builds each distinct frame once.
   */
  private flush(client: HubSocket, shared: SharedFrames | null = null): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN || socket.bufferedAmount > HIGH_WATER_BYTES) return;
    const texts = client.outbox.takeTexts();
    if (texts === null) return;
    if (shared) socket.send(shared.frameOf(texts), { binary: false });
    else socket.send(frameText(texts));
  }

  private flushAll(): void {
    this.flushing = null;
    const shared = new SharedFrames();
    for (const client of this.clients) this.flush(client, shared);
  }

  /** Ends expired sessions and sends what is still queued. */
  private sweep(): void {
    const now = this.ctx.clock.now();
    const shared = new SharedFrames();
    for (const client of this.clients) {
      if (client.expiresAt !== null && now >= client.expiresAt) {
        client.expiresAt = null;
        this.endSession(client, SESSION_CLOSE.expired);
      } else this.flush(client, shared);
    }
  }

  /** Sends a message to every client bound to the company (companyStatus, checkToken, alerts). */
  broadcast(companyId: number, message: LiveServerMessage): void {
    for (const client of this.clients)
      if (client.scope?.companyId === companyId) this.send(client, message, true);
  }

  async close(): Promise<void> {
    this.stopSessions();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.flushing) clearTimeout(this.flushing);
    this.flushing = null;
    for (const client of this.clients) {
      client.unsubscribe?.();
      client.socket.close(1001, "server shutting down");
    }
    this.clients.clear();
  }
}
