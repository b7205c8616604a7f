import type { Beacon, IndoorMap, PlacesImportResult } from "@vigia/domain";
import { encodeOsmAndBeaconPath } from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Indoor maps and beacons (CRUD, CSV import, roles), and beacon sightings sent by a phone over the
 * OsmAnd protocol becoming source-5 positions with their level, through the real gateway and processor.
 */
let p: TestPlatform;
let acme: number;
let globex: number;
let admin: string;
let osmandPort: number;
let phone: string;

const M_PER_DEG_LAT = 111_320;
const LAT0 = 40.45;
const LNG0 = -3.69;
const mPerDegLng = M_PER_DEG_LAT * Math.cos((LAT0 * Math.PI) / 180);
const point = (x: number, y: number) => ({ lat: LAT0 + y / M_PER_DEG_LAT, lng: LNG0 + x / mPerDegLng });

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0", GT06_PORT: "0", OSMAND_PORT: "0" });
  osmandPort = p.gateway!.ports.osmand;
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  admin = await p.api.token("admin@acme.demo");
  const rows = await p.ctx.db.query<{ device_id: string }>(
    `select d.device_id from devices d join device_types t on t.id = d.type_id
     where d.company_id = $1 and t.proto = 'osmand' and d.item_id is not null order by d.id limit 1`,
    [acme],
  );
  phone = rows[0]!.device_id;
});
afterAll(async () => {
  await p?.close();
});

const base = (companyId = acme) => `companies/id/${companyId}`;
const geometry = { topLeft: point(0, 30), topRight: point(40, 30), bottomLeft: point(0, 0), opacity: 0.8 };

