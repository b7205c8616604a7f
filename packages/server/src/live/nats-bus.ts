import type { Subscription } from "@nats-io/transport-node";
import { liveServerMessageSchema } from "@vigia/domain";
import { z } from "zod";
import type { Cluster } from "../kernel/cluster.ts";
import type { LiveBus, LiveEnvelope, LiveHandler } from "./bus.ts";
import type { BindingCache } from "./live-state.ts";

const envelopesSchema = z.array(
  z.object({
    companyId: z.number().int(),
    itemType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    itemId: z.number().int(),
    groupId: z.number().int().nullable(),
    message: liveServerMessageSchema,
    detailOnly: z.boolean().optional(),
    everyGroup: z.boolean().optional(),
    userId: z.number().int().optional(),
  }),
);

/**
 * The live bus of a cluster: messages are published on `<prefix>.live.<companyId>` and every API node that has a
 * client bound to the company subscribes to that subject. A node hears its own publishes too (NATS echoes them),
 * so a message reaches the local clients exactly once, by the same path as a remote one.
 */
export class NatsBus implements LiveBus {
  private readonly handlers = new Map<number, { set: Set<LiveHandler>; sub: Subscription }>();
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly cluster: Cluster,
    private readonly onBadMessage: (error: unknown) => void,
  ) {}

  /**
   * One NATS message per publish, split where it would pass the server's payload limit (1 MB by default): a large
   * batch of positions must not be refused, which would fail the whole batch after its commit.
   */
  publish(companyId: number, envelopes: LiveEnvelope[]): void {
    const { nc } = this.cluster;
    if (envelopes.length === 0 || nc.isClosed()) return;
    const subject = this.cluster.subject("live", companyId);
    const limit = Math.max(4096, (nc.info?.max_payload ?? 1_048_576) - 1024);
    let parts: string[] = [];
    let size = 2;
    const flush = () => {
      if (parts.length > 0) nc.publish(subject, this.encoder.encode(`[${parts.join(",")}]`));
      parts = [];
      size = 2;
    };
    for (const envelope of envelopes) {
      const json = JSON.stringify(envelope);
      const bytes = Buffer.byteLength(json);
      if (bytes + 2 > limit) {
        this.onBadMessage(
          new Error(`live message of ${bytes} bytes is above the NATS payload limit; not sent`),
        );
        continue;
      }
      if (size + bytes + 1 > limit) flush();
      parts.push(json);
      size += bytes + 1;
    }
    flush();
  }

  subscribe(companyId: number, handler: LiveHandler): () => void {
    let entry = this.handlers.get(companyId);
    if (!entry) {
      const set = new Set<LiveHandler>();
      const sub = this.cluster.nc.subscribe(this.cluster.subject("live", companyId), {
        callback: (err, msg) => {
          if (err) return;
          let envelopes: LiveEnvelope[];
          try {
            envelopes = envelopesSchema.parse(msg.json());
          } catch (error) {
            this.onBadMessage(error);
            return;
          }
          for (const h of set) h(envelopes);
        },
      });
      entry = { set, sub };
      this.handlers.set(companyId, entry);
    }
    const { set, sub } = entry;
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(companyId)?.set === set) {
        sub.unsubscribe();
        this.handlers.delete(companyId);
      }
    };
  }

  async close(): Promise<void> {
    for (const { sub } of this.handlers.values()) sub.unsubscribe();
    this.handlers.clear();
  }
}

/** The signal every node hears when a device binding changed ("*" for all of them). */
const BINDINGS = "bindings";

/**
 * Device bindings are cached by every node that resolves frames (gateways, processors). A change made on an API
 * node drops them there and tells the others, which drop theirs when they hear it.
 */
export function clusterBindings(cluster: Cluster, local: BindingCache): BindingCache {
  return {
    invalidate: (imei?: string) => {
      local.invalidate(imei);
      cluster.signal(BINDINGS, imei ?? "*");
    },
  };
}

/** Keeps a node's binding cache in step with the changes other nodes announce. */
export function followBindings(cluster: Cluster, local: BindingCache): void {
  cluster.onSignal(BINDINGS, (imei) => local.invalidate(imei === "*" ? undefined : imei));
}
