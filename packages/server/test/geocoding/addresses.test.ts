import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildNetwork, networkStreets } from "@vigia/sim";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoStreets } from "../../src/demo/index.ts";
import { importAddresses } from "../../src/geocoding/index.ts";
import { buildOsmPbf, type TestNode, type TestWay } from "../support/osm-pbf.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Streets and house numbers imported from an OpenStreetMap extract answer reverse geocoding before anything
 * else, on PGlite and on PostgreSQL (DATABASE_URL). The extracts are built here with a PBF writer.
 */

// Lisbon's Baixa: Rua Augusta runs north from the Praça do Comércio, Rua da Prata beside it.
const AUGUSTA = [
  { id: 1, lat: 38.7078, lng: -9.1366 },
  { id: 2, lat: 38.7101, lng: -9.1376 },
  { id: 3, lat: 38.7125, lng: -9.1386 },
];
const PRATA = [
  { id: 11, lat: 38.7082, lng: -9.1352 },
  { id: 12, lat: 38.7128, lng: -9.1372 },
];
const numbered = (id: number, lat: number, lng: number, street: string, housenumber: string): TestNode => ({
  id,
  lat,
  lng,
  tags: {
    "addr:street": street,
    "addr:housenumber": housenumber,
    "addr:postcode": "1100-053",
    "addr:city": "Lisboa",
  },
});
const NODES: TestNode[] = [
  ...AUGUSTA,
  ...PRATA,
  // Entrances a few metres off the street's axis.
  numbered(21, 38.71012, -9.13775, "Rua Augusta", "42"),
  numbered(22, 38.7093, -9.1374, "Rua Augusta", "30"),
  numbered(23, 38.71, -9.13635, "Rua da Prata", "7"),
  // The corners of a building numbered as a whole (a way with addr:*), and a footway's ends.
  { id: 31, lat: 38.7118, lng: -9.1385 },
  { id: 32, lat: 38.7118, lng: -9.1388 },
  { id: 33, lat: 38.712, lng: -9.1388 },
  { id: 41, lat: 38.709, lng: -9.14 },
  { id: 42, lat: 38.7095, lng: -9.1405 },
];
const WAYS: TestWay[] = [
  { id: 100, refs: AUGUSTA.map((n) => n.id), tags: { highway: "pedestrian", name: "Rua Augusta" } },
  { id: 101, refs: PRATA.map((n) => n.id), tags: { highway: "residential", name: "Rua da Prata" } },
  {
    id: 102,
    refs: [31, 32, 33, 31],
    tags: { building: "yes", "addr:street": "Rua Augusta", "addr:housenumber": "88" },
  },
  { id: 103, refs: [41, 42], tags: { highway: "footway", name: "Escadinhas" } },
];

let p: TestPlatform;
let dir: string;
let companyId: number;
let token: string;

beforeAll(async () => {
  p = await startTestPlatform();
  dir = await mkdtemp(join(tmpdir(), "vigia-addresses-"));
  token = await p.api.token("admin@acme.demo");
  companyId = (
    await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'")
  )[0]!.id;
}, 60_000);
afterAll(async () => {
  await p?.close();
  await rm(dir, { recursive: true, force: true });
});

async function address(lat: number, lng: number, lang = "pt"): Promise<string> {
  const answer = await p.api.get<{ address: string }>(
    `companies/id/${companyId}/reversegeo?lat=${lat}&lng=${lng}&lang=${lang}`,
    token,
  );
  expect(answer.status).toBe(200);
  return answer.body.address;
}

