import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type DrivingRoute, distanceM, type NearestAnswer } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * Route to a point: vehicles ranked by driving time from an OSRM-compatible router (a small one
 * started here), by straight line without one, and "cannot calculate route" when the router fails.
 */
const TARGET = { lat: 40.4168, lng: -3.7038 };
let router: Server;
let routerUp = true;
const requests: string[] = [];
let withRouter: TestPlatform;
let without: TestPlatform;

/** The nearest vehicle by straight line sits "across a river": its driving time is the worst. */
function fakeOsrm(): Server {
  return createServer((req, res) => {
    requests.push(req.url ?? "");
    if (!routerUp) {
      res.writeHead(500).end("down");
      return;
    }
    const url = new URL(req.url ?? "/", "http://router");
    const [, , , , list = ""] = url.pathname.split("/");
    const points = list.split(";").map((c) => {
      const [lng, lat] = c.split(",").map(Number);
      return { lat: lat!, lng: lng! };
    });
    res.setHeader("content-type", "application/json");
    if (url.pathname.startsWith("/table/v1/driving/")) {
      const dest = points[points.length - 1]!;
      const sources = points.slice(0, -1);
      const straight = sources.map((s) => distanceM(s, dest));
      const nearest = straight.indexOf(Math.min(...straight));
      const durations = straight.map((m, i) => [i === nearest ? 99_999 : m / 10]);
      const distances = straight.map((m) => [m * 1.3]);
      res.end(JSON.stringify({ code: "Ok", durations, distances }));
    } else if (url.pathname.startsWith("/route/v1/driving/")) {
      const [a, b] = points;
      res.end(
        JSON.stringify({
          code: "Ok",
          routes: [
            {
              distance: 1234,
              duration: 321,
              geometry: {
                type: "LineString",
                coordinates: [
                  [a!.lng, a!.lat],
                  [a!.lng, b!.lat],
                  [b!.lng, b!.lat],
                ],
              },
            },
          ],
        }),
      );
    } else res.writeHead(404).end();
  });
}

/** Four vehicles report around the target, 1 to 4 km north of it. */
async function placeVehicles(p: TestPlatform): Promise<void> {
  const vehicles = await p.ctx.db.query<{ imei: string }>(
    `select d.device_id as imei from vehicles v join devices d on d.item_type = 1 and d.item_id = v.id
     join device_types t on t.id = d.type_id join companies c on c.id = v.company_id
     where c.name = 'Acme Logistics' and t.proto = 'teltonika' order by v.id limit 4`,
  );
  for (const [i, v] of vehicles.entries()) {
    const device = await TestDevice.connect(p.gateway!.ports.teltonika);
    device.send(teltonikaHandshake(v.imei));
    await device.read(1);
    const fix = { ts: p.clock.now() - 60_000, lat: TARGET.lat + 0.009 * (i + 1), lng: TARGET.lng, spd: 0 };
    device.send(teltonikaPacket([fix]));
    await device.read(4);
    device.end();
  }
  await p.services.processor.idle();
}

async function admin(p: TestPlatform) {
  const token = await p.api.token("admin@acme.demo");
  const acme = (
    await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'")
  )[0]!.id;
  return { token, acme };
}

beforeAll(async () => {
  router = fakeOsrm();
  await new Promise<void>((resolve) => router.listen(0, "127.0.0.1", resolve));
  const port = (router.address() as AddressInfo).port;
  withRouter = await startTestPlatform({
    ROUTER_URL: `http://127.0.0.1:${port}`,
    VIGIA_EGRESS_ALLOW_PRIVATE: "127.0.0.1/32",
    VIGIA_GATEWAY: "1",
    TELTONIKA_PORT: "0",
  });
  without = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0" });
  await placeVehicles(withRouter);
  await placeVehicles(without);
}, 60_000);
afterAll(async () => {
  await withRouter?.close();
  await without?.close();
  await new Promise<void>((resolve) => router.close(() => resolve()));
});

const nearestPath = (acme: number) =>
  `companies/id/${acme}/routing/nearest?lat=${TARGET.lat}&lng=${TARGET.lng}&limit=5`;

describe("route to a point", () => {
  it("ranks vehicles by the router's driving time", async () => {
    const { token, acme } = await admin(withRouter);
    const answer = await withRouter.api.get<NearestAnswer>(nearestPath(acme), token);
    expect(answer.status).toBe(200);
    expect(answer.body.rankedBy).toBe("router");
    expect(answer.body.routerFailed).toBe(false);
    const list = answer.body.candidates;
    expect(list.length).toBeGreaterThan(1);
    const durations = list.map((c) => c.durationS!);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
    // The straight-line nearest is not first: the router's answer decides.
    const straightFirst = [...list].sort((a, b) => a.straightM - b.straightM)[0]!;
    expect(list[0]!.itemId).not.toBe(straightFirst.itemId);
    expect(list[0]!.roadM).toBeGreaterThan(list[0]!.straightM);
    expect(requests.some((r) => r.startsWith("/table/v1/driving/"))).toBe(true);
  });

  it("draws the route of the chosen vehicle", async () => {
    const { token, acme } = await admin(withRouter);
    const route = await withRouter.api.get<DrivingRoute>(
      `companies/id/${acme}/routing/route?fromLat=40.5&fromLng=-3.6&toLat=${TARGET.lat}&toLng=${TARGET.lng}`,
      token,
    );
    expect(route.status).toBe(200);
    expect(route.body).toMatchObject({ distanceM: 1234, durationS: 321 });
    expect(route.body.coordinates).toHaveLength(3);
  });

  it("says it cannot calculate the route when the router fails, and ranks by straight line", async () => {
    const { token, acme } = await admin(withRouter);
    routerUp = false;
    try {
      const answer = await withRouter.api.get<NearestAnswer>(nearestPath(acme), token);
      expect(answer.body).toMatchObject({ rankedBy: "straight", routerFailed: true });
      const route = await withRouter.api.get<{ description: string }>(
        `companies/id/${acme}/routing/route?fromLat=40.5&fromLng=-3.6&toLat=${TARGET.lat}&toLng=${TARGET.lng}`,
        token,
      );
      expect(route.status).toBe(502);
      expect(route.body.description).toBe("route.cannotCalculate");
    } finally {
      routerUp = true;
    }
  });

  it("ranks by straight-line distance without a router", async () => {
    const { token, acme } = await admin(without);
    const answer = await without.api.get<NearestAnswer>(nearestPath(acme), token);
    expect(answer.body.rankedBy).toBe("straight");
    expect(answer.body.routerFailed).toBe(false);
    const metres = answer.body.candidates.map((c) => c.straightM);
    expect(metres.length).toBeGreaterThan(1);
    expect(metres).toEqual([...metres].sort((a, b) => a - b));
    expect(answer.body.candidates.every((c) => c.durationS === null)).toBe(true);
  });
});
