import { ITEM_PREFIX, type LiveItemState, type ServerMessage } from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import type { KernelContext } from "../kernel/context.ts";
import type { LiveBus, LiveEnvelope, LiveStore } from "../live/index.ts";
import { applyPosition, type Effect } from "../live/index.ts";
import { dayStartOf, type PartitionManager } from "./partitions.ts";
import type { DeviceBinding, DeviceRegistry } from "./registry.ts";

export interface IngestRecord {
  protocol: string;
  imei: string;
  remote: string;
  positions: DecodedPosition[];
}

export type SubmitResult = "stored" | "unknown";

/** What happened to one item when one committed position was applied; alarm rules evaluate this. */
export interface AppliedPosition {
  binding: DeviceBinding;
  companyId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
  position: DecodedPosition;
  before: LiveItemState;
  after: LiveItemState;
  effects: Effect[];
}

export type AppliedListener = (applied: AppliedPosition[]) => Promise<void> | void;

interface Pending {
  binding: DeviceBinding;
  positions: DecodedPosition[];
  receivedTs: number;
  resolve: (result: SubmitResult) => void;
  reject: (error: Error) => void;
}

/** How far a device clock may run ahead before its fixes are taken as wrong rather than stored. */
const FUTURE_TOLERANCE_MS = 24 * 3_600_000;
const MAX_BATCH_POSITIONS = 5000;

/**
 * Writes positions in batches and answers each submitter only after its rows are committed, so a device
 * is acknowledged only for what is safely stored. Live state advances after the commit.
 */
export class Processor {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;
  /** Set once the gateway should stop taking data (shutdown): pending work still completes. */
  stats = { positions: 0, batches: 0 };
  private readonly listeners: AppliedListener[] = [];

  constructor(
    private readonly ctx: KernelContext,
    private readonly registry: DeviceRegistry,
    private readonly partitions: PartitionManager,
    private readonly store: LiveStore,
    private readonly bus: LiveBus,
  ) {}

  /** Registers a consumer of applied positions (alarm engine, forwarding…); called after live state advanced. */
  onApplied(listener: AppliedListener): void {
    this.listeners.push(listener);
  }

  async submit(record: IngestRecord): Promise<SubmitResult> {
    if (this.closed) throw new Error("processor is shutting down");
    const binding = await this.registry.lookup(record.imei);
    if (!binding) {
      await this.registry.recordUnknown(record.imei, record.protocol, record.remote);
      return "unknown";
    }
    if (record.positions.length === 0) return "stored";
    return new Promise<SubmitResult>((resolve, reject) => {
      this.queue.push({
        binding,
        positions: record.positions,
        receivedTs: this.ctx.clock.now(),
        resolve,
        reject,
      });
      this.kick();
    });
  }