describe("import-addresses", () => {
  it("imports drivable named streets and numbered points, and nothing the second time", async () => {
    const path = join(dir, "lisboa.osm.pbf");
    await writeFile(path, buildOsmPbf(NODES, WAYS));
    const phases = new Set<string>();
    const first = await importAddresses(
      p.ctx.db,
      path,
      () => p.clock.now(),
      (x) => phases.add(x.phase),
    );
    expect(first).toMatchObject({ alreadyDone: false, resumedAt: 0, streets: 2, points: 4 });
    expect([...phases]).toEqual(["ways", "nodes", "streets"]);
    const kinds = await p.ctx.db.query<{ name: string; kind: string }>(
      "select distinct name, kind from address_streets order by name",
    );
    // The footway is left out; the pedestrian street stays (delivery vans use it).
    expect(kinds.filter((k) => k.name.startsWith("Rua") || k.name === "Escadinhas")).toEqual([
      { name: "Rua Augusta", kind: "pedestrian" },
      { name: "Rua da Prata", kind: "residential" },
    ]);
    const again = await importAddresses(p.ctx.db, path, () => p.clock.now());
    expect(again).toMatchObject({ alreadyDone: true, streets: 2, points: 4 });
  });

  it("answers the street, house number, postcode and town of a point, written the Portuguese way", async () => {
    p.services.geocoder.forget();
    // On Rua Augusta, beside its number 42.
    expect(await address(38.7101, -9.1376)).toBe("Rua Augusta 42, 1100-053 Lisboa");
    // Between the two streets but nearer Rua da Prata's number 7.
    expect(await address(38.71, -9.1362)).toBe("Rua da Prata 7, 1100-053 Lisboa");
    // By the building numbered as a whole, which names no town: the gazetteer's town stands in.
    expect(await address(38.71185, -9.13865)).toBe("Rua Augusta 88, Lisbon");
  });

  it("refuses a file that is not an OSM PBF, by name", async () => {
    const path = join(dir, "not-a-map.osm.pbf");
    await writeFile(path, "this is text, not protocol buffers\n");
    await expect(importAddresses(p.ctx.db, path, () => p.clock.now())).rejects.toThrow(
      "not-a-map.osm.pbf is not an OpenStreetMap PBF file",
    );
  });

  it("resumes an interrupted import after its last committed batch and replaces an older file of the same name", async () => {
    // A town grid large enough for several batches: 60 streets with 50 numbered entrances each.
    const nodes: TestNode[] = [];
    const ways: TestWay[] = [];
    for (let s = 0; s < 60; s++) {
      const lat = 37.0 + s * 0.001;
      nodes.push({ id: 100_000 + 2 * s, lat, lng: -8.0 }, { id: 100_001 + 2 * s, lat, lng: -7.99 });
      ways.push({
        id: 5000 + s,
        refs: [100_000 + 2 * s, 100_001 + 2 * s],
        tags: { highway: "residential", name: `Rua ${s}` },
      });
      for (let n = 0; n < 50; n++)
        nodes.push(
          numbered(200_000 + s * 100 + n, lat + 0.0001, -8.0 + n * 0.0002, `Rua ${s}`, String(n + 1)),
        );
    }
    const path = join(dir, "algarve.osm.pbf");
    await writeFile(path, buildOsmPbf(nodes, ways));
    let batches = 0;
    await expect(
      importAddresses(
        p.ctx.db,
        path,
        () => p.clock.now(),
        (x) => {
          if (x.written > 0 && ++batches === 1) throw new Error("power cut");
        },
      ),
    ).rejects.toThrow("power cut");
    const resumed = await importAddresses(p.ctx.db, path, () => p.clock.now());
    expect(resumed.resumedAt).toBeGreaterThan(0);
    expect(resumed).toMatchObject({ alreadyDone: false, streets: 60, points: 3000 });
    const counts = async () =>
      (
        await p.ctx.db.query<{ pieces: number; points: number }>(
          `select (select count(*)::int from address_streets s join address_imports i on i.id = s.import_id
                   where i.file_name = 'algarve.osm.pbf') as pieces,
                  (select count(*)::int from address_points a join address_imports i on i.id = a.import_id
                   where i.file_name = 'algarve.osm.pbf') as points`,
        )
      )[0]!;
    // Each street of about 890 m is cut into 9 pieces; every entrance is there once.
    expect(await counts()).toEqual({ pieces: 540, points: 3000 });
    p.services.geocoder.forget();
    expect(await address(37.0101, -7.999)).toBe("Rua 10 6, 1100-053 Lisboa");

    // A newer extract of the same name (another modification time) replaces the old rows once complete.
    await utimes(path, new Date(TEST_START_S * 1000), new Date(TEST_START_S * 1000));
    const newer = await importAddresses(p.ctx.db, path, () => p.clock.now());
    expect(newer).toMatchObject({ alreadyDone: false, resumedAt: 0, points: 3000 });
    expect(await counts()).toEqual({ pieces: 540, points: 3000 });
  });
});

describe("demo streets", () => {
  it("puts the simulated fleet's streets in the address tables once, and the geocoder names them", async () => {
    const written = await seedDemoStreets(p.ctx.db, () => p.clock.now());
    expect(written).toBeGreaterThan(100);
    expect(await seedDemoStreets(p.ctx.db, () => p.clock.now())).toBe(0);
    p.services.geocoder.forget();
    // Acme's network around Madrid, as the simulator builds it: a point a few metres left of a calle, midway
    // along its first block, is on that calle, on the odd side.
    const centre = { lat: 40.4168, lng: -3.7038 };
    const calle = networkStreets(buildNetwork(centre, { seed: companyId })).find(
      (s) => s.cls === "residential" && s.points.length > 3,
    )!;
    const [a, b] = [calle.points[1]!, calle.points[2]!];
    const mid = { lat: (a.lat + b.lat) / 2, lng: (a.lng + b.lng) / 2 };
    // Left of the direction a→b: a quarter turn anticlockwise, about 6 m.
    const left = { lat: mid.lat + (b.lng - a.lng) * 0.03, lng: mid.lng - (b.lat - a.lat) * 0.03 };
    const text = await address(left.lat, left.lng, "es");
    // The town is the gazetteer's: Madrid or one of its districts, by where the calle lies.
    const match = /^(.+) (\d+), .+$/.exec(text);
    expect(match?.[1]).toBe(calle.name);
    expect(Number(match?.[2]) % 2).toBe(1);
    expect(Number(match?.[2])).toBeGreaterThanOrEqual(calle.left[1]!);
    expect(Number(match?.[2])).toBeLessThanOrEqual(calle.left[2]!);
  });
});

const TEST_START_S = 1_768_467_600;
