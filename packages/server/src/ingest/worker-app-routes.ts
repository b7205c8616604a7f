import {
  API_ERROR,
  ENCODED_DEVICE_TYPE_ID,
  encodeDeviceId,
  normalizeDeviceEvent,
  type WorkerFix,
  workerAppApi,
} from "@vigia/domain";
import type { DecodedPosition } from "@vigia/protocols";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { ApiError, unauthorized } from "../kernel/errors.ts";
import { keyRefusal } from "./device-keys.ts";
import { RateLimiter } from "./device-limits.ts";
import { CredentialFailures, presentedDeviceId, presentedKey } from "./osmand-listener.ts";
import { positionProblem } from "./position-checks.ts";
import type { IngestQueue } from "./queue.ts";
import type { DeviceRegistry } from "./registry.ts";

/**
 * POST /device/positions: the worker app's upload. The phone speaks as its device, with the credential the OsmAnd
 * HTTP listener takes (id and key, basic auth or query), and its fixes enter the same ingest queue under the
 * device's protocol, so they are committed, checked, de-duplicated and re-derived when late exactly like a
 * tracker's. The answer comes once the batch is durable and names each fix: stored, or refused for good.
 */
export function workerAppRoutes(
  ctx: KernelContext & {
    queue: IngestQueue;
    devices: Pick<DeviceRegistry, "lookup" | "recordRefusal">;
  },
): FastifyPluginAsyncZod {
  const now = () => ctx.clock.now();
  const failures = new CredentialFailures(now);
  const limits = ctx.config.deviceLimits;
  const limiter = new RateLimiter(limits.osmandBurst, limits.osmandPerSecond, now);
  return async (app) => {
    mountRoute(app, workerAppApi.upload, async (request) => {
      const url = new URL(request.url, "http://device.local");
      const imei = presentedDeviceId(url, request.headers.authorization);
      const key = presentedKey(url, request.headers.authorization);
      const address = request.ip;
      if (imei === null) throw unauthorized();
      // Both waits come before the key is looked at: neither guessing nor flooding costs a lookup.
      if (failures.blocked(address) || !limiter.take(imei)) throw new ApiError(429, API_ERROR.tooManyTries);
      // The worker app's own type stores its ids encoded (as the device form does); a Traccar Client type does not.
      const device =
        (await ctx.devices.lookup(encodeDeviceId(ENCODED_DEVICE_TYPE_ID, imei))) ??
        (await ctx.devices.lookup(imei));
      if (device === null) {
        failures.failed(address);
        throw unauthorized();
      }
      const refusal = keyRefusal(device, key);
      if (refusal !== null) {
        await ctx.devices.recordRefusal(device.deviceRowId, refusal);
        failures.failed(address);
        throw unauthorized();
      }
      const received = now();
      const { fixes } = request.body;
      const decoded = fixes.map((fix) => ({ fix, position: decodedPosition(fix) }));
      // The processor quarantines what these checks refuse: the phone need not send it again.
      const refused = decoded.flatMap(({ fix, position }) => {
        const problem = positionProblem(position, received);
        return problem === null ? [] : [{ id: fix.id, reason: problem }];
      });
      const result = await ctx.queue.submit({
        protocol: "osmand",
        imei: device.imei,
        remote: address,
        positions: decoded.map((d) => d.position),
        receivedTs: received,
        raw: `POST ${url.pathname}\n${JSON.stringify(request.body)}`,
      });
      // Refused by the device's type (another protocol), or unknown since the lookup: as a wrong key.
      if (result === "unknown") {
        failures.failed(address);
        throw unauthorized();
      }
      const refusedIds = new Set(refused.map((r) => r.id));
      return { stored: fixes.filter((f) => !refusedIds.has(f.id)).map((f) => f.id), refused };
    });
  };
}

/** A fix as the ingest stores it: the phone's measures as attributes, the panic button as the `sos` event. */
export function decodedPosition(fix: WorkerFix): DecodedPosition {
  const attributes: DecodedPosition["attributes"] = { activity: fix.activity };
  if (fix.accuracy !== null) attributes.accuracy = fix.accuracy;
  if (fix.battery !== null) attributes.batteryLevel = fix.battery;
  if (fix.charging !== null) attributes.charging = fix.charging;
  const sos = fix.sos ? normalizeDeviceEvent("sos") : null;
  if (sos) attributes.event = sos;
  return {
    ts: fix.ts,
    lat: fix.lat,
    lng: fix.lng,
    alt: fix.altitude ?? 0,
    spd: fix.speed ?? 0,
    course: fix.heading === null ? 0 : fix.heading % 360,
    satt: 0,
    valid: true,
    src: 1,
    attributes,
  };
}
