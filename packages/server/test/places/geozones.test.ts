import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Geozone,
  liveServerMessageSchema,
  type PlacesAt,
  type PlacesImportResult,
  type Poi,
  type WmsLayer,
} from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveChannel } from "../support/channel.ts";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

let p: TestPlatform;
let acme: number;
let globex: number;
let groups: Map<string, number>;
let admin: string;
let wms: Server;
let wmsUrl: string;

const CAPABILITIES = `<?xml version="1.0"?><WMS_Capabilities version="1.3.0"><Capability><Layer><Name>root</Name>
  <Layer><Name>parcels</Name><Title>Parcels</Title></Layer><Layer><Name>roads</Name></Layer></Layer></Capability>
  </WMS_Capabilities>`;

beforeAll(async () => {
  // The test WMS server listens on loopback, which the egress guard refuses unless the operator allows it.
  p = await startTestPlatform({ VIGIA_EGRESS_ALLOW_PRIVATE: "127.0.0.1/32" });
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  const rows = await p.ctx.db.query<{ id: number; name: string }>(
    "select id, name from groups where company_id = $1",
    [acme],
  );
  groups = new Map(rows.map((g) => [g.name, g.id]));
  admin = await p.api.token("admin@acme.demo");
  wms = createServer((req, res) => {
    const ok = req.url?.startsWith("/wms") ?? false;
    res.writeHead(ok ? 200 : 404, { "content-type": "text/xml" }).end(ok ? CAPABILITIES : "");
  });
  await new Promise<void>((resolve) => wms.listen(0, "127.0.0.1", resolve));
  wmsUrl = `http://127.0.0.1:${(wms.address() as AddressInfo).port}/wms`;
});
afterAll(async () => {
  wms?.close();
  await p?.close();
});

const base = (companyId = acme) => `companies/id/${companyId}`;
const circle = (over: Record<string, unknown> = {}) => ({
  type: "circle",
  name: "Depot",
  color: "#1971c2",
  lat: 40.4,
  lng: -3.7,
  radius: 500,
  ...over,
});
const square = (over: Record<string, unknown> = {}) => ({
  type: "polygon",
  name: "Yard",
  color: "red",
  points: [
    { lat: 40.0, lng: -3.0 },
    { lat: 40.0, lng: -2.9 },
    { lat: 40.1, lng: -2.9 },
    { lat: 40.1, lng: -3.0 },
    { lat: 40.0, lng: -3.0 },
  ],
  ...over,
});
const poi = (over: Record<string, unknown> = {}) => ({
  name: "Client",
  lat: 40.41,
  lng: -3.71,
  radius: 100,
  ...over,
});

describe("geozones", () => {
  it("creates, lists keyed by id, updates and deletes circles and polygons", async () => {
    const c = await p.api.post<Geozone>(`${base()}/geozones`, circle(), admin);
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ type: "circle", radius: 500, group: null, points: [] });
    expect(c.body.geometry.coordinates[0]).toHaveLength(65);
    const s = await p.api.post<Geozone>(`${base()}/geozones`, square(), admin);
    expect(s.status).toBe(200);
    // The palette name became its hex, and the closed ring is stored open.
    expect(s.body).toMatchObject({ color: "#e03131", radius: null });
    expect(s.body.points).toHaveLength(4);
    const list = await p.api.get<Record<string, Geozone>>(`${base()}/geozones`, admin);
    expect(list.body[c.body.id]?.name).toBe("Depot");
    expect(list.body[s.body.id]?.type).toBe("polygon");
    const u = await p.api.put<Geozone>(`${base()}/geozones/id/${c.body.id}`, circle({ radius: 900 }), admin);
    expect(u.body.radius).toBe(900);
    const d = await p.api.request("DELETE", `${base()}/geozones/id/${c.body.id}`, { token: admin });
    expect(d.status).toBe(200);
    expect((await p.api.get(`${base()}/geozones/id/${c.body.id}`, admin)).status).toBe(404);
  });

  it.each([
    ["radius 0", circle({ radius: 0 }), "radius", "radius.range"],
    ["radius over 30 km", circle({ radius: 30_001 }), "radius", "radius.range"],
    ["bad colour", circle({ color: "#12" }), "color", "invalidColor"],
    ["empty name", circle({ name: " " }), "name", "required"],
    [
      "self-intersecting polygon",
      square({
        points: [
          { lat: 0, lng: 0 },
          { lat: 1, lng: 1 },
          { lat: 1, lng: 0 },
          { lat: 0, lng: 1 },
        ],
      }),
      "points",
      "polygon.selfIntersecting",
    ],
    [
      "two vertices",
      square({
        points: [
          { lat: 0, lng: 0 },
          { lat: 1, lng: 1 },
        ],
      }),
      "points",
      "polygon.tooFewVertices",
    ],
  ])("rejects %s with a field error", async (_name, body, field, message) => {
    const r = await p.api.post<ErrorBody>(`${base()}/geozones`, body, admin);
    expect(r.status).toBe(400);
    expect(r.body.fields?.[field]).toBe(message);
  });

  it("hides a tenant's places from another tenant", async () => {
    const mine = await p.api.post<Geozone>(`${base()}/geozones`, circle({ name: "Private" }), admin);
    const other = await p.api.token("admin@globex.demo");
    expect((await p.api.get(`${base()}/geozones`, other)).status).toBe(404);
    expect((await p.api.get(`${base()}/pois`, other)).status).toBe(404);
    expect((await p.api.put(`${base()}/geozones/id/${mine.body.id}`, circle(), other)).status).toBe(404);
    // Through the other company's own path the id does not exist either.
    expect((await p.api.put(`${base(globex)}/geozones/id/${mine.body.id}`, circle(), other)).status).toBe(
      404,
    );
  });
});

