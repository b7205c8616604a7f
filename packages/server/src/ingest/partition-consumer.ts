import { randomBytes } from "node:crypto";
import { type ConsumerMessages, type JsMsg, jetstream } from "@nats-io/jetstream";
import { type KV, Kvm } from "@nats-io/kv";
import type { FastifyBaseLogger } from "fastify";
import type { Cluster } from "../kernel/cluster.ts";
import { consumerName, ingestRecordSchema, streamName } from "./jetstream.ts";
import { planOwnership } from "./partition-owners.ts";
import type { IngestQueue } from "./queue.ts";

/** What the processor node does around a change of hands (live state and alarm memory of the items). */
export interface PartitionHooks {
  /** Before the first frame of a claimed partition is read. */
  claimed?: (partition: number) => Promise<void>;
  /** After the last frame of a partition given up was committed, before another node may claim it. */
  released?: (partition: number) => Promise<void>;
}

interface Held {
  revision: number;
  messages: ConsumerMessages;
  /** Frames handed to the processor and not yet acknowledged. */
  inflight: Set<Promise<void>>;
  releasing: boolean;
  done: Promise<void>;
}

/**
 * A processor node's side of the stream. Partitions are owned through leases in a key-value bucket whose
 * entries expire after `leaseMs` unless renewed: `part.<n>` names the owner, `node.<id>` is each processor's
 * heartbeat. Only the owner of a partition pulls from its durable consumer, so one device's frames are
 * committed by one processor at a time and in order; a frame is acknowledged after the processor committed
 * it. A killed processor stops renewing: its leases run out, the others claim its partitions, and JetStream
 * delivers again what it held unacknowledged (its ack wait is shorter than the lease, see `ackWaitMs`).
 */
export class PartitionConsumer {
  readonly nodeId = `${process.pid}-${randomBytes(4).toString("hex")}`;
  private readonly held = new Map<number, Held>();
  private kv: KV | null = null;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly cluster: Cluster,
    private readonly queue: IngestQueue,
    private readonly log: FastifyBaseLogger,
    private readonly leaseMs: number,
    private readonly hooks: PartitionHooks = {},
  ) {}

  holds(partition: number): boolean {
    return this.held.has(partition);
  }

  /** Partitions this node holds now (metrics, tests). */
  partitions(): number[] {
    return [...this.held.keys()].sort((a, b) => a - b);
  }

  async start(): Promise<void> {
    const kvm = new Kvm(this.cluster.nc);
    this.kv = await kvm.create(`${this.cluster.prefix}_owners`, { ttl: this.leaseMs, history: 1 });
    await this.tick();
    this.timer = setInterval(
      () => {
        if (this.ticking) return;
        this.ticking = this.tick()
          .catch((err: unknown) => this.log.warn({ err }, "partition lease round failed"))
          .finally(() => {
            this.ticking = null;
          });
      },
      Math.max(200, Math.floor(this.leaseMs / 5)),
    );
  }

  /** Stops pulling, lets every frame in hand commit and be acknowledged, and hands the partitions back. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    await Promise.all([...this.held.keys()].map((p) => this.release(p)));
    await this.kv?.delete(`node.${this.nodeId}`).catch(() => undefined);
  }

  private async tick(): Promise<void> {
    const kv = this.kv!;
    if (this.closed) return;
    await kv.put(`node.${this.nodeId}`, String(Date.now()));
    // Renew what is held; a lease lost (this node stalled past it) means another node may own it now.
    for (const [p, held] of this.held) {
      if (held.releasing) continue;
      try {
        held.revision = await kv.update(`part.${p}`, this.nodeId, held.revision);
      } catch {
        this.log.warn({ partition: p }, "partition lease lost; stopping its consumer");
        await this.stop(p);
      }
    }
    const nodes: string[] = [];
    const owners = new Map<number, string>();
    for await (const key of await kv.keys()) {
      if (key.startsWith("node.")) nodes.push(key.slice(5));
      else if (key.startsWith("part.")) {
        const entry = await kv.get(key);
        if (entry && entry.operation === "PUT") owners.set(Number(key.slice(5)), entry.string());
      }
    }
    const plan = planOwnership(this.nodeId, this.cluster.partitions, { nodes, owners });
    for (const p of plan.release) await this.release(p);
    for (const p of plan.claim) {
      if (this.closed) return;
      const revision = await kv.create(`part.${p}`, this.nodeId).catch(() => null);
      if (revision === null) continue;
      await this.hooks.claimed?.(p);
      await this.consume(p, revision);
    }
  }

  private async consume(partition: number, revision: number): Promise<void> {
    const consumer = await jetstream(this.cluster.nc).consumers.get(
      streamName(this.cluster),
      consumerName(partition),
    );
    const messages = await consumer.consume({ max_messages: 1000 });
    const held: Held = { revision, messages, inflight: new Set(), releasing: false, done: Promise.resolve() };
    held.done = (async () => {
      for await (const msg of messages) {
        // Stopping: what was pulled but not started goes back at once, ahead of newer frames.
        if (held.releasing) {
          msg.nak();
          continue;
        }
        const work = this.handle(partition, msg);
        held.inflight.add(work);
        void work.finally(() => held.inflight.delete(work));
      }
    })();
    this.held.set(partition, held);
    this.log.info({ partition, node: this.nodeId }, "partition claimed");
  }

  private async handle(partition: number, msg: JsMsg): Promise<void> {
    let record: ReturnType<typeof ingestRecordSchema.parse>;
    try {
      record = ingestRecordSchema.parse(msg.json());
    } catch (err) {
      // Cannot ever be read: delivering it again would not help.
      this.log.error({ err, partition, seq: msg.seq }, "unreadable ingest frame; dropped from the stream");
      msg.term();
      return;
    }
    try {
      const { raw, ...rest } = record;
      await this.queue.submit(raw === undefined ? rest : { ...rest, raw: Buffer.from(raw, "base64") });
      msg.ack();
    } catch (err) {
      this.log.warn({ err, partition }, "ingest frame not committed; it will be delivered again");
      msg.nak(1000);
    }
  }

  /** Stops pulling and waits for the frames in hand; the lease stays until `release` drops it. */
  private async stop(partition: number): Promise<void> {
    const held = this.held.get(partition);
    if (!held) return;
    held.releasing = true;
    await held.messages.close().catch(() => undefined);
    await held.done;
    while (held.inflight.size > 0) await Promise.allSettled([...held.inflight]);
    this.held.delete(partition);
  }

  private async release(partition: number): Promise<void> {
    const held = this.held.get(partition);
    if (!held) return;
    const revision = held.revision;
    await this.stop(partition);
    await this.hooks
      .released?.(partition)
      .catch((err: unknown) =>
        this.log.warn({ err, partition }, "handing a partition back: its state was not saved"),
      );
    // Only our own lease is dropped: if it changed hands meanwhile, the new owner keeps it.
    await this.kv?.delete(`part.${partition}`, { previousSeq: revision }).catch(() => undefined);
    this.log.info({ partition, node: this.nodeId }, "partition released");
  }
}
