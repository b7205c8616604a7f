import {
  type DerivedDay,
  type DerivedDrivingEvent,
  type DerivedIdle,
  type DerivedStop,
  type DerivedTrip,
  type DerivedVisit,
  DRIVING_EVENT_KINDS,
  type DrivingEventKind,
  distanceM,
  ITEM_TYPE,
  type PlaceKindCode,
} from "@vigia/domain";
import { type LocalDay, localDayOf } from "./local-day.ts";
import { ALL_VISIT_KINDS, GEO_VISIT_KINDS, type OpenVisit, updateVisits } from "./visits.ts";

/**
 * Segmentation of one item's positions into trips, stops, idle periods, place visits, driving events and local
 * days. Pure: one point at a time into a JSON-serializable state (persisted by the processor so a restart
 * continues), closed rows out. The processor and `vigia rebuild-derived` call the same function, so a rebuild
 * equals what the processor kept.
 *
 * Rules (thresholds below):
 * - Moving: live state's own rule (speed ≥ 5 km/h for vehicles, 2 km/h otherwise, and ignition not off).
 * - Stop: the item is not moving for at least MIN_STOP_MS; shorter halts (traffic) stay inside the trip. A
 *   reporting gap of at least MIN_STOP_MS across which the item moved less than GAP_STOP_M is a stop too (devices
 *   sleep while parked). A stop ends at the first moving point, which starts the next trip.
 * - Trip: between two stops, from the last standing point (its distance includes the leg to the first moving
 *   one); kept when it covers at least MIN_TRIP_M.
 * - Idle: ignition on and not moving for at least `idleMinMs` (the company's inactivity time), inside or outside
 *   a trip.
 * - Visit: from the first point inside a geozone/POI to the first point outside it; beacon zones likewise from
 *   the frames' heard beacons, non-GPS frames included (visits.ts).
 * - Driving events: the device events positions carry (harsh acceleration/braking, sharp turns, overspeed, crash).
 * - Day: per local day of the company's time zone; an interval between two points counts for the later point's day.
 *   Time between points longer than MAX_STEP_MS counts as neither driving nor idle (the device was silent).
 */
export const MIN_STOP_MS = 3 * 60_000;
export const GAP_STOP_M = 300;
export const MIN_TRIP_M = 50;
/** Idles shorter than this are not kept; reports filter longer ones with their own inactivity time. */
export const DEFAULT_IDLE_MIN_MS = 2 * 60_000;
export const MAX_STEP_MS = 5 * 60_000;
const VEHICLE_MOVING_KMH = 5;
const WALKING_KMH = 2;

export interface DerivePoint {
  ts: number;
  lat: number;
  lng: number;
  spd: number;
  ignition: boolean | null;
  /** Metres, from live state (the vehicle's odometer source). */
  odometer: number;
  /** Engine seconds, from live state. */
  hours: number;
  /** A cumulative fuel counter in litres when the device reports one, else null. */
  fuel: number | null;
  driverId: number | null;
  /** The position's device event (device-events.ts name), if any. */
  event: string | null;
  eventValue: number | null;
  /**
   * Geozones and POIs (ids; the two share one sequence) the point lies in, and the beacon zones its frame places
   * it in (kind 3, ids of their own).
   */
  places: readonly { kind: PlaceKindCode; id: number }[];
  /** Whether the point speaks for beacon zones (the company has some): if not, beacon-zone visits stay open. */
  beaconZonesKnown?: boolean;
}

export interface DeriveConfig {
  itemType: 1 | 2 | 3;
  itemId: number;
  timeZone: string;
  idleMinMs: number;
}

interface OpenTrip {
  startTs: number;
  startLat: number;
  startLng: number;
  distanceM: number;
  drivingMs: number;
  idleMs: number;
  maxSpd: number;
  fuelStart: number | null;
  odometerStart: number;
  hoursStart: number;
  driverId: number | null;
  points: number;
  counted: boolean;
}
interface OpenStop {
  startTs: number;
  lat: number;
  lng: number;
  /** Counters where the halt began: where the trip before it ends. */
  odometer: number;
  hours: number;
  fuel: number | null;
  idleMs: number;
  /** Not yet MIN_STOP_MS long: still a halt inside the trip. */
  confirmed: boolean;
  driverId: number | null;
}
interface OpenIdle {
  startTs: number;
  lat: number;
  lng: number;
  fuelStart: number | null;
  driverId: number | null;
}
export type OpenDay = Omit<DerivedDay, "itemType" | "itemId"> & { endTs: number; fuelStart: number | null };

export interface DeriveState {
  last: DerivePoint | null;
  trip: OpenTrip | null;
  stop: OpenStop | null;
  idle: OpenIdle | null;
  visits: Record<string, OpenVisit>;
  day: OpenDay | null;
}

export interface DeriveOutput {
  trips: DerivedTrip[];
  stops: DerivedStop[];
  idles: DerivedIdle[];
  visits: DerivedVisit[];
  drivingEvents: DerivedDrivingEvent[];
  /** Days that ended (the open day is in the state: the caller stores its snapshot). */
  days: DerivedDay[];
}

