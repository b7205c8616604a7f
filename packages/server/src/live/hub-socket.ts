import {
  ITEM_TYPE,
  type LiveClientMessage,
  type LiveErrorData,
  liveClientMessageSchema,
} from "@vigia/domain";
import type { WebSocket } from "ws";
import type { Principal } from "../kernel/tenancy/principal.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import type { LiveEnvelope } from "./bus.ts";
import { Outbox } from "./outbox.ts";

/** Messages a connection's outbox holds at most; past it the oldest goes (outbox.ts). */
const MAX_QUEUED = 20_000;

type ParsedFrame = { ok: true; message: LiveClientMessage } | { ok: false; error: LiveErrorData };

/**
 * Checks one client frame: JSON, then one known message with the fields its type needs. A refusal names the
 * message type when there was one and each wrong field with its zod issue code, so a client can tell why.
 */
export function parseClientFrame(text: string): ParsedFrame {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: { description: "invalid.json" } };
  }
  const result = liveClientMessageSchema.safeParse(json);
  if (result.success) return { ok: true, message: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".") || "message"] ??= issue.code;
  const type = typeof json === "object" && json !== null && "type" in json ? json.type : undefined;
  return {
    ok: false,
    error: { description: "message.invalid", ...(typeof type === "string" ? { request: type } : {}), fields },
  };
}

/** One browser connection and what it asked to see. */
export class HubSocket {
  principal: Principal | null = null;
  /** When the last access token the client sent expires; the channel closes then unless a fresh one came. */
  expiresAt: number | null = null;
  scope: CompanyScope | null = null;
  /** Groups picked on the map; null = every group the scope allows. */
  mapGroups: Set<number> | null = null;
  readonly details = new Set<string>();
  sensorTable: Set<number> | null = null;
  userInMap = true;
  unsubscribe: (() => void) | null = null;
  /** Messages waiting for the next frame. */
  readonly outbox = new Outbox(MAX_QUEUED);
  chain: Promise<void> = Promise.resolve();

  constructor(
    readonly socket: WebSocket,
    readonly ip: string,
    /** The Host the socket was opened on: a brand's host serves only that brand's accounts. */
    readonly host: string,
  ) {}

  sees(envelope: LiveEnvelope): boolean {
    if (!this.scope || envelope.companyId !== this.scope.companyId) return false;
    if (envelope.userId !== undefined && envelope.userId !== this.principal?.userId) return false;
    const { groupId } = envelope;
    if (this.scope.groupIds !== null && (groupId === null || !this.scope.groupIds.includes(groupId))) {
      // Company-wide messages (no group, no item) still reach group-scoped users; anything of another group not.
      if (envelope.itemType !== ITEM_TYPE.unknown || groupId !== null) return false;
    }
    const key = `${envelope.itemType}:${envelope.itemId}`;
    if (envelope.detailOnly)
      return (
        this.details.has(key) ||
        (envelope.itemType === ITEM_TYPE.vehicle && (this.sensorTable?.has(envelope.itemId) ?? false))
      );
    if (
      this.mapGroups !== null &&
      groupId !== null &&
      !envelope.everyGroup &&
      !this.mapGroups.has(groupId) &&
      !this.details.has(key)
    )
      return false;
    return true;
  }
}
