import { createServer, type Server } from "node:http";
import type { Camera } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/** Cameras attached to vehicles, and their snapshots fetched by the server through the egress guard. */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f7a8a10000000049454e44ae426082",
  "hex",
);

let p: TestPlatform;
let camera: Server;
let cameraUrl = "";
let acme = 0;
let vehicleId = 0;
let admin = "";
const path = (rest: string) => `companies/id/${acme}/${rest}`;

beforeAll(async () => {
  // A camera on the local network: /snap.png is an image, /page an HTML page claiming to be one, /down fails.
  camera = createServer((req, res) => {
    if (req.url === "/snap.png") {
      res.setHeader("content-type", "image/png");
      res.end(PNG);
    } else if (req.url === "/page") {
      res.setHeader("content-type", "image/jpeg");
      res.end("<html><script>alert(1)</script></html>");
    } else {
      res.statusCode = 500;
      res.end();
    }
  });
  await new Promise<void>((resolve) => camera.listen(0, "127.0.0.1", resolve));
  cameraUrl = `http://127.0.0.1:${(camera.address() as { port: number }).port}`;
  // The operator allows this one on-premises address; every other private one stays refused.
  p = await startTestPlatform({ VIGIA_EGRESS_ALLOW_PRIVATE: "127.0.0.1/32" });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  vehicleId = (
    await p.ctx.db.query<{ id: number }>(
      "select id from vehicles where company_id = $1 order by id limit 1",
      [acme],
    )
  )[0]!.id;
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
  camera.close();
});

const dashcam = (patch: Record<string, unknown> = {}) => ({
  name: "Front dash cam",
  type: "dashcam",
  vehicleId,
  streamUrl: "https://cams.example/live/front.m3u8",
  snapshotUrl: `${cameraUrl}/snap.png`,
  ...patch,
});

describe("cameras", () => {
  let id = 0;

  it("offers the camera types and keeps cameras per vehicle", async () => {
    const inputs = await p.api.get<{ types: string[] }>(path("cameras/inputs"), admin);
    expect(inputs.body.types).toContain("dashcam");
    const created = await p.api.post<Camera>(path("cameras"), dashcam(), admin);
    expect(created.status).toBe(200);
    id = created.body.id;
    expect(created.body).toMatchObject({ name: "Front dash cam", type: "dashcam", vehicleId });
    const list = await p.api.get<Camera[]>(path(`cameras?vehicleId=${vehicleId}`), admin);
    expect(list.body.map((c) => c.id)).toEqual([id]);
    const renamed = await p.api.put<Camera>(path(`cameras/id/${id}`), dashcam({ name: "Cabin" }), admin);
    expect(renamed.body.name).toBe("Cabin");
  });

  it("validates URLs and needs at least one of them", async () => {
    const bad = await p.api.post<ErrorBody>(
      path("cameras"),
      dashcam({ snapshotUrl: "file:///etc/passwd" }),
      admin,
    );
    expect(bad.status).toBe(400);
    const none = await p.api.post<ErrorBody>(
      path("cameras"),
      dashcam({ streamUrl: "", snapshotUrl: "" }),
      admin,
    );
    expect(none.status).toBe(400);
  });

  it("keeps other tenants and read-only users out", async () => {
    const globex = await p.api.token("admin@globex.demo");
    expect((await p.api.get(path("cameras"), globex)).status).toBe(404);
    expect((await p.api.get(path(`cameras/id/${id}/snapshot`), globex)).status).toBe(404);
    const globexVehicle = (
      await p.ctx.db.query<{ id: number }>("select id from vehicles where company_id <> $1 limit 1", [acme])
    )[0]!.id;
    expect((await p.api.post(path("cameras"), dashcam({ vehicleId: globexVehicle }), admin)).status).toBe(
      404,
    );
    const operator = await p.api.token("operator@acme.demo");
    expect((await p.api.post(path("cameras"), dashcam(), operator)).status).toBe(403);
    expect((await p.api.request("DELETE", path(`cameras/id/${id}`), { token: operator })).status).toBe(403);
  });

  it("fetches the snapshot server-side and answers only a real image", async () => {
    const response = await fetch(`${p.url}/fr/v1/${path(`cameras/id/${id}/snapshot`)}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    await p.api.put(path(`cameras/id/${id}`), dashcam({ snapshotUrl: `${cameraUrl}/page` }), admin);
    const page = await p.api.get<ErrorBody>(path(`cameras/id/${id}/snapshot`), admin);
    expect([page.status, page.body.description]).toEqual([502, "camera.notImage"]);
    await p.api.put(path(`cameras/id/${id}`), dashcam({ snapshotUrl: `${cameraUrl}/down` }), admin);
    expect((await p.api.get<ErrorBody>(path(`cameras/id/${id}/snapshot`), admin)).body.description).toBe(
      "camera.unreachable",
    );
  });

  it.each([
    "http://10.1.2.3/snap.jpg",
    "http://169.254.169.254/latest/meta-data/",
    "http://192.168.1.20/cgi-bin/snapshot.cgi",
    "http://[::1]/snap.jpg",
  ])("the egress guard refuses the private address %s", async (snapshotUrl) => {
    await p.api.put(path(`cameras/id/${id}`), dashcam({ snapshotUrl }), admin);
    const refused = await p.api.get<ErrorBody>(path(`cameras/id/${id}/snapshot`), admin);
    expect([refused.status, refused.body.description]).toEqual([502, "camera.unreachable"]);
  });

  it("deletes", async () => {
    expect((await p.api.request("DELETE", path(`cameras/id/${id}`), { token: admin })).status).toBeLessThan(
      300,
    );
    expect((await p.api.get<Camera[]>(path("cameras"), admin)).body).toEqual([]);
  });
});
