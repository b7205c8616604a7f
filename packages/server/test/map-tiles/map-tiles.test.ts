import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { VectorTile } from "@mapbox/vector-tile";
import { type MapProvider, PMTILES_PATH, STREET_TILES_PATH } from "@vigia/domain";
import { PbfReader } from "pbf";
import { FetchSource, PMTiles } from "pmtiles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoStreets } from "../../src/demo/index.ts";
import { parseByteRange } from "../../src/map-tiles/byte-range.ts";
import { checkArchive, configuredProviders, importMapArchive } from "../../src/map-tiles/index.ts";
import { archiveReady } from "../../src/map-tiles/providers.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";
import { buildPmtiles } from "../support/pmtiles-archive.ts";

/**
 * The base maps Vigia serves itself: a PMTiles archive (MAP_PMTILES or `vigia import-map`) with range requests,
 * the street layer as vector tiles from the address tables, and the providers offered with their default.
 */
const tiles = [
  { z: 0, x: 0, y: 0, data: Uint8Array.from([1, 2, 3, 4, 5]) },
  { z: 1, x: 1, y: 0, data: Uint8Array.from([9, 8, 7]) },
  { z: 2, x: 2, y: 1, data: Uint8Array.from([42]) },
];
let dir: string;
let p: TestPlatform;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "vigia-pmtiles-"));
  const file = path.join(dir, "region.pmtiles");
  writeFileSync(file, buildPmtiles(tiles));
  p = await startTestPlatform({
    MAP_PMTILES: file,
    MAP_OSM_TILES: "https://tiles.example.org/osm/{z}/{x}/{y}.png",
    MAP_TILE_PROVIDERS: "topo|Topographic|https://tiles.example.org/{z}/{x}/{y}.png|© Example;bad|no url",
  });
}, 60_000);
afterAll(async () => {
  await p?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("PMTiles archive", () => {
  it("answers range requests the pmtiles reader decodes into the archive's tiles", async () => {
    const archive = new PMTiles(new FetchSource(`${p.url}${PMTILES_PATH}`));
    const header = await archive.getHeader();
    expect([header.minZoom, header.maxZoom, header.numAddressedTiles]).toEqual([0, 2, 3]);
    for (const tile of tiles) {
      const got = await archive.getZxy(tile.z, tile.x, tile.y);
      expect(new Uint8Array(got!.data)).toEqual(tile.data);
    }
    expect(await archive.getZxy(2, 0, 0)).toBeUndefined();
    expect(await archive.getMetadata()).toMatchObject({ name: "vigia test" });
  });

  it("sends 206 with the asked bytes, 416 past the end, the whole file without a range", async () => {
    const url = `${p.url}${PMTILES_PATH}`;
    const part = await fetch(url, { headers: { range: "bytes=0-6" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toMatch(/^bytes 0-6\/\d+$/);
    expect(Buffer.from(await part.arrayBuffer()).toString("ascii")).toBe("PMTiles");
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const size = (await whole.arrayBuffer()).byteLength;
    expect((await fetch(url, { headers: { range: `bytes=${size}-` } })).status).toBe(416);
  });

  it("offers it, as the default, with the world layer, the named tile server and the listed providers", async () => {
    const answer = await p.api.get<MapProvider[]>("map/providers");
    expect(answer.status).toBe(200);
    expect(answer.body.map((m) => [m.id, m.kind, m.isDefault])).toEqual([
      ["world", "offline", false],
      ["osm", "raster", false],
      ["pmtiles", "pmtiles", true],
      ["topo", "raster", false],
    ]);
    expect(answer.body.find((m) => m.id === "pmtiles")?.url).toBe(PMTILES_PATH);
    expect(answer.body.find((m) => m.id === "world")?.url).toBe(`${STREET_TILES_PATH}/{z}/{x}/{y}`);
    // The raster tiles of "osm" are the ones MAP_OSM_TILES names, handed over at sign-in.
    const login = await p.api.login("admin@acme.demo");
    expect(login.body.osmTilesUrl).toBe("https://tiles.example.org/osm/{z}/{x}/{y}.png");
  });
});

describe("company base map", () => {
  it("is chosen among the offered providers only, and the company's users read it", async () => {
    const acme = (
      await p.ctx.db.query<{ id: number; reseller_id: number }>(
        "select id, reseller_id from companies where name = 'Acme Logistics'",
      )
    )[0]!;
    const reseller = await p.api.token("reseller@vigia.demo");
    const path = `resellers/id/${acme.reseller_id}/companies/id/${acme.id}`;
    const company = await p.api.get<
      { conf: { general?: Record<string, unknown> } } & Record<string, unknown>
    >(path, reseller);
    expect(company.status).toBe(200);
    const { id: _id, createdTs: _c, updatedTs: _u, ...record } = company.body;
    const withProvider = (mapProvider: string) => ({
      ...record,
      conf: { ...company.body.conf, general: { ...(company.body.conf.general ?? {}), mapProvider } },
    });
    const refused = await p.api.put<{ fields: Record<string, string> }>(path, withProvider("nope"), reseller);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ "conf.general.mapProvider": "invalidOption" });
    expect((await p.api.put(path, withProvider("pmtiles"), reseller)).status).toBe(200);
    const admin = await p.api.token("admin@acme.demo");
    const info = await p.api.get<{ conf: { general: { mapProvider: string } } }>(
      `companies/id/${acme.id}/info`,
      admin,
    );
    expect(info.body.conf.general.mapProvider).toBe("pmtiles");
    // Another company keeps its own choice.
    const others = await p.ctx.db.query<{ provider: string | null }>(
      "select conf->'general'->>'mapProvider' as provider from companies where id <> $1",
      [acme.id],
    );
    expect(others.every((o) => o.provider !== "pmtiles")).toBe(true);
  });

  it("keeps a choice the deployment no longer offers, so the company's form still saves", async () => {
    const acme = (
      await p.ctx.db.query<{ id: number; reseller_id: number }>(
        "select id, reseller_id from companies where name = 'Acme Logistics'",
      )
    )[0]!;
    // Saved while raster tiles were configured; this deployment has none now.
    await p.ctx.db.query(
      "update companies set conf = jsonb_set(conf, '{general,mapProvider}', '\"retired\"') where id = $1",
      [acme.id],
    );
    const reseller = await p.api.token("reseller@vigia.demo");
    const path = `resellers/id/${acme.reseller_id}/companies/id/${acme.id}`;
    const company = await p.api.get<
      { conf: { general?: Record<string, unknown> } } & Record<string, unknown>
    >(path, reseller);
    expect(company.body.conf.general?.mapProvider).toBe("retired");
    const { id: _id, createdTs: _c, updatedTs: _u, ...record } = company.body;
    const saved = await p.api.put<{ phone: string }>(path, { ...record, phone: "+34 910 000 000" }, reseller);
    expect(saved.status).toBe(200);
    expect(saved.body.phone).toBe("+34 910 000 000");
    // Choosing it anew is still refused.
    const other = { ...record, conf: { ...company.body.conf, general: { mapProvider: "retired2" } } };
    expect((await p.api.put(path, other, reseller)).status).toBe(400);
  });
});

describe("parseByteRange", () => {
  it.each([
    [undefined, null],
    ["bytes=0-9", { start: 0, end: 9 }],
    ["bytes=90-", { start: 90, end: 99 }],
    ["bytes=-10", { start: 90, end: 99 }],
    ["bytes=95-200", { start: 95, end: 99 }],
    ["bytes=100-", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=5-2", null],
    ["bytes=0-1,4-5", null],
    ["items=0-1", null],
  ] as const)("%s of 100 bytes", (header, expected) => {
    expect(parseByteRange(header, 100)).toEqual(expected);
  });
});

describe("configuredProviders", () => {
  const none = { mapPmtiles: null, mapTileProviders: null, mapOsmTiles: null, mapDefaultProvider: null };
  const osm = "https://tile.example.org/{z}/{x}/{y}.png";
  it.each([
    ["a fresh install: only what Vigia serves itself", none, false, ["world"], "world", 0],
    ["a tile server named", { ...none, mapOsmTiles: osm }, false, ["world", "osm"], "world", 0],
    [
      "an archive not imported yet",
      { ...none, mapPmtiles: "/data/map/base.pmtiles" },
      false,
      ["world"],
      "world",
      0,
    ],
    [
      "an imported archive",
      { ...none, mapPmtiles: "/data/map/base.pmtiles" },
      true,
      ["world", "pmtiles"],
      "pmtiles",
      0,
    ],
    [
      "a remote archive",
      { ...none, mapPmtiles: "https://cdn.example.org/a.pmtiles" },
      false,
      ["world", "pmtiles"],
      "pmtiles",
      0,
    ],
    [
      "a default chosen by the deployment",
      { ...none, mapOsmTiles: osm, mapPmtiles: "/a.pmtiles", mapDefaultProvider: "osm" },
      true,
      ["world", "osm", "pmtiles"],
      "osm",
      0,
    ],
    [
      "a default not offered is reported",
      { ...none, mapDefaultProvider: "osm" },
      false,
      ["world"],
      "world",
      1,
    ],
    [
      "a duplicate id is refused",
      { ...none, mapOsmTiles: osm, mapTileProviders: "osm|Again|https://x.org/{z}/{x}/{y}.png|x" },
      false,
      ["world", "osm"],
      "world",
      1,
    ],
    [
      "a URL without {z}/{x}/{y}",
      { ...none, mapTileProviders: "t|T|https://x.org/tile.png|x" },
      false,
      ["world"],
      "world",
      1,
    ],
  ])("%s", (_name, config, ready, ids, defaultId, problems) => {
    const result = configuredProviders(config, ready);
    expect(result.providers.map((m) => m.id)).toEqual(ids);
    expect(result.providers.filter((m) => m.isDefault).map((m) => m.id)).toEqual([defaultId]);
    expect(result.problems).toHaveLength(problems);
  });
});

describe("street tiles", () => {
  const tileOf = (lat: number, lng: number, z: number) => {
    const n = 2 ** z;
    const x = Math.floor(((lng + 180) / 360) * n);
    const rad = (lat * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
    return { x, y };
  };

  it("draws the address tables' streets with their names, and answers 204 where there are none", async () => {
    await seedDemoStreets(p.ctx.db, () => p.clock.now());
    const { x, y } = tileOf(40.4168, -3.7038, 16);
    const response = await fetch(`${p.url}${STREET_TILES_PATH}/16/${x}/${y}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-protobuf");
    const tile = new VectorTile(new PbfReader(new Uint8Array(await response.arrayBuffer())));
    const streets = tile.layers.streets!;
    expect(streets.length).toBeGreaterThan(0);
    const names = new Set(
      Array.from({ length: streets.length }, (_, i) => streets.feature(i).properties.name),
    );
    expect([...names].some((n) => typeof n === "string" && /^(Calle|Avenida|Paseo) /.test(n))).toBe(true);
    expect(streets.feature(0).type).toBe(2); // lines
    // Mid-Atlantic: nothing there.
    const sea = tileOf(30, -40, 16);
    expect((await fetch(`${p.url}${STREET_TILES_PATH}/16/${sea.x}/${sea.y}`)).status).toBe(204);
  });

  it("refuses a tile outside the zooms it is made for, naming what is wrong", async () => {
    const low = await fetch(`${p.url}${STREET_TILES_PATH}/3/1/1`);
    expect(low.status).toBe(400);
    expect(((await low.json()) as { description: string }).description).toBe("invalid tile z");
    expect((await fetch(`${p.url}${STREET_TILES_PATH}/14/99999/1`)).status).toBe(400);
  });
});

describe("import-map", () => {
  const vector = (z: number, x: number, y: number) => ({ z, x, y, data: Uint8Array.from([z, x, y, 7]) });
  const archive = buildPmtiles([vector(0, 0, 0), vector(1, 0, 0), vector(1, 1, 1)], "mvt");

  it("checks the archive, copies it into place, and does nothing the second time", async () => {
    const source = path.join(dir, "madrid.pmtiles");
    writeFileSync(source, archive);
    const target = path.join(dir, "data", "map", "base.pmtiles");
    expect(await archiveReady({ mapPmtiles: target })).toBe(false);
    const seen: number[] = [];
    const first = await importMapArchive(source, target, (x) => seen.push(x.copied));
    expect(first).toMatchObject({
      alreadyDone: false,
      resumedAt: 0,
      tileType: "vector (MVT)",
      minZoom: 0,
      maxZoom: 1,
      tiles: 3,
    });
    expect(seen.at(-1)).toBe(archive.length);
    expect(readFileSync(target)).toEqual(archive);
    expect(await archiveReady({ mapPmtiles: target })).toBe(true);
    expect(await importMapArchive(source, target)).toMatchObject({ alreadyDone: true });
  });

  it("goes on from the bytes an interrupted copy left", async () => {
    const source = path.join(dir, "valencia.pmtiles");
    writeFileSync(source, archive);
    const target = path.join(dir, "resume", "base.pmtiles");
    // A first run that stops after 100 bytes: the copy so far and what it is a copy of.
    let stopAt = 0;
    await expect(
      importMapArchive(source, target, (x) => {
        stopAt = x.copied;
        if (x.copied > 0) throw new Error("power cut");
      }),
    ).rejects.toThrow("power cut");
    expect(stopAt).toBeGreaterThan(0);
    // Keep only the first 100 bytes, as a copy cut off early would.
    const part = `${target}.part`;
    writeFileSync(part, archive.subarray(0, 100));
    const resumed = await importMapArchive(source, target);
    expect(resumed).toMatchObject({ alreadyDone: false, resumedAt: 100 });
    expect(readFileSync(target)).toEqual(archive);
  });

  it("refuses what is not a vector PMTiles archive, by name", async () => {
    const text = path.join(dir, "notes.pmtiles");
    writeFileSync(
      text,
      "not an archive at all, just some text that is long enough to read a header from".repeat(3),
    );
    await expect(checkArchive(text)).rejects.toThrow("notes.pmtiles is not a readable PMTiles archive");
    const raster = path.join(dir, "raster.pmtiles");
    writeFileSync(raster, buildPmtiles([vector(0, 0, 0)]));
    await expect(checkArchive(raster)).rejects.toThrow("raster.pmtiles holds PNG tiles");
    const cut = path.join(dir, "cut.pmtiles");
    writeFileSync(cut, archive.subarray(0, archive.length - 2));
    await expect(checkArchive(cut)).rejects.toThrow(/cut.pmtiles (is cut short|is not a readable)/);
  });
});
