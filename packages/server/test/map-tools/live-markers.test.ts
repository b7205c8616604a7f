import { liveServerMessageSchema, type MapMarker } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveChannel } from "../support/channel.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Map markers reach the other open maps live, shared ones the company's, personal ones their author's. */
let p: TestPlatform;
let acme: number;
let globex: number;

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  globex = companies.find((c) => c.name === "Globex Security")!.id;
});
afterAll(async () => {
  await p?.close();
});

const channel = (token: string, companyId: number) => liveChannel(p.url, token, companyId);

const marker = (name: string, shared: boolean) => ({ name, note: "gate B", lat: 40.41, lng: -3.7, shared });

describe("live map markers", () => {
  it("sends shared markers to the company's maps, personal ones only to their author, nothing to others", async () => {
    const adminToken = await p.api.token("admin@acme.demo");
    const author = channel(adminToken, acme);
    const operator = channel(await p.api.token("operator@acme.demo"), acme); // group-scoped (Toledo)
    const globexToken = await p.api.token("admin@globex.demo");
    const stranger = channel(globexToken, globex);
    await Promise.all([author, operator, stranger].map((c) => c.waitFor((m) => m.type === "bindCompany")));
    const path = `companies/id/${acme}/mapmarkers`;
    const userId = (
      await p.ctx.db.query<{ id: number }>("select id from users where email = 'admin@acme.demo'")
    )[0]!.id;

    const personal = (await p.api.post<MapMarker>(path, marker("Mine", false), adminToken)).body;
    const shared = (await p.api.post<MapMarker>(path, marker("Depot", true), adminToken)).body;
    await author.waitFor((m) => m.type === "marker" && m.data.id === personal.id);
    await operator.waitFor((m) => m.type === "marker" && m.data.id === shared.id);
    const { mine: _mine, ...fields } = shared;
    expect(operator.messages.find((m) => m.type === "marker" && m.data.id === shared.id)?.data).toEqual({
      ...fields,
      authorId: userId,
    });
    // The personal marker was published before the shared one: the operator never got it.
    expect(operator.has("marker", personal.id)).toBe(false);

    expect((await p.api.request("DELETE", `${path}/id/${personal.id}`, { token: adminToken })).status).toBe(
      200,
    );
    expect((await p.api.request("DELETE", `${path}/id/${shared.id}`, { token: adminToken })).status).toBe(
      200,
    );
    await author.waitFor((m) => m.type === "markerDel" && m.data.id === personal.id);
    await operator.waitFor((m) => m.type === "markerDel" && m.data.id === shared.id);
    expect(operator.has("markerDel", personal.id)).toBe(false);

    // Globex hears none of Acme's markers; a shared marker of its own proves its channel is live.
    const own = (
      await p.api.post<MapMarker>(`companies/id/${globex}/mapmarkers`, marker("G", true), globexToken)
    ).body;
    await stranger.waitFor((m) => m.type === "marker" && m.data.id === own.id);
    expect(stranger.messages.filter((m) => m.type.startsWith("marker")).map((m) => m.data.id)).toEqual([
      own.id,
    ]);
    // What the routes published is what the browser worker accepts.
    for (const m of [...author.messages, ...operator.messages, ...stranger.messages])
      expect(liveServerMessageSchema.safeParse(m).error).toBeUndefined();
    for (const c of [author, operator, stranger]) c.ws.close();
  });
});
