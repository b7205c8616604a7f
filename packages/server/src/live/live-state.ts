import {
  ITEM_PREFIX,
  ITEM_TYPE,
  type LiveItemState,
  offlineAfterMs,
  type ServerMessage,
} from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import type { KernelContext } from "../kernel/context.ts";
import { ITEM_TABLE } from "../kernel/tenancy/items.ts";
import { type LiveBus, type LiveEnvelope, type LiveHandler, MemoryBus } from "./bus.ts";
import { messageForEffect } from "./position-messages.ts";
import { applyPosition, type Effect, type EngineItem } from "./state-engine.ts";
import { LiveStore } from "./store.ts";

/** What live needs to know about the device a committed position came from (ingest's device binding). */
export interface LiveBinding {
  deviceRowId: number;
  companyId: number | null;
  itemType: 0 | 1 | 2 | 3;
  itemId: number | null;
  groupId: number | null;
  /** Vehicle odometer source (0-3) and initial mileage in km; 3 (calculated) for non-vehicles. */
  odometerSource: number;
  initialMileageKm: number;
}

/** One position the processor has committed to the database. */
export interface CommittedPosition {
  binding: LiveBinding;
  position: DecodedPosition;
  receivedTs: number;
}

/** What happened to one item when one committed position was applied; alarm rules evaluate this. */
export interface AppliedPosition {
  binding: LiveBinding;
  companyId: number;
  itemType: 1 | 2 | 3;
  itemId: number;
  position: DecodedPosition;
  before: LiveItemState;
  after: LiveItemState;
  effects: Effect[];
  /**
   * Older than the item's current position (a buffered upload, a backlog sent after a newer fix): live state did
   * not move (before and after are the current state, no effects), but history, forwarding and the late-data
   * alarm policy still owe it what an in-order position gets.
   */
  late: boolean;
  /** Live state's engine before the position (the derivation starts from it when it has no state of its own). */
  engine: EngineItem;
}

export type AppliedListener = (applied: AppliedPosition[]) => Promise<void> | void;

/** One live message and whom it is about; the company is given once per publish. */
export type LiveMessage = Omit<LiveEnvelope, "companyId">;

/** A message that is about no item (places, company state, group reloads): company-wide. */
export const companyWide = (message: ServerMessage): LiveMessage => ({
  itemType: 0,
  itemId: 0,
  groupId: null,
  message,
});

/** `reloadGroup` for each group an item left or joined (no group: nothing to reload), addressed to the item. */
export function reloadGroups(
  itemType: 0 | 1 | 2 | 3,
  itemId: number,
  groupIds: readonly (number | null)[],
): LiveMessage[] {
  return [...new Set(groupIds)].flatMap((groupId) =>
    groupId === null
      ? []
      : [{ itemType, itemId, groupId, message: { type: "reloadGroup", data: { id: groupId } } }],
  );
}

/** The cache of device bindings the ingest resolves frames with (its device registry). */
export interface BindingCache {
  /** Drops one device's binding, or every binding without an argument. */
  invalidate(imei?: string): void;
}

export interface ItemsChange {
  /** Identifiers of the devices whose binding changed; omitted: any binding may have changed. */
  devices?: readonly string[];
  /** What open maps must reload or learn (reloadGroup, addGroup, custom data…). */
  messages?: LiveMessage[];
}

const offlineMessage = (itemType: 1 | 2 | 3, id: number, offline: boolean): ServerMessage => ({
  type: `${ITEM_PREFIX[itemType]}Offline` as "vOffline",
  data: { id, offline },
});

/**
 * The one owner of live state: every change to an item's live state, to the device bindings it is computed
 * from, and every message on the live bus goes through here. The store and the bus stay inside `live/`.
 */
export class LiveState {
  private readonly store: LiveStore;
  private readonly bus: LiveBus;
  private readonly listeners: AppliedListener[] = [];

  private readonly replica: boolean;

  /**
   * `replica`: this node does not own live state (an API node of a cluster: the processors own it and persist it
   * to item_state every second). It reads a company's state from item_state when a client binds to it, never
   * writes item_state, and hears the owners' messages on the bus.
   */
  constructor(
    private readonly ctx: KernelContext,
    private readonly bindings: BindingCache,
    bus: LiveBus = new MemoryBus(),
    options: { replica?: boolean } = {},
  ) {
    this.store = new LiveStore(ctx.db, ctx.clock);
    this.bus = bus;
    this.replica = options.replica ?? false;
  }

