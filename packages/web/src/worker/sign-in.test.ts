import type { DeviceRow } from "@vigia/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testUser } from "../test/fixtures.ts";
import { pairableDevices, SignInError } from "./sign-in.ts";

const userBody = testUser({ role: "ADMIN", companyId: 7 });

function device(over: Partial<DeviceRow>): DeviceRow {
  return {
    id: 1,
    deviceId: "dev",
    typeId: 5,
    name: "",
    description: "",
    companyId: 7,
    companyName: "Acme",
    resellerId: 1,
    itemType: 3,
    itemId: 10,
    itemName: "Someone",
    vehicleName: null,
    vehiclePlate: null,
    groupId: 1,
    sim: {},
    config: {},
    configActive: false,
    configState: "",
    countryId: "es",
    key: "a-key-of-twenty-chars",
    authentication: "key",
    refusedFrames: 0,
    lastRefusedTs: null,
    lastRefusedReason: null,
    createdTs: 0,
    updatedTs: 0,
    firstConnectTs: null,
    itemPos: null,
    ...over,
  };
}

const type = (id: number, proto: string) => ({
  id,
  name: proto,
  factory: "",
  description: "",
  port: null,
  proto,
  prefix: "",
  idLength: null,
  configDefaults: {},
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("pairing by signing in", () => {
  it("signs in on the app's channel, lists the persons' worker app devices with a key, and signs out", async () => {
    const calls: { url: string; body: unknown; auth: string | null }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        const headers = new Headers(init.headers);
        calls.push({
          url,
          body: typeof init.body === "string" ? JSON.parse(init.body) : null,
          auth: headers.get("authorization"),
        });
        if (url.endsWith("/auth/login"))
          return json({
            accessToken: "access",
            refreshToken: "refresh",
            expiresIn: 900,
            mapKeys: {},
            osmTilesUrl: "",
            initTs: 0,
          });
        if (url.endsWith("/current/user")) return json(userBody);
        if (url.endsWith("/trackers/inputs"))
          return json({
            types: { 5: type(5, "app"), 6: type(6, "osmand"), 1: type(1, "teltonika") },
            simTypes: {},
          });
        if (url.endsWith("/trackers"))
          return json({
            1: device({ id: 1, deviceId: "zoe.phone", itemName: "Zoe" }),
            2: device({ id: 2, deviceId: "ana.traccar", typeId: 6, itemName: "Ana" }),
            3: device({ id: 3, deviceId: "no-key", key: null }),
            4: device({ id: 4, deviceId: "truck", typeId: 1, itemType: 1 }),
            5: device({ id: 5, deviceId: "unassigned", itemId: null, itemName: null }),
          });
        if (url.endsWith("/auth/logout")) return new Response(null, { status: 204 });
        return json({ description: "not.found" }, 404);
      }),
    );
    const list = await pairableDevices({ username: "admin@acme.demo", password: "pw" });
    expect(list.map((d) => [d.itemName, d.deviceId, d.key])).toEqual([
      ["Zoe", "zoe.phone", "a-key-of-twenty-chars"],
    ]);
    expect(calls[0]?.body).toEqual({ username: "admin@acme.demo", password: "pw", channel: "app" });
    expect(calls.find((c) => c.url.endsWith("/trackers"))?.auth).toBe("Bearer access");
    expect(calls.at(-1)).toMatchObject({ url: "/fr/v1/auth/logout", body: { refreshToken: "refresh" } });
  });

  it("asks for the authenticator code, and tells a wrong password apart", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ statusCode: 401, error: "Unauthorized", description: "otp.required" }, 401)),
    );
    await expect(pairableDevices({ username: "u", password: "p" })).rejects.toEqual(new SignInError("otp"));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ statusCode: 401, error: "Unauthorized", description: "login.failed" }, 401)),
    );
    await expect(pairableDevices({ username: "u", password: "p" })).rejects.toEqual(
      new SignInError("credentials"),
    );
  });
});
