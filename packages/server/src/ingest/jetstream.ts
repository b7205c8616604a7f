import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamClient,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from "@nats-io/jetstream";
import { z } from "zod";
import type { Cluster } from "../kernel/cluster.ts";
import type { IngestQueue, IngestRecord, SubmitResult } from "./queue.ts";
import { MAX_UNDECODED_BYTES } from "./raw-frame.ts";
import type { DeviceRegistry } from "./registry.ts";

/** FNV-1a of the device identifier: every frame of one device lands in one partition, so its order is kept. */
export function partitionOf(imei: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < imei.length; i++) {
    hash ^= imei.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}

export const streamName = (cluster: Cluster): string => `${cluster.prefix.toUpperCase()}_INGEST`;
export const consumerName = (partition: number): string => `p${partition}`;

/** How long a delivered frame may stay unacknowledged before JetStream hands it out again. */
export const ackWaitMs = (leaseMs: number): number =>
  // Shorter than a partition lease: by the time a dead processor's lease runs out, everything it held is due
  // again, so the next owner gets those frames before newer ones and each device's order holds.
  Math.max(1000, Math.floor(leaseMs * 0.66));

/** Unacknowledged frames per partition: JetStream stops delivering above it, which is the back-pressure. */
const MAX_ACK_PENDING = 4000;

/**
 * JSON has no NaN or Infinity: a device's non-finite number arrives as null and goes back to NaN, so the
 * processor quarantines it with its reason (ingest/position-checks.ts) instead of the frame being unreadable.
 */
const deviceNumber = z
  .number()
  .nullable()
  .transform((n) => n ?? Number.NaN);

const positionSchema = z.object({
  ts: deviceNumber,
  lat: deviceNumber,
  lng: deviceNumber,
  alt: deviceNumber,
  spd: deviceNumber,
  course: deviceNumber,
  satt: deviceNumber,
  valid: z.boolean(),
  src: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  attributes: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
});

/** One decoded device message as it travels through the stream. */
export const ingestRecordSchema = z.object({
  protocol: z.string(),
  imei: z.string(),
  remote: z.string(),
  receivedTs: z.number(),
  positions: z.array(positionSchema),
  /** The frame as received, base64, for the quarantine (ingest/raw-frame.ts caps what it keeps). */
  raw: z.string().optional(),
  /** Cell towers and Wi-Fi APs of a frame without a fix: the processor turns them into a position (locate.ts). */
  cells: z
    .array(
      z.object({
        mcc: z.number(),
        mnc: z.number(),
        lac: z.number(),
        cid: z.number(),
        rssi: z.number().nullable(),
      }),
    )
    .max(64)
    .optional(),
  wifi: z
    .array(z.object({ mac: z.string().max(32), rssi: z.number().nullable() }))
    .max(64)
    .optional(),
  beacons: z
    .array(z.object({ id: z.string().max(100), rssi: z.number() }))
    .max(64)
    .optional(),
  frameTs: z.number().optional(),
  /** Why the decoder could not read the whole frame: the processor quarantines it (undecoded.ts). */
  undecoded: z.string().max(500).optional(),
});

/** The stream carries at most this much of a frame; the quarantine keeps 4 KiB of it. */
const MAX_STREAM_RAW = 8 * 1024;

/** Creates the stream and one durable consumer per partition, or leaves them as they are. */
export async function ensureIngestStream(cluster: Cluster, leaseMs: number): Promise<void> {
  const jsm = await jetstreamManager(cluster.nc);
  const name = streamName(cluster);
  const subjects = [cluster.subject("ingest", "*")];
  try {
    await jsm.streams.info(name);
  } catch {
    // A work queue: a frame is deleted once a processor acknowledged it; file storage survives a NATS restart.
    await jsm.streams
      .add({ name, subjects, retention: RetentionPolicy.Workqueue, storage: StorageType.File })
      .catch(async (error: unknown) => {
        // Another node created it at the same moment.
        if (!(await jsm.streams.info(name).catch(() => null))) throw error;
      });
  }
  const waitNs = ackWaitMs(leaseMs) * 1_000_000;
  for (let p = 0; p < cluster.partitions; p++) {
    const durable = consumerName(p);
    if (await jsm.consumers.info(name, durable).catch(() => null)) continue;
    await jsm.consumers
      .add(name, {
        durable_name: durable,
        filter_subject: cluster.subject("ingest", p),
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: waitNs,
        max_ack_pending: MAX_ACK_PENDING,
      })
      .catch(async (error: unknown) => {
        if (!(await jsm.consumers.info(name, durable).catch(() => null))) throw error;
      });
  }
}

/**
 * The gateway's ingest queue in a cluster: a frame of a known device is published to its partition and counts
 * as stored once JetStream acknowledged the publish (it is on the stream's disk); a processor commits it later.
 * Unknown devices are recorded here, from the database, as in one process.
 */
export class JetStreamIngest implements IngestQueue {
  private readonly js: JetStreamClient;
  private readonly encoder = new TextEncoder();
  private closed = false;

  constructor(
    private readonly cluster: Cluster,
    private readonly registry: DeviceRegistry,
    private readonly now: () => number,
  ) {
    this.js = jetstream(cluster.nc);
  }

  async submit(record: IngestRecord): Promise<SubmitResult> {
    if (this.closed) throw new Error("gateway is shutting down");
    const binding = await this.registry.admit(record);
    // Unknown, or refused (another protocol than the device's type): the device is answered alike.
    if (!binding) return "unknown";
    if (
      record.positions.length === 0 &&
      !record.cells?.length &&
      !record.wifi?.length &&
      !record.beacons?.length &&
      record.undecoded === undefined
    )
      return "stored";
    const body: z.input<typeof ingestRecordSchema> = {
      protocol: record.protocol,
      imei: record.imei,
      remote: record.remote,
      receivedTs: record.receivedTs ?? this.now(),
      positions: record.positions,
      ...(record.cells?.length ? { cells: record.cells.slice(0, 64) } : {}),
      ...(record.wifi?.length ? { wifi: record.wifi.slice(0, 64) } : {}),
      ...(record.beacons?.length ? { beacons: record.beacons.slice(0, 64) } : {}),
      ...(record.frameTs === undefined ? {} : { frameTs: record.frameTs }),
      ...(record.undecoded === undefined ? {} : { undecoded: record.undecoded.slice(0, 500) }),
      // An undecoded frame travels whole (sessions cap frames at 64 KiB): decoding it again needs every byte.
      ...(record.raw === undefined
        ? {}
        : {
            raw: Buffer.from(record.raw)
              .subarray(0, record.undecoded === undefined ? MAX_STREAM_RAW : MAX_UNDECODED_BYTES)
              .toString("base64"),
          }),
    };
    const subject = this.cluster.subject("ingest", partitionOf(record.imei, this.cluster.partitions));
    await this.js.publish(subject, this.encoder.encode(JSON.stringify(body)));
    return "stored";
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
