import {
  type BindCompanyData,
  emptyLiveItemState,
  type FleetStatus,
  fleetStatus,
  ITEM_TYPE,
  type ItemKey,
  type LiveItemState,
  type LivePosition,
  type ServerMessage,
} from "@vigia/domain";

/** Store key of one item: kind letter and id ("v:12"), the same in the map source and the list. */
export type LiveKey = `${"v" | "a" | "p"}:${number}`;
const LETTER: Record<ItemKey, "v" | "a" | "p"> = { vehicle: "v", asset: "a", person: "p" };
const KIND_OF_LETTER = { v: "vehicle", a: "asset", p: "person" } as const;
const TYPE_OF_LETTER = { v: 1, a: 2, p: 3 } as const;
/** The item kind each per-item message is about. */
const LETTER_OF_TYPE = {
  vPos: "v",
  aPos: "a",
  pPos: "p",
  vSensor: "v",
  aSensor: "a",
  pSensor: "p",
  vCustomState: "v",
  aCustomState: "a",
  pCustomState: "p",
  vOffline: "v",
  aOffline: "a",
  pOffline: "p",
  vEnded: "v",
  aEnded: "a",
  pEnded: "p",
} as const;

export const liveKey = (kind: ItemKey, id: number): LiveKey => `${LETTER[kind]}:${id}`;
export function parseKey(key: LiveKey): { kind: ItemKey; id: number } {
  return { kind: KIND_OF_LETTER[key[0] as "v" | "a" | "p"], id: Number(key.slice(2)) };
}

/** What one applied batch changed: `reset` when everything must be redrawn (a new snapshot). */
export interface StoreChange {
  reset: boolean;
  keys: ReadonlySet<LiveKey>;
}

/** Longest live track kept for the selected item; older points fall off the start. */
export const MAX_TRACK_POINTS = 5000;

function emptyState(letter: "v" | "a" | "p", id: number): LiveItemState {
  return emptyLiveItemState(TYPE_OF_LETTER[letter], id);
}

/**
 * Live state of every item of the bound company, keyed by kind and id. Mutated in place (20,000 items a
 * second must not allocate a new map); subscribers get the set of keys that changed, React gets a version.
 */
export class LiveItemsStore {
  readonly items = new Map<LiveKey, LiveItemState>();
  version = 0;
  /** The item whose live track is being recorded, and its points as [lng, lat]. */
  trackKey: LiveKey | null = null;
  track: [number, number][] = [];
  private readonly listeners = new Set<(change: StoreChange) => void>();
  private pending = new Set<LiveKey>();

