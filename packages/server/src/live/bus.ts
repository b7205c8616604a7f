import type { ServerMessage } from "@vigia/domain";

/** One live message with what the hub needs to decide who may receive it. */
export interface LiveEnvelope {
  companyId: number;
  itemType: 0 | 1 | 2 | 3;
  itemId: number;
  /** Group of the item, for SUBADMIN/OPERATOR scope and the map's group selection; null = company-wide. */
  groupId: number | null;
  message: ServerMessage;
  /** Only clients that opened this item's detail (or its sensor table row) receive it. */
  detailOnly?: boolean;
  /** Reaches every client whose scope includes the item, whatever groups its map shows (alarm notices). */
  everyGroup?: boolean;
  /** Reaches only this user's clients (a personal map marker); absent: whoever the rest allows. */
  userId?: number;
}

export type LiveHandler = (envelopes: LiveEnvelope[]) => void;

/**
 * The live bus between the processor and the real-time hubs, one subject per company ("live.<id>").
 * In one process it is in memory; a NATS implementation of the same interface joins several nodes.
 */
export interface LiveBus {
  publish(companyId: number, envelopes: LiveEnvelope[]): void;
  subscribe(companyId: number, handler: LiveHandler): () => void;
  close(): Promise<void>;
}

export class MemoryBus implements LiveBus {
  private readonly handlers = new Map<number, Set<LiveHandler>>();

  publish(companyId: number, envelopes: LiveEnvelope[]): void {
    if (envelopes.length === 0) return;
    for (const handler of this.handlers.get(companyId) ?? []) handler(envelopes);
  }

  subscribe(companyId: number, handler: LiveHandler): () => void {
    let set = this.handlers.get(companyId);
    if (!set) {
      set = new Set();
      this.handlers.set(companyId, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(companyId);
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