describe("scope and permissions", () => {
  it("limits a subadministrator to places of their groups plus company-wide ones", async () => {
    const madrid = groups.get("Madrid")!;
    const toledo = groups.get("Toledo")!;
    const wide = await p.api.post<Geozone>(`${base()}/geozones`, circle({ name: "Wide" }), admin);
    const foreign = await p.api.post<Geozone>(
      `${base()}/geozones`,
      circle({ name: "T", group: toledo }),
      admin,
    );
    const sub = await p.api.token("subadmin@acme.demo");
    const own = await p.api.post<Geozone>(`${base()}/geozones`, circle({ name: "M", group: madrid }), sub);
    expect(own.status).toBe(200);
    const seen = await p.api.get<Record<string, Geozone>>(`${base()}/geozones`, sub);
    expect(Object.keys(seen.body)).toContain(String(own.body.id));
    expect(Object.keys(seen.body)).toContain(String(wide.body.id));
    expect(Object.keys(seen.body)).not.toContain(String(foreign.body.id));
    expect((await p.api.put(`${base()}/geozones/id/${foreign.body.id}`, circle(), sub)).status).toBe(404);
    expect((await p.api.put(`${base()}/geozones/id/${wide.body.id}`, circle(), sub)).status).toBe(403);
    const intoForeign = await p.api.post<ErrorBody>(`${base()}/geozones`, circle({ group: toledo }), sub);
    expect(intoForeign.body.fields?.group).toBe("group.invalid");
    const noGroup = await p.api.post<ErrorBody>(`${base()}/pois`, poi(), sub);
    expect(noGroup.body.fields?.group).toBe("group.required");
  });

  it("refuses operators and read-only users", async () => {
    const operator = await p.api.token("operator@acme.demo");
    const r = await p.api.post<ErrorBody>(`${base()}/pois`, poi({ group: groups.get("Toledo") }), operator);
    expect(r.status).toBe(403);
    await p.ctx.db.query("update users set read_only = true where email = 'subadmin@acme.demo'");
    try {
      const ro = await p.api.token("subadmin@acme.demo");
      const w = await p.api.post<ErrorBody>(`${base()}/pois`, poi({ group: groups.get("Madrid") }), ro);
      expect(w.status).toBe(403);
      expect(w.body.description).toBe("read.only");
      expect((await p.api.get(`${base()}/pois`, ro)).status).toBe(200);
    } finally {
      await p.ctx.db.query("update users set read_only = false where email = 'subadmin@acme.demo'");
    }
  });
});