describe("indoor maps and beacons", () => {
  let ground: IndoorMap;
  let upper: IndoorMap;

  it("creates maps per level and lists them in the company load", async () => {
    const created = await p.api.post<IndoorMap>(
      `${base()}/imaps`,
      { name: "Plant ground floor", building: "Plant", level: 0, geometry },
      admin,
    );
    expect(created.status).toBe(200);
    ground = created.body;
    upper = (
      await p.api.post<IndoorMap>(
        `${base()}/imaps`,
        { name: "Plant first floor", building: "Plant", level: 1 },
        admin,
      )
    ).body;
    const list = await p.api.get<Record<string, IndoorMap>>(`${base()}/imaps`, admin);
    expect(list.body[ground.id]).toMatchObject({ level: 0, geometry });
    expect(list.body[upper.id]).toMatchObject({ level: 1, geometry: null });
    const bad = await p.api.post<ErrorBody>(
      `${base()}/imaps`,
      { name: "", geometry: { ...geometry, opacity: 2 } },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({ name: "required", "geometry.opacity": "indoor.opacity" });
    for (const photoUrl of ["https://tracker.example/p.png", "//evil/p.png", "/a/../b.svg"]) {
      const outside = await p.api.post<ErrorBody>(`${base()}/imaps`, { name: "X", photoUrl }, admin);
      expect(outside.body.fields).toMatchObject({ photoUrl: "indoor.photoUrl" });
    }
  });

  it("creates beacons with the rules and refuses a repeated identifier or a foreign map", async () => {
    const corners = [point(0, 0), point(40, 0), point(0, 30), point(40, 30)];
    for (const [i, at] of corners.entries()) {
      const res = await p.api.post<Beacon>(
        `${base()}/ibeacons`,
        {
          name: `B${i}`,
          uuid: `plant-${i}`,
          indoorMapId: ground.id,
          measuredPower: -59,
          n: 2,
          height: 3,
          ...at,
        },
        admin,
      );
      expect(res.status).toBe(200);
    }
    const upstairs = await p.api.post<Beacon>(
      `${base()}/ibeacons`,
      { name: "Up", uuid: "plant-up", type: "EDDYSTONE_UID_LAYOUT", indoorMapId: upper.id, ...point(20, 15) },
      admin,
    );
    expect(upstairs.body).toMatchObject({ measuredPower: -59, n: 2, type: "EDDYSTONE_UID_LAYOUT" });
    const bad = await p.api.post<ErrorBody>(
      `${base()}/ibeacons`,
      { name: "X", uuid: "x", measuredPower: -200, n: 5, ...point(0, 0) },
      admin,
    );
    expect(bad.body.fields).toMatchObject({ measuredPower: "beacon.power", n: "beacon.n" });
    const dup = await p.api.post<ErrorBody>(
      `${base()}/ibeacons`,
      { name: "D", uuid: "PLANT-0", ...point(1, 1) },
      admin,
    );
    expect(dup.body.fields).toMatchObject({ uuid: "beacon.uuidTaken" });
    const globexAdmin = await p.api.token("admin@globex.demo");
    const globexMap = await p.api.post<IndoorMap>(`${base(globex)}/imaps`, { name: "G" }, globexAdmin);
    const foreign = await p.api.post<ErrorBody>(
      `${base()}/ibeacons`,
      { name: "F", uuid: "f", indoorMapId: globexMap.body.id, ...point(1, 1) },
      admin,
    );
    expect(foreign.body.fields).toMatchObject({ indoorMapId: "indoor.mapUnknown" });
    const inputs = await p.api.get<{ maps: { id: number }[]; types: string[] }>(
      `${base()}/ibeacons/inputs`,
      admin,
    );
    expect(inputs.body.types).toEqual(["IBEACON_LAYOUT", "ALTBEACON_LAYOUT", "EDDYSTONE_UID_LAYOUT"]);
    expect(inputs.body.maps.map((m) => m.id)).toEqual(expect.arrayContaining([ground.id, upper.id]));
    expect(inputs.body.maps.map((m) => m.id)).not.toContain(globexMap.body.id);
  });

  it("imports beacons from CSV rows: a dry run first, then the valid rows", async () => {
    const rows = [
      {
        name: "C1",
        uuid: "csv-1",
        type: "",
        map: "Plant ground floor",
        measuredPower: "-65",
        n: "2,5",
        height: "",
        lat: "40.45",
        lng: "-3.69",
      },
      {
        name: "C2",
        uuid: "csv-2",
        type: "",
        map: "Nowhere",
        measuredPower: "",
        n: "",
        height: "",
        lat: "40.45",
        lng: "-3.69",
      },
      {
        name: "C3",
        uuid: "plant-0",
        type: "",
        map: "",
        measuredPower: "",
        n: "",
        height: "",
        lat: "x",
        lng: "-3.69",
      },
    ];
    const dry = await p.api.post<PlacesImportResult<Beacon>>(`${base()}/ibeacons/import`, { rows }, admin);
    expect(dry.body).toMatchObject({ valid: 1, inserted: [] });
    expect(dry.body.errors.map((e) => `${e.row}:${e.field}:${e.error}`)).toEqual(
      expect.arrayContaining(["1:map:indoor.mapUnknown", "2:lat:coordinate.invalid"]),
    );
    const done = await p.api.post<PlacesImportResult<Beacon>>(
      `${base()}/ibeacons/import`,
      { rows, commit: true },
      admin,
    );
    expect(done.body.inserted).toMatchObject([
      { uuid: "csv-1", n: 2.5, measuredPower: -65, indoorMapId: ground.id },
    ]);
    const list = await p.api.get<Record<string, Beacon>>(`${base()}/ibeacons`, admin);
    const csv = Object.values(list.body).find((b) => b.uuid === "csv-1")!;
    expect((await p.api.request("DELETE", `${base()}/ibeacons/id/${csv.id}`, { token: admin })).status).toBe(
      200,
    );
  });

  it("lets subadministrators write, and refuses operators and read-only users", async () => {
    const sub = await p.api.token("subadmin@acme.demo");
    const made = await p.api.post<IndoorMap>(`${base()}/imaps`, { name: "Sub map" }, sub);
    expect(made.status).toBe(200);
    expect((await p.api.request("DELETE", `${base()}/imaps/id/${made.body.id}`, { token: sub })).status).toBe(
      200,
    );
    for (const email of ["operator@acme.demo", "viewer@acme.demo"]) {
      const token = await p.api.token(email);
      expect((await p.api.get(`${base()}/imaps`, token)).status).toBe(200);
      expect((await p.api.post(`${base()}/imaps`, { name: "No" }, token)).status).toBe(403);
      expect(
        (await p.api.post(`${base()}/ibeacons`, { name: "No", uuid: "no", lat: 1, lng: 1 }, token)).status,
      ).toBe(403);
      expect(
        (await p.api.put(`${base()}/ibeacons/id/1`, { name: "No", uuid: "no", lat: 1, lng: 1 }, token))
          .status,
      ).toBe(403);
      expect((await p.api.request("DELETE", `${base()}/imaps/id/${ground.id}`, { token })).status).toBe(403);
      expect((await p.api.post(`${base()}/ibeacons/import`, { rows: [] }, token)).status).toBe(403);
    }
  });

  it("keeps companies apart: another company's map is not found", async () => {
    const globexAdmin = await p.api.token("admin@globex.demo");
    const res = await p.api.put(`${base(globex)}/imaps/id/${ground.id}`, { name: "Stolen" }, globexAdmin);
    expect(res.status).toBe(404);
    expect(
      (await p.api.get<Record<string, IndoorMap>>(`${base(globex)}/imaps`, globexAdmin)).body[ground.id],
    ).toBeUndefined();
  });

  interface Row {
    lat: number;
    lng: number;
    src: number;
    valid: boolean;
    attributes: Record<string, unknown>;
  }
  const lastStored = async (): Promise<Row | undefined> =>
    (
      await p.ctx.db.query<Row>(
        `select lat::float8 as lat, lng::float8 as lng, src, valid, attributes from positions
         where device_id = (select id from devices where device_id = $1) order by ts desc limit 1`,
        [phone],
      )
    )[0];
  const send = (minute: number, beacons: { id: string; rssi: number }[]) =>
    fetch(
      `http://127.0.0.1:${osmandPort}${encodeOsmAndBeaconPath(phone, TEST_START + minute * 60_000, beacons)}`,
    );

  it("turns a phone's beacon sightings into a BLE position (source 5) with accuracy and level", async () => {
    // 10 m east and 10 m north of the first corner: 10 m from B0, √(30²+10²) from B1, √(10²+20²) from B2, …
    const truth = { x: 10, y: 10 };
    const corners = [
      [0, 0],
      [40, 0],
      [0, 30],
      [40, 30],
    ];
    const sightings = corners.map(([x, y], i) => ({
      id: `plant-${i}`,
      rssi: Math.round(-59 - 20 * Math.log10(Math.hypot(truth.x - x!, truth.y - y!))),
    }));
    expect((await send(1, sightings)).status).toBe(200);
    const row = (await lastStored())!;
    expect(row).toMatchObject({ src: 5, valid: false });
    expect(row.attributes).toMatchObject({ level: 0, indoorMap: ground.id });
    expect(Number(row.attributes.accuracy)).toBeLessThan(3);
    const at = point(truth.x, truth.y);
    expect(Math.abs(row.lat - at.lat) * M_PER_DEG_LAT).toBeLessThan(2);
    expect(Math.abs(row.lng - at.lng) * mPerDegLng).toBeLessThan(2);
  });

  it("puts the item upstairs when the first-floor beacon is the strongest, and stores nothing for unknown beacons", async () => {
    expect(
      (
        await send(2, [
          { id: "plant-up", rssi: -62 },
          { id: "plant-0", rssi: -90 },
        ])
      ).status,
    ).toBe(200);
    const row = (await lastStored())!;
    expect(row.attributes).toMatchObject({ level: 1, indoorMap: upper.id });
    expect(row.src).toBe(5);
    const before = await p.ctx.db.query<{ n: number }>("select count(*)::int as n from positions");
    expect((await send(3, [{ id: "nobody", rssi: -60 }])).status).toBe(200);
    const after = await p.ctx.db.query<{ n: number }>("select count(*)::int as n from positions");
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("forgets a deleted beacon at once", async () => {
    const list = await p.api.get<Record<string, Beacon>>(`${base()}/ibeacons`, admin);
    const up = Object.values(list.body).find((b) => b.uuid === "plant-up")!;
    expect((await p.api.request("DELETE", `${base()}/ibeacons/id/${up.id}`, { token: admin })).status).toBe(
      200,
    );
    expect(
      (
        await send(4, [
          { id: "plant-up", rssi: -62 },
          { id: "plant-0", rssi: -90 },
        ])
      ).status,
    ).toBe(200);
    expect((await lastStored())!.attributes).toMatchObject({ level: 0, indoorMap: ground.id });
  });
});