  /** Loads the snapshotted state, so motion, odometers and timers continue where they were. */
  async load(): Promise<void> {
    await this.store.load();
  }

  // --- Reads -------------------------------------------------------------------------------------------

  state(itemType: number, itemId: number): LiveItemState | undefined {
    return this.store.get(itemType, itemId)?.state;
  }

  companyOf(itemType: number, itemId: number): number | undefined {
    return this.store.companyOf(itemType, itemId);
  }

  /** Every item of a company with a live state. */
  companyItems(companyId: number): LiveItemState[] {
    return this.store.companyItems(companyId);
  }

  /** Receives every message published for the company (the hub, tests). */
  subscribe(companyId: number, handler: LiveHandler): () => void {
    return this.bus.subscribe(companyId, handler);
  }

  /** Registers a consumer of applied positions (alarm engine, forwarding…); called after live state advanced. */
  onApplied(listener: AppliedListener): void {
    this.listeners.push(listener);
  }

  /**
   * Before a client gets a company's snapshot: a replica reads the company's persisted state (at most the owners'
   * snapshot interval old; the bus brings every change after it). The owner has it in memory already.
   */
  async prepareCompany(companyId: number): Promise<void> {
    if (this.replica) await this.store.loadCompany(companyId);
  }

  /**
   * A cluster processor takes items over from another (a partition claimed): their state continues from what the
   * previous owner last persisted (it snapshots every second, and once more when it hands a partition back).
   */
  async adoptItems(items: readonly { itemType: number; itemId: number }[]): Promise<void> {
    await this.store.loadItems(items);
  }

  /** Writes changed items to item_state; returns how many. A replica writes nothing (the owners do). */
  snapshot(): Promise<number> {
    return this.replica ? Promise.resolve(0) : this.store.snapshot();
  }

  async close(): Promise<void> {
    await this.snapshot().catch(() => undefined);
    await this.bus.close();
  }

  // --- Writes ------------------------------------------------------------------------------------------