describe("geometry CSV import", () => {
  const rows = [
    { name: "North", lat: "40.5", lng: "-3.6", radius: "200", color: "green", group: "Madrid" },
    { name: "", lat: "x", lng: "-3.6", radius: "40000", color: "#zz", group: "Nowhere" },
    { name: "South", lat: "40.3", lng: "-3.7", radius: "", color: "#123", group: "" },
  ];
  it("validates every row and commits nothing on a dry run", async () => {
    const before = Object.keys((await p.api.get<object>(`${base()}/pois`, admin)).body).length;
    const r = await p.api.post<PlacesImportResult<Poi>>(
      `${base()}/pois/import`,
      { rows, commit: false },
      admin,
    );
    expect(r.status).toBe(200);
    expect(r.body.inserted).toEqual([]);
    expect(r.body.notInserted.map((n) => n.row)).toEqual([1]);
    const fields = r.body.errors.filter((e) => e.row === 1).map((e) => `${e.field}:${e.error}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        "name:required",
        "lat:notNumeric",
        "radius:radius.range",
        "color:invalidColor",
        "group:group.unknown",
      ]),
    );
    expect(Object.keys((await p.api.get<object>(`${base()}/pois`, admin)).body)).toHaveLength(before);
  });
  it("inserts the valid rows in one go on commit", async () => {
    const r = await p.api.post<PlacesImportResult<Poi>>(
      `${base()}/pois/import`,
      { rows, commit: true },
      admin,
    );
    expect(r.body.inserted.map((x) => x.name)).toEqual(["North", "South"]);
    expect(r.body.inserted[0]).toMatchObject({ color: "#2f9e44", group: groups.get("Madrid"), radius: 200 });
    expect(r.body.inserted[1]).toMatchObject({ radius: 50, group: null });
  });
  it("imports polygon geozones from a points column", async () => {
    const zoneRows = [
      { name: "Field", points: "40 -3; 40 -2.9; 40.1 -2.95", color: "#475f7b", group: "" },
      { name: "Knot", points: "0 0; 1 1; 1 0; 0 1", color: "#475f7b", group: "" },
    ];
    const r = await p.api.post<PlacesImportResult<Geozone>>(
      `${base()}/geozones/import`,
      { rows: zoneRows, commit: true },
      admin,
    );
    expect(r.body.inserted.map((z) => z.type)).toEqual(["polygon"]);
    expect(r.body.errors).toEqual([{ row: 1, field: "points", error: "polygon.selfIntersecting" }]);
  });
});

describe("places at a point", () => {
  it("names the geozones containing it and the POIs within their radius", async () => {
    const zone = await p.api.post<Geozone>(
      `${base()}/geozones`,
      circle({ name: "Hub", lat: 41, lng: -4 }),
      admin,
    );
    const near = await p.api.post<Poi>(`${base()}/pois`, poi({ name: "Gate", lat: 41.0005, lng: -4 }), admin);
    const r = await p.api.get<PlacesAt>(`${base()}/places/at?lat=41&lng=-4`, admin);
    expect(r.body.geozones).toContainEqual({ id: zone.body.id, name: "Hub" });
    expect(r.body.pois).toContainEqual({ id: near.body.id, name: "Gate", distanceM: 56 });
    // Moving the zone away is seen at once: writes rebuild the cache.
    await p.api.put(
      `${base()}/geozones/id/${zone.body.id}`,
      circle({ name: "Hub", lat: 42, lng: -4 }),
      admin,
    );
    const after = await p.api.get<PlacesAt>(`${base()}/places/at?lat=41&lng=-4`, admin);
    expect(after.body.geozones.map((g) => g.id)).not.toContain(zone.body.id);
  });
});

describe("WMS layers", () => {
  it("stores a layer the service offers and reports the ones it cannot use", async () => {
    const ok = await p.api.post<WmsLayer>(
      `${base()}/layers`,
      { url: wmsUrl, name: "parcels", title: "Parcels" },
      admin,
    );
    expect(ok.status).toBe(200);
    const list = await p.api.get<Record<string, WmsLayer>>(`${base()}/layers`, admin);
    expect(list.body[ok.body.id]?.title).toBe("Parcels");
    const unknown = await p.api.post<ErrorBody>(
      `${base()}/layers`,
      { url: wmsUrl, name: "rivers", title: "R" },
      admin,
    );
    expect(unknown.body.description).toBe("wms.layerUnknown");
    const dead = await p.api.post<ErrorBody>(
      `${base()}/layers`,
      { url: wmsUrl.replace("/wms", "/nothing"), name: "parcels", title: "P" },
      admin,
    );
    expect(dead.body.description).toBe("wms.unreachable");
    const bad = await p.api.post<ErrorBody>(
      `${base()}/layers`,
      { url: "ftp:/x", name: "a", title: "b" },
      admin,
    );
    expect(bad.body.fields?.url).toBe("invalidUrl");
  });
});

describe("live poi messages", () => {
  const channel = (token: string) => liveChannel(p.url, token, acme);

  it("sends poi and poiDel to maps bound to the company, within their group scope", async () => {
    const watcher = channel(admin);
    const operator = channel(await p.api.token("operator@acme.demo"));
    await Promise.all([
      watcher.waitFor((m) => m.type === "bindCompany"),
      operator.waitFor((m) => m.type === "bindCompany"),
    ]);
    const madrid = await p.api.post<Poi>(
      `${base()}/pois`,
      poi({ name: "M", group: groups.get("Madrid") }),
      admin,
    );
    const toledo = await p.api.post<Poi>(
      `${base()}/pois`,
      poi({ name: "T", group: groups.get("Toledo") }),
      admin,
    );
    await watcher.waitFor((m) => m.type === "poi" && m.data.id === madrid.body.id);
    expect(
      watcher.messages.find((m) => m.type === "poi" && m.data.id === madrid.body.id)?.data,
    ).toMatchObject({
      name: "M",
      lat: 40.41,
    });
    // The operator (Toledo) gets the Toledo POI; the Madrid one, published earlier, must not have reached it.
    await operator.waitFor((m) => m.type === "poi" && m.data.id === toledo.body.id);
    expect(operator.messages.some((m) => m.type === "poi" && m.data.id === madrid.body.id)).toBe(false);
    await p.api.request("DELETE", `${base()}/pois/id/${madrid.body.id}`, { token: admin });
    await watcher.waitFor((m) => m.type === "poiDel" && m.data.id === madrid.body.id);
    // What the places routes published is what the browser worker accepts.
    for (const m of [...watcher.messages, ...operator.messages])
      expect(liveServerMessageSchema.safeParse(m).error).toBeUndefined();
    watcher.ws.close();
    operator.ws.close();
  });
});