  private kick(): void {
    if (this.flushing) return;
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  /** Resolves once everything submitted so far is committed and applied. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  private takeBatch(): Pending[] {
    const batch: Pending[] = [];
    let count = 0;
    while (
      this.queue.length > 0 &&
      (batch.length === 0 || count + this.queue[0]!.positions.length <= MAX_BATCH_POSITIONS)
    ) {
      const next = this.queue.shift()!;
      batch.push(next);
      count += next.positions.length;
    }
    return batch;
  }

  private async drain(): Promise<void> {
    // Let submissions from the same I/O turn join this batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const batch = this.takeBatch();
    if (batch.length === 0) return;
    const now = this.ctx.clock.now();
    const rows: Record<string, unknown>[] = [];
    const accepted: { pending: Pending; position: DecodedPosition }[] = [];
    for (const pending of batch) {
      const { binding } = pending;
      for (const position of pending.positions) {
        if (position.ts > now + FUTURE_TOLERANCE_MS || !Number.isFinite(position.ts) || position.ts <= 0)
          continue;
        accepted.push({ pending, position });
        rows.push({
          c: binding.companyId ?? 0,
          d: binding.deviceRowId,
          it: binding.itemType,
          ii: binding.itemId,
          ts: position.ts,
          rt: pending.receivedTs,
          lat: position.lat,
          lng: position.lng,
          alt: position.alt,
          spd: position.spd,
          co: position.course,
          sa: position.satt,
          va: position.valid,
          sr: position.src,
          at: position.attributes,
        });
      }
    }
    try {
      await this.ctx.db.transaction(async (tx) => {
        const days = new Set(rows.map((r) => `${r.c}:${dayStartOf(r.ts as number)}`));
        for (const cd of days) {
          const [c, d] = cd.split(":").map(Number);
          await this.partitions.ensure(tx, c!, d!);
        }
        if (rows.length > 0) {
          await tx.query(
            `insert into positions (company_id, device_id, item_type, item_id, ts, received_ts, lat, lng, alt, spd, course,
               satt, valid, src, attributes)
             select r.c, r.d, r.it, r.ii, r.ts, r.rt, r.lat, r.lng, r.alt, r.spd, r.co, r.sa, r.va, r.sr, coalesce(r.at, '{}')
             from jsonb_to_recordset($1::jsonb) as r(c int, d int, it smallint, ii int, ts bigint, rt bigint,
               lat float8, lng float8, alt float8, spd float8, co float8, sa smallint, va boolean, sr smallint, at jsonb)
             on conflict do nothing`,
            [JSON.stringify(rows)],
          );
        }
        const firstSeen = batch
          .filter((p) => p.binding.firstConnectTs === null)
          .map((p) => p.binding.deviceRowId);
        if (firstSeen.length > 0) {
          await tx.query(
            "update devices set first_connect_ts = $2 where id = any($1::int[]) and first_connect_ts is null",
            [firstSeen, now],
          );
          for (const p of batch) p.binding.firstConnectTs ??= now;
        }
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error instanceof Error ? error : new Error(String(error)));
      this.ctx.log.error({ err: error }, "position batch failed; devices will resend");
      return;
    }
    this.stats.positions += rows.length;
    this.stats.batches += 1;
    for (const pending of batch) pending.resolve("stored");
    await this.advanceLiveState(accepted);
  }

  /** Applies committed positions to live state, oldest first per item, and publishes what changed. */
  private async advanceLiveState(accepted: { pending: Pending; position: DecodedPosition }[]): Promise<void> {
    accepted.sort((a, b) => a.position.ts - b.position.ts);
    const byCompany = new Map<number, LiveEnvelope[]>();
    const followUps: Promise<void>[] = [];
    const applied: AppliedPosition[] = [];
    for (const { pending, position } of accepted) {
      const { binding } = pending;
      if (binding.companyId === null || binding.itemId === null || binding.itemType === 0) continue;
      const itemType = binding.itemType;
      const current = this.store.getOrCreate(binding.companyId, itemType, binding.itemId, binding.groupId);
      const { item, effects } = applyPosition(
        current,
        { ...position, receivedTs: pending.receivedTs },
        binding,
      );
      if (effects.length === 0) continue;
      this.store.set(binding.companyId, item);
      applied.push({
        binding,
        companyId: binding.companyId,
        itemType,
        itemId: binding.itemId,
        position,
        before: current.state,
        after: item.state,
        effects,
      });
      const envelopes = byCompany.get(binding.companyId) ?? [];
      byCompany.set(binding.companyId, envelopes);
      for (const effect of effects) {
        const message = this.messageFor(effect, item.state, binding);
        if (message)
          envelopes.push({
            companyId: binding.companyId,
            itemType,
            itemId: binding.itemId,
            groupId: binding.groupId,
            ...message,
          });
        const work = this.persistEffect(effect, binding, position.ts);
        if (work) followUps.push(work);
      }
    }
    for (const [companyId, envelopes] of byCompany) this.bus.publish(companyId, envelopes);
    await Promise.allSettled(followUps);
    for (const listener of this.listeners) {
      try {
        await listener(applied);
      } catch (error) {
        this.ctx.log.error({ err: error }, "applied-position listener failed");
      }
    }
  }

  private messageFor(
    effect: Effect,
    state: ReturnType<LiveStore["getOrCreate"]>["state"],
    binding: DeviceBinding,
  ): { message: ServerMessage; detailOnly?: boolean } | null {
    const prefix = ITEM_PREFIX[binding.itemType as 1 | 2 | 3];
    const id = state.id;
    switch (effect.kind) {
      case "pos":
        if (!state.pos) return null;
        return {
          message: {
            type: `${prefix}Pos` as "vPos",
            data: { id, pos: state.pos, motion: state.motion, ignition: state.ignition, since: state.since },
          },
        };
      case "sensors":
        return {
          message: { type: `${prefix}Sensor` as "vSensor", data: { id, sensors: effect.sensors } },
          detailOnly: true,
        };
      case "event":
        return { message: { type: `${prefix}Event` as "vEvent", data: { id, event: effect.event } } };
      case "odometer":
        return binding.itemType === 1
          ? { message: { type: "vOdo", data: { id, odometer: effect.odometer } } }
          : null;
      case "hours":
        return binding.itemType === 1
          ? { message: { type: "vHour", data: { id, hours: effect.hours } } }
          : null;
      case "dtcs":
        return binding.itemType === 1 ? { message: { type: "vDtc", data: { id, dtcs: effect.dtcs } } } : null;
      case "driverCard":
        return null;
    }
  }

  private persistEffect(effect: Effect, binding: DeviceBinding, ts: number): Promise<void> | null {
    if (effect.kind === "event") {
      return this.ctx.db
        .query(
          `insert into events (company_id, device_id, item_type, item_id, ts, kind, lat, lng, spd, value)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict do nothing`,
          [
            binding.companyId,
            binding.deviceRowId,
            binding.itemType,
            binding.itemId,
            effect.event.ts,
            effect.event.kind,
            effect.event.lat,
            effect.event.lng,
            effect.event.spd,
            effect.event.value ?? null,
          ],
        )
        .then(() => undefined);
    }
    if (effect.kind === "driverCard" && binding.itemType === 1)
      return this.identifyDriver(binding, effect.card, ts);
    if (effect.kind === "dtcs" && binding.itemType === 1) {
      return this.ctx.db
        .query("update vehicles set dtcs = $2::jsonb where id = $1", [
          binding.itemId,
          JSON.stringify(effect.dtcs),
        ])
        .then(() => undefined);
    }
    return null;
  }

  /** A card read (iButton, tachograph card or beacon) assigns its driver to the vehicle. */
  private async identifyDriver(binding: DeviceBinding, card: string, ts: number): Promise<void> {
    const drivers = await this.ctx.db.query<{ id: number }>(
      `select id from drivers where company_id = $1
         and (upper(ibutton) = upper($2) or upper(tachograph_card) = upper($2) or upper(beacon) = upper($2)) limit 1`,
      [binding.companyId, card],
    );
    const driverId = drivers[0]?.id ?? null;
    const vehicleId = binding.itemId!;
    const item = this.store.get(1, vehicleId);
    if (!item || item.state.driverId === driverId) return;
    await this.ctx.db.transaction(async (tx) => {
      await tx.query("update drivers set vehicle_id = null, vehicle_ts = $2 where vehicle_id = $1", [
        vehicleId,
        ts,
      ]);
      await tx.query("update vehicles set driver_id = $2, driver_ts = $3 where id = $1", [
        vehicleId,
        driverId,
        ts,
      ]);
      if (driverId !== null) {
        await tx.query(
          "update vehicles set driver_id = null, driver_ts = $2 where driver_id = $1 and id <> $3",
          [driverId, ts, vehicleId],
        );
        await tx.query("update drivers set vehicle_id = $2, vehicle_ts = $3 where id = $1", [
          driverId,
          vehicleId,
          ts,
        ]);
      }
    });
    this.store.set(binding.companyId!, { ...item, state: { ...item.state, driverId } });
    const base = {
      companyId: binding.companyId!,
      itemType: 1 as const,
      itemId: vehicleId,
      groupId: binding.groupId,
    };
    const envelopes: LiveEnvelope[] = [
      { ...base, message: { type: "vDriver", data: { id: vehicleId, driverId, ts } } },
    ];
    if (driverId !== null)
      envelopes.push({ ...base, message: { type: "dVehicle", data: { id: driverId, vehicleId, ts } } });
    this.bus.publish(binding.companyId!, envelopes);
  }
}