  /**
   * Applies committed positions to live state, oldest first, publishes what changed, stores what the effects
   * say (events, fault codes, the driver a card names) and then hands the applied positions to the listeners,
   * positions older than the item's current one too (marked `late`: live state did not change for them).
   */
  async applyCommitted(committed: CommittedPosition[]): Promise<void> {
    const ordered = [...committed].sort((a, b) => a.position.ts - b.position.ts);
    const byCompany = new Map<number, LiveEnvelope[]>();
    const followUps: Promise<void>[] = [];
    const applied: AppliedPosition[] = [];
    for (const { binding, position, receivedTs } of ordered) {
      if (binding.companyId === null || binding.itemId === null || binding.itemType === ITEM_TYPE.unknown)
        continue;
      const { companyId, itemType, itemId } = binding;
      const current = this.store.getOrCreate(companyId, itemType, itemId, binding.groupId);
      const result = applyPosition(current, { ...position, receivedTs }, binding);
      const { effects } = result;
      if (effects.length === 0) {
        applied.push({
          binding,
          companyId,
          itemType,
          itemId,
          position,
          before: current.state,
          after: current.state,
          effects,
          late: true,
          engine: current,
        });
        continue;
      }
      // The device spoke: whatever it said, the item is not silent any more.
      const item = current.state.offline
        ? { ...result.item, state: { ...result.item.state, offline: false } }
        : result.item;
      this.store.set(companyId, item);
      applied.push({
        binding,
        companyId,
        itemType,
        itemId,
        position,
        before: current.state,
        after: item.state,
        effects,
        late: false,
        engine: current,
      });
      const envelopes = byCompany.get(companyId) ?? [];
      byCompany.set(companyId, envelopes);
      if (current.state.offline)
        envelopes.push({
          companyId,
          itemType,
          itemId,
          groupId: binding.groupId,
          message: offlineMessage(itemType, itemId, false),
        });
      for (const effect of effects) {
        const message = messageForEffect(effect, item.state, itemType);
        if (message) envelopes.push({ companyId, itemType, itemId, groupId: binding.groupId, ...message });
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

  /**
   * Puts an item into a custom state (the state route and an alarm rule's action): stored on the item row,
   * kept in the live state (so map snapshots and restarts keep it) and published. Unchanged: nothing happens.
   */
  async setCustomState(
    companyId: number,
    item: { itemType: 1 | 2 | 3; itemId: number; groupId: number | null },
    stateId: number,
  ): Promise<void> {
    const { itemType, itemId, groupId } = item;
    await this.ctx.db.query(`update ${ITEM_TABLE[itemType]} set custom_state = $1 where id = $2`, [
      stateId,
      itemId,
    ]);
    const live = this.store.getOrCreate(companyId, itemType, itemId, groupId);
    if (live.state.customStateId === stateId) return;
    this.store.set(companyId, { ...live, state: { ...live.state, customStateId: stateId } });
    this.bus.publish(companyId, [
      {
        companyId,
        itemType,
        itemId,
        groupId,
        message: {
          type: `${ITEM_PREFIX[itemType]}CustomState` as "vCustomState",
          data: { id: itemId, stateId },
        },
      },
    ]);
  }

  /**
   * A vehicle's driver changed (already stored): the live state follows and the maps learn it for the vehicle
   * and for the drivers taken on and released.
   */
  assignDriver(
    companyId: number,
    change: {
      vehicleId: number;
      groupId: number | null;
      driverId: number | null;
      releasedDriverId: number | null;
      ts: number;
    },
  ): void {
    const { vehicleId, groupId, driverId, releasedDriverId, ts } = change;
    const item = this.store.get(1, vehicleId);
    if (item && item.state.driverId !== driverId)
      this.store.set(companyId, { ...item, state: { ...item.state, driverId } });
    const base = { companyId, itemType: 1 as const, itemId: vehicleId, groupId };
    const envelopes: LiveEnvelope[] = [
      { ...base, message: { type: "vDriver", data: { id: vehicleId, driverId, ts } } },
    ];
    // A driver drives one vehicle: the one they left keeps no stale driver (the stored row is cleared with it),
    // or the next map snapshot would show them on both.
    if (driverId !== null)
      for (const other of this.store.companyItems(companyId)) {
        if (other.itemType !== ITEM_TYPE.vehicle || other.id === vehicleId || other.driverId !== driverId)
          continue;
        const entry = this.store.get(1, other.id);
        if (entry) this.store.set(companyId, { ...entry, state: { ...entry.state, driverId: null } });
        envelopes.push({
          companyId,
          itemType: 1,
          itemId: other.id,
          groupId: other.groupId,
          message: { type: "vDriver", data: { id: other.id, driverId: null, ts } },
        });
      }
    if (driverId !== null)
      envelopes.push({ ...base, message: { type: "dVehicle", data: { id: driverId, vehicleId, ts } } });
    if (releasedDriverId !== null && releasedDriverId !== driverId)
      envelopes.push({
        ...base,
        message: { type: "dVehicle", data: { id: releasedDriverId, vehicleId: null, ts } },
      });
    this.bus.publish(companyId, envelopes);
  }

  /**
   * Marks offline every item whose device has not been heard from (receivedTs of its last position) for
   * longer than its company's timeout (`conf.general.offlineAfterMin`), and publishes each change. Run on a
   * timer; time comes from the injectable clock. Returns how many items changed.
   */
  async markSilentItems(): Promise<number> {
    const now = this.ctx.clock.now();
    const companies = await this.ctx.db.query<{ id: number; general: unknown }>(
      "select id, conf->'general' as general from companies",
    );
    const timeouts = new Map(companies.map((c) => [c.id, offlineAfterMs(c.general)]));
    const byCompany = new Map<number, LiveEnvelope[]>();
    let changed = 0;
    for (const { companyId, item } of this.store.entries()) {
      const pos = item.state.pos;
      if (!pos) continue;
      const timeout = timeouts.get(companyId);
      if (timeout === undefined) continue;
      const offline = now - pos.receivedTs > timeout;
      if (offline === item.state.offline) continue;
      this.store.set(companyId, { ...item, state: { ...item.state, offline } });
      const { itemType, id, groupId } = item.state;
      if (itemType === ITEM_TYPE.unknown) continue;
      const envelopes = byCompany.get(companyId) ?? [];
      byCompany.set(companyId, envelopes);
      envelopes.push({
        companyId,
        itemType,
        itemId: id,
        groupId,
        message: offlineMessage(itemType, id, offline),
      });
      changed++;
    }
    for (const [companyId, envelopes] of byCompany) this.bus.publish(companyId, envelopes);
    return changed;
  }

  /**
   * The item's device was unassigned (or replaced): what live knew came from that device, so the item's live
   * state ends (position, motion, sensors) and open maps learn that it has no current position.
   */
  async endItem(companyId: number, item: { itemType: 1 | 2 | 3; itemId: number; groupId: number | null }) {
    const { itemType, itemId, groupId } = item;
    await this.forgetItem(itemType, itemId);
    this.bus.publish(companyId, [
      {
        companyId,
        itemType,
        itemId,
        groupId,
        message: { type: `${ITEM_PREFIX[itemType]}Ended` as "vEnded", data: { id: itemId } },
      },
    ]);
  }

  /** An item was deleted: its live state ends, here and in the snapshot table. */
  async forgetItem(itemType: 1 | 2 | 3, itemId: number): Promise<void> {
    this.store.forget(itemType, itemId);
    await this.ctx.db.query("delete from item_state where item_type = $1 and item_id = $2", [
      itemType,
      itemId,
    ]);
  }

  /**
   * Items, groups or devices changed: the ingest resolves the touched devices again (all of them when not
   * named, or when no company is given: a reseller's stock) and open maps get the messages.
   */
  itemsChanged(companyId: number | null, change: ItemsChange = {}): void {
    if (change.devices === undefined) this.bindings.invalidate();
    else for (const imei of change.devices) this.bindings.invalidate(imei);
    if (companyId !== null && change.messages) this.publish(companyId, change.messages);
  }

  /** Publishes messages that change no item state (places, notices, company state, group reloads, item data). */
  publish(companyId: number, messages: LiveMessage[]): void {
    this.bus.publish(
      companyId,
      messages.map((m) => ({ ...m, companyId })),
    );
  }

  private persistEffect(effect: Effect, binding: LiveBinding, ts: number): Promise<void> | null {
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
    if (effect.kind === "driverCard" && binding.itemType === ITEM_TYPE.vehicle)
      return this.identifyDriver(binding, effect.card, ts);
    if (effect.kind === "driverBeacons" && binding.itemType === ITEM_TYPE.vehicle)
      return this.identifyDriverByBeacon(binding, effect.ids, ts);
    if (effect.kind === "dtcs" && binding.itemType === ITEM_TYPE.vehicle) {
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
  private async identifyDriver(binding: LiveBinding, card: string, ts: number): Promise<void> {
    const drivers = await this.ctx.db.query<{ id: number }>(
      `select id from drivers where company_id = $1
         and (upper(ibutton) = upper($2) or upper(tachograph_card) = upper($2) or upper(beacon) = upper($2)) limit 1`,
      [binding.companyId!, card],
    );
    await this.setIdentifiedDriver(binding, drivers[0]?.id ?? null, ts);
  }

  /**
   * The vehicle's device heard beacons: when one is a driver's beacon, that driver drives it now (the strongest
   * comes first in the list). Hearing no driver's beacon changes nothing: a vehicle passes other beacons.
   */
  private async identifyDriverByBeacon(binding: LiveBinding, ids: string[], ts: number): Promise<void> {
    const upper = ids.map((id) => id.toUpperCase());
    const drivers = await this.ctx.db.query<{ id: number; beacon: string }>(
      "select id, upper(beacon) as beacon from drivers where company_id = $1 and upper(beacon) = any($2::text[])",
      [binding.companyId!, upper],
    );
    if (drivers.length === 0) return;
    const rank = (d: { beacon: string }) => upper.indexOf(d.beacon);
    const best = drivers.reduce((a, b) => (rank(b) < rank(a) ? b : a));
    await this.setIdentifiedDriver(binding, Number(best.id), ts);
  }

  private async setIdentifiedDriver(
    binding: LiveBinding,
    driverId: number | null,
    ts: number,
  ): Promise<void> {
    const companyId = binding.companyId!;
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
    this.assignDriver(companyId, {
      vehicleId,
      groupId: binding.groupId,
      driverId,
      releasedDriverId: item.state.driverId,
      ts,
    });
  }
}