export const emptyDeriveState = (): DeriveState => ({
  last: null,
  trip: null,
  stop: null,
  idle: null,
  visits: {},
  day: null,
});

export const emptyDeriveOutput = (): DeriveOutput => ({
  trips: [],
  stops: [],
  idles: [],
  visits: [],
  drivingEvents: [],
  days: [],
});

const DRIVING_KINDS = new Set<string>(DRIVING_EVENT_KINDS);

export function isMovingPoint(itemType: number, spd: number, ignition: boolean | null): boolean {
  return spd >= (itemType === ITEM_TYPE.vehicle ? VEHICLE_MOVING_KMH : WALKING_KMH) && ignition !== false;
}

const fuelDelta = (start: number | null, end: number | null): number | null =>
  start === null || end === null ? null : Math.max(0, end - start);

function openDay(local: LocalDay, p: DerivePoint): OpenDay {
  return {
    day: local.day,
    dayStartTs: local.startTs,
    endTs: local.endTs,
    firstTs: p.ts,
    lastTs: p.ts,
    distanceM: 0,
    drivingMs: 0,
    idleMs: 0,
    stoppedMs: 0,
    maxSpd: 0,
    avgSpd: 0,
    fuelUsed: null,
    fuelStart: p.fuel,
    odometerStart: p.odometer,
    odometerEnd: p.odometer,
    hoursStart: p.hours,
    hoursEnd: p.hours,
    trips: 0,
    drivingEvents: 0,
    points: 0,
  };
}

/** The stored row of a day (open or closed). */
export function dayRow(cfg: DeriveConfig, d: OpenDay): DerivedDay {
  const { endTs: _end, fuelStart: _fuel, ...rest } = d;
  return { itemType: cfg.itemType, itemId: cfg.itemId, ...rest };
}

export function closeTrip(cfg: DeriveConfig, s: DeriveState, end: DerivePoint, out: DeriveOutput): void {
  const t = s.trip;
  s.trip = null;
  if (!t || t.distanceM < MIN_TRIP_M || end.ts <= t.startTs) return;
  out.trips.push({
    itemType: cfg.itemType,
    itemId: cfg.itemId,
    startTs: t.startTs,
    endTs: end.ts,
    startLat: t.startLat,
    startLng: t.startLng,
    endLat: end.lat,
    endLng: end.lng,
    distanceM: Math.round(t.distanceM),
    drivingMs: t.drivingMs,
    idleMs: t.idleMs,
    maxSpd: t.maxSpd,
    avgSpd: t.drivingMs > 0 ? Math.round((t.distanceM / t.drivingMs) * 3600 * 10) / 10 : 0,
    fuelUsed: fuelDelta(t.fuelStart, end.fuel),
    odometerStart: t.odometerStart,
    odometerEnd: end.odometer,
    hoursStart: t.hoursStart,
    hoursEnd: end.hours,
    driverId: t.driverId ?? end.driverId,
    points: t.points,
  });
}

/**
 * A trip starts at its first moving point, from where the item stood before it: the leg from that last standing
 * point belongs to the trip (the day counts it too), or trips would not add up to the day's distance.
 */
function openTrip(p: DerivePoint, from: DerivePoint | null): OpenTrip {
  const origin = from ?? p;
  return {
    startTs: p.ts,
    startLat: origin.lat,
    startLng: origin.lng,
    distanceM: from ? distanceM(from, p) : 0,
    drivingMs: 0,
    idleMs: 0,
    maxSpd: 0,
    fuelStart: p.fuel,
    odometerStart: origin.odometer,
    hoursStart: p.hours,
    driverId: p.driverId,
    points: 0,
    counted: false,
  };
}

function openStop(p: DerivePoint): OpenStop {
  return {
    startTs: p.ts,
    lat: p.lat,
    lng: p.lng,
    odometer: p.odometer,
    hours: p.hours,
    fuel: p.fuel,
    idleMs: 0,
    confirmed: false,
    driverId: p.driverId,
  };
}

/** The point where a halt began, as the end of the trip before it. */
export const haltStart = (p: DerivePoint, stop: OpenStop): DerivePoint => ({
  ...p,
  ts: stop.startTs,
  lat: stop.lat,
  lng: stop.lng,
  odometer: stop.odometer,
  hours: stop.hours,
  fuel: stop.fuel,
});

function closeIdle(cfg: DeriveConfig, s: DeriveState, end: DerivePoint, out: DeriveOutput): void {
  const i = s.idle;
  s.idle = null;
  if (!i || end.ts - i.startTs < cfg.idleMinMs) return;
  out.idles.push({
    itemType: cfg.itemType,
    itemId: cfg.itemId,
    startTs: i.startTs,
    endTs: end.ts,
    lat: i.lat,
    lng: i.lng,
    fuelUsed: fuelDelta(i.fuelStart, end.fuel),
    driverId: i.driverId,
  });
}

