import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type MapProvider, PMTILES_PATH } from "@vigia/domain";
import { FetchSource, PMTiles } from "pmtiles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseByteRange } from "../src/map-tiles/byte-range.ts";
import { configuredProviders } from "../src/map-tiles/index.ts";
import { startTestPlatform, type TestPlatform } from "./support/platform.ts";
import { buildPmtiles } from "./support/pmtiles-archive.ts";

/** Issue 18: self-hosted vector tiles (MAP_PMTILES) served with range requests, and the providers offered. */
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

  it("offers it with the offline world layer, the site's tiles and the listed providers", async () => {
    const answer = await p.api.get<MapProvider[]>("map/providers");
    expect(answer.status).toBe(200);
    expect(answer.body.map((m) => [m.id, m.kind])).toEqual([
      ["world", "offline"],
      ["osm", "raster"],
      ["pmtiles", "pmtiles"],
      ["topo", "raster"],
    ]);
    expect(answer.body.find((m) => m.id === "pmtiles")?.url).toBe(PMTILES_PATH);
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
  it.each([
    ["nothing configured", { mapPmtiles: null, mapTileProviders: null }, ["world", "osm"], 0],
    [
      "a remote archive",
      { mapPmtiles: "https://cdn.example.org/a.pmtiles", mapTileProviders: null },
      ["world", "osm", "pmtiles"],
      0,
    ],
    [
      "a duplicate id is refused",
      { mapPmtiles: null, mapTileProviders: "osm|Again|https://x.org/{z}/{x}/{y}.png|x" },
      ["world", "osm"],
      1,
    ],
    [
      "a URL without {z}/{x}/{y}",
      { mapPmtiles: null, mapTileProviders: "t|T|https://x.org/tile.png|x" },
      ["world", "osm"],
      1,
    ],
  ])("%s", (_name, config, ids, problems) => {
    const result = configuredProviders(config);
    expect(result.providers.map((m) => m.id)).toEqual(ids);
    expect(result.problems).toHaveLength(problems);
  });
});