  subscribe = (listener: (change: StoreChange) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getVersion = (): number => this.version;

  loadSnapshot(data: BindCompanyData): void {
    this.items.clear();
    const add = (letter: "v" | "a" | "p", record: Record<string, LiveItemState>) => {
      for (const state of Object.values(record)) this.items.set(`${letter}:${state.id}`, state);
    };
    add("v", data.vehicles ?? {});
    add("a", data.assets ?? {});
    add("p", data.persons ?? {});
    this.pending.clear();
    this.emit(true);
  }

  /** Applies messages (one batch or a single message) and notifies once. */
  apply(messages: readonly ServerMessage[]): number {
    for (const message of messages) this.applyOne(message);
    const count = this.pending.size;
    if (count > 0) this.emit(false);
    return count;
  }

  /** The full state the in* detail messages carry. */
  applyDetail(state: LiveItemState): void {
    const letter = state.itemType === ITEM_TYPE.asset ? "a" : state.itemType === ITEM_TYPE.person ? "p" : "v";
    const key: LiveKey = `${letter}:${state.id}`;
    this.items.set(key, state);
    this.pending.add(key);
    this.emit(false);
  }

  startTrack(key: LiveKey | null): void {
    this.trackKey = key;
    const pos = key ? this.items.get(key)?.pos : null;
    this.track = pos ? [[pos.lng, pos.lat]] : [];
  }

  clear(): void {
    this.items.clear();
    this.startTrack(null);
    this.pending.clear();
    this.emit(true);
  }

  private emit(reset: boolean): void {
    this.version++;
    const change: StoreChange = { reset, keys: this.pending };
    this.pending = new Set();
    for (const listener of this.listeners) listener(change);
  }

  private touch(letter: "v" | "a" | "p", id: number): LiveItemState {
    const key: LiveKey = `${letter}:${id}`;
    let state = this.items.get(key);
    if (!state) {
      state = emptyState(letter, id);
      this.items.set(key, state);
    }
    this.pending.add(key);
    return state;
  }

  private applyOne(message: ServerMessage): void {
    switch (message.type) {
      case "vPos":
      case "aPos":
      case "pPos": {
        const { id, pos, motion, ignition, since } = message.data;
        const letter = LETTER_OF_TYPE[message.type];
        const state = this.touch(letter, id);
        if (state.pos && pos.ts < state.pos.ts) return; // a late, older fix must not move the item back
        state.pos = pos;
        state.motion = motion;
        state.ignition = ignition;
        state.since = since;
        if (this.trackKey === `${letter}:${id}`) this.appendTrack(pos);
        return;
      }
      case "vSensor":
      case "aSensor":
      case "pSensor": {
        const state = this.touch(LETTER_OF_TYPE[message.type], message.data.id);
        Object.assign(state.sensors, message.data.sensors);
        return;
      }
      case "vOdo":
        this.touch("v", message.data.id).odometer = message.data.odometer;
        return;
      case "vHour":
        this.touch("v", message.data.id).hours = message.data.hours;
        return;
      case "vDriver":
        this.touch("v", message.data.id).driverId = message.data.driverId;
        return;
      case "dVehicle":
        this.moveDriver(message.data.id, message.data.vehicleId);
        return;
      case "vDtc":
        this.touch("v", message.data.id).dtcs = message.data.dtcs;
        return;
      case "vCustomState":
      case "aCustomState":
      case "pCustomState":
        this.touch(LETTER_OF_TYPE[message.type], message.data.id).customStateId = message.data.stateId;
        return;
      case "vOffline":
      case "aOffline":
      case "pOffline":
        this.touch(LETTER_OF_TYPE[message.type], message.data.id).offline = message.data.offline;
        return;
      case "vEnded":
      case "aEnded":
      case "pEnded": {
        // The item lost its device: nothing it showed is current any more. Its custom state stays (the
        // item's, not the device's).
        const letter = LETTER_OF_TYPE[message.type];
        const key: LiveKey = `${letter}:${message.data.id}`;
        const before = this.items.get(key);
        this.items.set(key, {
          ...emptyState(letter, message.data.id),
          groupId: before?.groupId ?? null,
          customStateId: before?.customStateId ?? 0,
        });
        this.pending.add(key);
        if (this.trackKey === key) this.track = [];
        return;
      }
      default:
        return;
    }
  }

  private moveDriver(driverId: number, vehicleId: number | null): void {
    for (const [key, state] of this.items) {
      if (key[0] === "v" && state.driverId === driverId && state.id !== vehicleId) {
        state.driverId = null;
        this.pending.add(key);
      }
    }
    if (vehicleId !== null) this.touch("v", vehicleId).driverId = driverId;
  }

  private appendTrack(pos: LivePosition): void {
    const last = this.track.at(-1);
    if (last && last[0] === pos.lng && last[1] === pos.lat) return;
    this.track.push([pos.lng, pos.lat]);
    if (this.track.length > MAX_TRACK_POINTS) this.track.splice(0, this.track.length - MAX_TRACK_POINTS);
  }
}

/** Colour class of an item on the map and in the list: its fleet status (domain `fleetStatus`). */
export type MotionClass = FleetStatus;

/**
 * No data when nothing was ever heard; offline (grey) when the server says its device fell silent (the company's
 * timeout, decided by the server's live state); otherwise its last motion.
 */
export function motionClass(state: LiveItemState | undefined): MotionClass {
  return fleetStatus(state);
}

/** The one store of the app: the live channel feeds it, the map and panels read it. */
export const liveItems = new LiveItemsStore();
