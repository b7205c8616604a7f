/**
 * alarms: positions per second through the pure alarm engine, in process, with 1,000 rules and 10,000 items
 * of one company (rules spread over 20 groups, so each item is evaluated against ~50 rules of mixed families:
 * geozone and POI entries/exits over 500 zones, state, idle, stop, driving, parked, no driver, consumption).
 * Also times one scheduler tick over every item. Rates are given per wall second and per CPU second of this
 * process: on a shared machine the second is the steadier figure. Prints one JSON line.
 */
import { type AlarmRule, emptyAlarmRule, type LiveItemState } from "../packages/domain/src/index.ts";
import { AlarmEngine, type PositionInput } from "../packages/server/src/alarms/engine/engine.ts";
import { compileRule } from "../packages/server/src/alarms/engine/rules.ts";
import { type Zone, ZoneIndex } from "../packages/server/src/places/geometry.ts";
import { cpuMsSince } from "./cpu.ts";

const RULES = Number(process.env.BENCH_ALARM_RULES ?? 1000);
const ITEMS = Number(process.env.BENCH_ALARM_ITEMS ?? 10_000);
const POSITIONS = Number(process.env.BENCH_ALARM_POSITIONS ?? 200_000);
const GROUPS = 20;
const ZONES = 500;
const FAMILIES = [5, 6, 10, 11, 12, 13, 14, 15, 17, 19];
const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);

let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const zones: Zone[] = Array.from({ length: ZONES }, (_, i) => ({
  id: i + 1,
  kind: "circle",
  center: { lat: 40 + rand() * 2, lng: -4 + rand() * 2 },
  radiusM: 200 + rand() * 2000,
}));
const geo = zones.slice(0, ZONES / 2);
const poi = zones.slice(ZONES / 2);

const rules: AlarmRule[] = Array.from({ length: RULES }, (_, i) => {
  const r = emptyAlarmRule();
  const family = FAMILIES[i % FAMILIES.length]!;
  r.items.groupIds = [(i % GROUPS) + 1];
  r.info = { ...r.info, name: `rule ${i}`, priority: 2, family, value: family === 19 ? 15 : 600_000 };
  const pick = (list: Zone[]) => [
    list[Math.floor(rand() * list.length)]!.id,
    list[Math.floor(rand() * list.length)]!.id,
  ];
  if (family === 5) r.info.geozones = { geozoneIds: pick(geo), toIn: true, toOut: true };
  if (family === 6) r.info.pois = { poiIds: pick(poi), toIn: true, toOut: false };
  if (family === 10) r.info.states = { logic: 3, stateIds: [2] };
  if (i % 7 === 0)
    r.timeRange = {
      ...r.timeRange,
      active: true,
      weekTime: {
        4: { enabled: true, id: 4, name: "", from: { hour: 6, minute: 0 }, to: { hour: 22, minute: 0 } },
      },
    };
  return { ...r, id: i + 1, createdTs: 0, updatedTs: 0 };
});

const engine = new AlarmEngine();
engine.setRules(
  1,
  rules.map((r) => compileRule(1, r, (g) => [g])!),
);
engine.setZones(1, {
  geozones: new ZoneIndex(geo),
  pois: new ZoneIndex(poi),
  byId: new Map(zones.map((z) => [z.id, z])),
});

const states: LiveItemState[] = Array.from({ length: ITEMS }, (_, i) => ({
  itemType: 1,
  id: i + 1,
  groupId: (i % GROUPS) + 1,
  pos: null,
  motion: "moving",
  ignition: true,
  odometer: 0,
  hours: 0,
  driverId: i % 3 === 0 ? null : i,
  sensors: {},
  since: T0,
  intrack: false,
  dtcs: [],
  customStateId: i % 5,
  offline: false,
}));
const coords = states.map(() => ({ lat: 40 + rand() * 2, lng: -4 + rand() * 2 }));
for (let i = 0; i < ITEMS; i++) engine.tanks.set(i + 1, 80);

let fires = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let n = 0; n < POSITIONS; n++) {
  const i = n % ITEMS;
  const before = states[i]!;
  const c = coords[i]!;
  c.lat += (rand() - 0.5) * 0.002;
  c.lng += (rand() - 0.5) * 0.002;
  const ts = T0 + Math.floor(n / ITEMS) * 10_000 + i;
  const pos = {
    ts,
    receivedTs: ts,
    lat: c.lat,
    lng: c.lng,
    alt: 0,
    spd: 50,
    course: 0,
    satt: 9,
    valid: true,
    src: 1 as const,
  };
  const motion = n % 97 === 0 ? "idle" : "moving";
  const after: LiveItemState = {
    ...before,
    pos,
    motion,
    since: motion === before.motion ? before.since : ts,
    odometer: before.odometer + 140,
  };
  states[i] = after;
  const input: PositionInput = {
    companyId: 1,
    itemType: 1,
    itemId: i + 1,
    groupId: after.groupId,
    state: after,
    before,
    position: { ...pos, attributes: { fuel: 80 - (n % 50) / 10 } },
  };
  fires += engine.onPosition(input, ts).fires.length;
}
const elapsedMs = performance.now() - t0;
const cpuMs = cpuMsSince(cpu0);

const items = states.map((state) => ({
  companyId: 1,
  itemType: 1 as const,
  itemId: state.id,
  groupId: state.groupId,
  state,
}));
const tickCpu = process.cpuUsage();
const tickStart = performance.now();
const tickFires = engine.tick(1, items, T0 + 3_600_000).fires.length;
const tickMs = performance.now() - tickStart;
const tickCpuMs = cpuMsSince(tickCpu);

console.log(
  JSON.stringify({
    bench: "alarms",
    rules: RULES,
    items: ITEMS,
    positions: POSITIONS,
    positionsPerSecond: Math.round((POSITIONS / elapsedMs) * 1000),
    positionsPerCpuSecond: Math.round((POSITIONS / cpuMs) * 1000),
    firesDuringPositions: fires,
    tickMs: Math.round(tickMs),
    tickCpuMs: Math.round(tickCpuMs),
    tickFires,
  }),
);