/** Advances the state by one point (time-ordered; an older or equal point is ignored) and appends closed rows. */
export function derivePoint(cfg: DeriveConfig, s: DeriveState, p: DerivePoint, out: DeriveOutput): void {
  const prev = s.last;
  if (prev && p.ts <= prev.ts) return;
  const moving = isMovingPoint(cfg.itemType, p.spd, p.ignition);
  const dt = prev ? p.ts - prev.ts : 0;
  const stepM = prev ? distanceM(prev, p) : 0;
  const counted = dt > 0 && dt <= MAX_STEP_MS;
  const prevMoving = prev ? isMovingPoint(cfg.itemType, prev.spd, prev.ignition) : false;
  const prevIdle = prev !== null && !prevMoving && prev.ignition === true;

  // Day bookkeeping first: the interval since the previous point belongs to this point's day.
  let endedDay: number | null = null;
  if (!s.day || p.ts >= s.day.endTs || p.ts < s.day.dayStartTs) {
    if (s.day) out.days.push(dayRow(cfg, s.day));
    if (s.day && p.ts >= s.day.endTs) endedDay = s.day.endTs;
    s.day = openDay(localDayOf(p.ts, cfg.timeZone), prev ?? p);
    s.day.firstTs = p.ts;
  }
  const day = s.day;
  day.lastTs = p.ts;
  day.points += 1;
  day.distanceM += stepM;
  if (counted) {
    if (prevMoving) day.drivingMs += dt;
    else if (prevIdle) day.idleMs += dt;
    else day.stoppedMs += dt;
  } else if (dt > 0 && !prevMoving) day.stoppedMs += dt;
  day.maxSpd = Math.max(day.maxSpd, p.spd);
  day.avgSpd = day.drivingMs > 0 ? Math.round((day.distanceM / day.drivingMs) * 3600 * 10) / 10 : 0;
  day.odometerEnd = p.odometer;
  day.hoursEnd = p.hours;
  if (p.fuel !== null) {
    day.fuelStart ??= p.fuel;
    day.fuelUsed = fuelDelta(day.fuelStart, p.fuel);
  }
  day.distanceM = Math.round(day.distanceM * 10) / 10;

  // Driving events.
  if (p.event !== null && DRIVING_KINDS.has(p.event)) {
    out.drivingEvents.push({
      itemType: cfg.itemType,
      itemId: cfg.itemId,
      ts: p.ts,
      kind: p.event as DrivingEventKind,
      lat: p.lat,
      lng: p.lng,
      spd: p.spd,
      value: p.eventValue,
      driverId: p.driverId,
    });
    day.drivingEvents += 1;
  }

  // Trip, stop.
  if (s.trip && prev) {
    s.trip.distanceM += stepM;
    if (counted && prevMoving) s.trip.drivingMs += dt;
    else if (counted && prevIdle) s.trip.idleMs += dt;
    s.trip.maxSpd = Math.max(s.trip.maxSpd, p.spd);
    s.trip.points += 1;
    s.trip.driverId ??= p.driverId;
    if (!s.trip.counted && s.trip.distanceM >= MIN_TRIP_M) {
      s.trip.counted = true;
      day.trips += 1;
    }
  }
  if (s.stop && prevIdle && counted) s.stop.idleMs += dt;
  const sleptParked = prev !== null && dt >= MIN_STOP_MS && stepM <= GAP_STOP_M;
  if (!s.stop && prev && sleptParked) s.stop = openStop(prev);
  if (moving) {
    if (s.stop) {
      const stop = s.stop;
      s.stop = null;
      if (stop.confirmed || p.ts - stop.startTs >= MIN_STOP_MS) {
        if (!stop.confirmed) closeTrip(cfg, s, haltStart(p, stop), out);
        out.stops.push(stopRow(cfg, stop, p.ts));
      }
    }
    if (!s.trip) {
      s.trip = openTrip(p, prev);
      s.trip.points = 1;
    }
  } else {
    s.stop ??= openStop(p);
    if (!s.stop.confirmed && p.ts - s.stop.startTs >= MIN_STOP_MS) {
      s.stop.confirmed = true;
      // The trip ended where the halt began.
      closeTrip(cfg, s, haltStart(p, s.stop), out);
    }
  }

  // Idle: ignition on and not moving.
  const idleNow = !moving && p.ignition === true;
  if (idleNow) s.idle ??= { startTs: p.ts, lat: p.lat, lng: p.lng, fuelStart: p.fuel, driverId: p.driverId };
  else if (s.idle) closeIdle(cfg, s, p, out);

  updateVisits(cfg, s, p, stepM, p.beaconZonesKnown ? ALL_VISIT_KINDS : GEO_VISIT_KINDS, out);

  // A day that ended parked shows its final parking as a stop up to its end; the stop's row is replaced (same
  // start) when the item moves again.
  if (endedDay !== null && s.stop?.confirmed && endedDay - s.stop.startTs >= MIN_STOP_MS)
    out.stops.push(stopRow(cfg, s.stop, endedDay));

  s.last = p;
}

export const stopRow = (cfg: DeriveConfig, stop: OpenStop, endTs: number): DerivedStop => ({
  itemType: cfg.itemType,
  itemId: cfg.itemId,
  startTs: stop.startTs,
  endTs,
  lat: stop.lat,
  lng: stop.lng,
  idleMs: stop.idleMs,
  driverId: stop.driverId,
});
