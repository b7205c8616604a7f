import {
  APP_CONFIG_DEFAULTS,
  type CompanyAppConfig,
  type DeviceAppConfig,
  ENCODED_DEVICE_TYPE_ID,
  encodeDeviceId,
} from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * The worker app's configuration: company defaults and device overrides written by administrators,
 * fetched by the app with its device id and key (as the HTTP ingest takes them); a device waits ("awaiting")
 * until it has fetched a change ("updated"); nothing crosses companies.
 */
let p: TestPlatform;
let acme: number;
let other: number;
let admin: string;
let appDevice: number;
let foreignDevice: number;

const basic = (id: string, key: string) => ({
  authorization: `Basic ${Buffer.from(`${id}:${key}`).toString("base64")}`,
});

async function addAppDevice(companyId: number, deviceId: string, key: string | null): Promise<number> {
  const rows = await p.ctx.db.query<{ id: number }>(
    `insert into devices (device_id, type_id, company_id, reseller_id, device_key, created_ts, updated_ts)
     select $1, t.id, c.id, c.reseller_id, $3, 0, 0 from device_types t, companies c
     where t.proto = 'app' and c.id = $2 returning id`,
    // Stored as the device form stores the app type's ids: encoded.
    [encodeDeviceId(ENCODED_DEVICE_TYPE_ID, deviceId), companyId, key],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number; name: string }>("select id, name from companies");
  acme = companies.find((c) => c.name === "Acme Logistics")!.id;
  other = companies.find((c) => c.id !== acme)!.id;
  appDevice = await addAppDevice(acme, "app-acme-1", "acme-secret-1");
  await addAppDevice(acme, "app-acme-nokey", null);
  foreignDevice = await addAppDevice(other, "app-other-1", "other-secret-1");
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

const base = () => `companies/id/${acme}/appconfig`;
const fetchAs = (id: string, key: string) =>
  p.api.get<DeviceAppConfig>("device/appconfig", undefined, basic(id, key));

describe("worker app configuration", () => {
  it("starts from the spec's defaults, the company's app devices listed awaiting", async () => {
    const r = await p.api.get<CompanyAppConfig>(base(), admin);
    expect(r.status).toBe(200);
    expect(r.body.config).toEqual(APP_CONFIG_DEFAULTS);
    expect(r.body.config).toMatchObject({ panic: true, dataSizeRange: 1_048_576, beaconScanMode: 3 });
    // The indoor demo's walker with the worker app comes first (seeded).
    expect(r.body.devices.map((d) => d.deviceId)).toEqual(["nuria.vega", "app-acme-1", "app-acme-nokey"]);
    expect(r.body.devices.every((d) => d.state === "awaiting")).toBe(true);
  });

  it("the app fetches the company's settings merged with its own, and is then updated", async () => {
    const saved = await p.api.put<CompanyAppConfig>(
      base(),
      { ...APP_CONFIG_DEFAULTS, trackerMode: "app_tracker", wifiInterval: 60, dataSizeRange: 5_242_880 },
      admin,
    );
    expect(saved.status).toBe(200);
    const own = await p.api.put<CompanyAppConfig>(
      `${base()}/devices/id/${appDevice}`,
      { beaconMode: "event", sensorInterval: 2000 },
      admin,
    );
    expect(own.body.devices.find((d) => d.id === appDevice)?.override).toEqual({
      beaconMode: "event",
      sensorInterval: 2000,
    });
    const fetched = await fetchAs("app-acme-1", "acme-secret-1");
    expect(fetched.status).toBe(200);
    expect(fetched.body.config).toMatchObject({
      trackerMode: "app_tracker",
      wifiInterval: 60,
      dataSizeRange: 5_242_880,
      beaconMode: "event",
      sensorInterval: 2000,
      panic: true,
    });
    // The same call with ?id=&key= (phone apps that cannot send basic auth).
    expect((await p.api.get("device/appconfig?id=app-acme-1&key=acme-secret-1")).status).toBe(200);
    const after = await p.api.get<CompanyAppConfig>(base(), admin);
    expect(after.body.devices.find((d) => d.id === appDevice)?.state).toBe("updated");
    // A company change makes it wait again.
    p.clock.advance(1000);
    await p.api.put(base(), { ...APP_CONFIG_DEFAULTS, panic: false }, admin);
    const again = await p.api.get<CompanyAppConfig>(base(), admin);
    expect(again.body.devices.find((d) => d.id === appDevice)?.state).toBe("awaiting");
    expect((await fetchAs("app-acme-1", "acme-secret-1")).body.config.panic).toBe(false);
  });

  it("refuses a wrong key, a device without a key and no credential, alike", async () => {
    for (const r of [
      await fetchAs("app-acme-1", "wrong"),
      await fetchAs("app-acme-nokey", ""),
      await fetchAs("no-such-device", "acme-secret-1"),
      await p.api.get("device/appconfig"),
    ]) {
      expect(r.status).toBe(401);
      expect(JSON.stringify(r.body)).not.toContain("wifiInterval");
    }
  });

  it("a device of another company gets its own company's configuration, nothing of this one", async () => {
    const r = await fetchAs("app-other-1", "other-secret-1");
    expect(r.status).toBe(200);
    expect(r.body.config).toEqual(APP_CONFIG_DEFAULTS);
    // Acme's administrator cannot set a foreign device's override, nor read the other company.
    const foreign = await p.api.put<ErrorBody>(
      `${base()}/devices/id/${foreignDevice}`,
      { panic: false },
      admin,
    );
    expect(foreign.status).toBe(404);
    // Another company is not found at all for this user.
    expect((await p.api.get(`companies/id/${other}/appconfig`, admin)).status).toBe(404);
  });

  it("validates with the domain schemas: Wi-Fi interval at least 30 minutes, known options only", async () => {
    const short = await p.api.put<ErrorBody>(base(), { ...APP_CONFIG_DEFAULTS, wifiInterval: 10 }, admin);
    expect(short.status).toBe(400);
    const odd = await p.api.put(base(), { ...APP_CONFIG_DEFAULTS, advertiseMode: "TURBO" }, admin);
    expect(odd.status).toBe(400);
    const unknown = await p.api.put(`${base()}/devices/id/${appDevice}`, { colour: "red" }, admin);
    expect(unknown.status).toBe(400);
  });

  it("only administrators read or write it", async () => {
    const operator = await p.api.token("operator@acme.demo");
    expect((await p.api.get(base(), operator)).status).toBe(403);
    expect((await p.api.put(base(), APP_CONFIG_DEFAULTS, operator)).status).toBe(403);
  });
});
