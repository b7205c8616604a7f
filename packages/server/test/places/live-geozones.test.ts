import { type Geozone, liveServerMessageSchema } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveChannel } from "../support/channel.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

let p: TestPlatform;
let acme: number;
let globex: number;
let groups: Map<string, number>;
let admin: string;

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
  const rows = await p.ctx.db.query<{ id: number; name: string }>(
    "select id, name from groups where company_id = $1",
    [acme],
  );
  groups = new Map(rows.map((g) => [g.name, g.id]));
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

const channel = (token: string, companyId: number) => liveChannel(p.url, token, companyId);

const polygon = (name: string, group: number | null) => ({
  type: "polygon",
  name,
  color: "#1971c2",
  group,
  points: [
    { lat: 40.4, lng: -3.7 },
    { lat: 40.41, lng: -3.7 },
    { lat: 40.41, lng: -3.69 },
  ],
});
const base = "companies/id/";

describe("live geozone messages", () => {
  it("sends geozone and geozoneDel to the company's open maps, within each user's group scope", async () => {
    const watcher = channel(admin, acme);
    const operator = channel(await p.api.token("operator@acme.demo"), acme);
    const stranger = channel(await p.api.token("admin@globex.demo"), globex);
    await Promise.all([watcher, operator, stranger].map((c) => c.waitFor((m) => m.type === "bindCompany")));
    const zones = `${base}${acme}/geozones`;
    const madrid = await p.api.post<Geozone>(zones, polygon("M", groups.get("Madrid")!), admin);
    const toledo = await p.api.post<Geozone>(zones, polygon("T", groups.get("Toledo")!), admin);
    expect(madrid.status).toBe(200);
    await watcher.waitFor((m) => m.type === "geozone" && m.data.id === madrid.body.id);
    expect(watcher.messages.find((m) => m.type === "geozone" && m.data.id === madrid.body.id)?.data).toEqual(
      madrid.body,
    );
    // The operator sees only Toledo: once Toledo's message is there, Madrid's (published before it) never came.
    await operator.waitFor((m) => m.type === "geozone" && m.data.id === toledo.body.id);
    expect(operator.messages.some((m) => m.type === "geozone" && m.data.id === madrid.body.id)).toBe(false);

    // A change reaches the maps with the new shape; moving Toledo to Madrid's group drops it from the operator.
    const moved = await p.api.request("PUT", `${zones}/id/${toledo.body.id}`, {
      token: admin,
      body: { ...polygon("T2", groups.get("Madrid")!) },
    });
    expect(moved.status).toBe(200);
    await watcher.waitFor((m) => m.type === "geozone" && m.data.name === "T2");
    await operator.waitFor((m) => m.type === "geozoneDel" && m.data.id === toledo.body.id);
    expect(operator.messages.some((m) => m.type === "geozone" && m.data.name === "T2")).toBe(false);

    await p.api.request("DELETE", `${zones}/id/${madrid.body.id}`, { token: admin });
    await watcher.waitFor((m) => m.type === "geozoneDel" && m.data.id === madrid.body.id);

    // Another company hears nothing of Acme's geozones; a geozone of its own proves its channel is live.
    const own = await p.api.post<Geozone>(
      `${base}${globex}/geozones`,
      polygon("G", null),
      await p.api.token("admin@globex.demo"),
    );
    await stranger.waitFor((m) => m.type === "geozone" && m.data.id === own.body.id);
    expect(stranger.messages.some((m) => m.type.startsWith("geozone") && m.data.id !== own.body.id)).toBe(
      false,
    );
    // What the places routes published is what the browser worker accepts.
    for (const m of [...watcher.messages, ...operator.messages, ...stranger.messages])
      expect(liveServerMessageSchema.safeParse(m).error).toBeUndefined();
    for (const c of [watcher, operator, stranger]) c.ws.close();
  });
});
