import type http from "node:http";
import { decodeOsmAndRequest } from "@vigia/protocols";
import type { FastifyBaseLogger } from "fastify";
import { keyRefusal } from "./device-keys.ts";
import type { RateLimiter } from "./device-limits.ts";
import type { IngestQueue } from "./queue.ts";
import type { DeviceRegistry } from "./registry.ts";

const MAX_BODY = 256 * 1024;
/** Refused credentials (unknown ids, wrong or missing keys) an address may present per window before waiting. */
const MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 10 * 60_000;

/**
 * Refused credentials per sender address in a fixed window: guessing keys or walking IMEIs from one address stops
 * after a few tries, before any device is looked up.
 */
export class CredentialFailures {
  private readonly byAddress = new Map<string, { since: number; count: number }>();

  constructor(private readonly now: () => number) {}

  blocked(address: string): boolean {
    const entry = this.byAddress.get(address);
    if (!entry) return false;
    if (this.now() - entry.since >= FAILURE_WINDOW_MS) {
      this.byAddress.delete(address);
      return false;
    }
    return entry.count >= MAX_FAILURES;
  }

  failed(address: string): void {
    const now = this.now();
    const entry = this.byAddress.get(address);
    if (!entry || now - entry.since >= FAILURE_WINDOW_MS)
      this.byAddress.set(address, { since: now, count: 1 });
    else entry.count += 1;
  }
}

/** The key a phone app sent: the `key` query parameter, or the password of HTTP basic auth. */
export function presentedKey(url: URL, authorization: string | undefined): string | null {
  const query = url.searchParams.get("key");
  if (query !== null) return query;
  const basic = /^Basic\s+(.+)$/i.exec(authorization ?? "");
  if (!basic?.[1]) return null;
  const decoded = Buffer.from(basic[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : decoded.slice(colon + 1);
}

/** The device id a device's own HTTP call names: the `id` query parameter, or the user of HTTP basic auth. */
export function presentedDeviceId(url: URL, authorization: string | undefined): string | null {
  const query = url.searchParams.get("id");
  if (query !== null) return query;
  const basic = /^Basic\s+(.+)$/i.exec(authorization ?? "");
  if (!basic?.[1]) return null;
  const decoded = Buffer.from(basic[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : decoded.slice(0, colon);
}

/**
 * OsmAnd (Traccar Client and similar phone apps): one HTTP request per position batch; 200 is the ACK.
 * The protocol has no credential of its own, so a device may carry a key (devices.device_key), and the platform or
 * its company may require one. An unknown id, a wrong key and a missing required key all get the same 401, so
 * the port tells nothing about which ids exist; an address that keeps presenting refused credentials waits (429)
 * before any lookup, and every device id has a token bucket (429 when empty) so that no one floods a track.
 */
export function osmAndListener(deps: {
  processor: IngestQueue;
  log: FastifyBaseLogger;
  now: () => number;
  limiter: RateLimiter;
  devices: Pick<DeviceRegistry, "lookup" | "recordRefusal">;
}) {
  const { processor, log, now, limiter, devices } = deps;
  const failures = new CredentialFailures(now);
  const refuse = (res: http.ServerResponse, address: string) => {
    failures.failed(address);
    res.writeHead(401, { "www-authenticate": 'Basic realm="device"' }).end();
  };
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (res.writableEnded) return;
      const receivedTs = now();
      const url = new URL(req.url ?? "/", "http://device");
      const key = presentedKey(url, req.headers.authorization);
      // The key is a credential: it must not end up among the position's attributes.
      url.searchParams.delete("key");
      const decoded = decodeOsmAndRequest(
        {
          method: req.method ?? "GET",
          query: url.searchParams,
          body: chunks.length > 0 ? Buffer.concat(chunks).toString("utf8") : null,
          contentType: req.headers["content-type"] ?? null,
        },
        receivedTs,
      );
      if (!decoded.ok || decoded.value.imei === null) {
        res.writeHead(400, { "content-type": "text/plain" }).end(decoded.ok ? "missing id" : decoded.error);
        return;
      }
      const message = decoded.value;
      const address = req.socket.remoteAddress ?? "";
      const imei = message.imei as string;
      // Both waits come before the key is looked at: neither guessing nor flooding costs a lookup.
      if (failures.blocked(address) || !limiter.take(imei)) {
        res.writeHead(429, { "retry-after": "1" }).end();
        return;
      }
      // What the phone sent, for the quarantine: the request without its key, and the body.
      const body = chunks.length > 0 ? `\n${Buffer.concat(chunks).toString("utf8")}` : "";
      const raw = `${req.method ?? "GET"} ${url.pathname}${url.search}${body}`;
      devices
        .lookup(imei)
        .then(async (device) => {
          if (device !== null) {
            const reason = keyRefusal(device, key);
            if (reason !== null) {
              await devices.recordRefusal(device.deviceRowId, reason);
              refuse(res, address);
              return;
            }
          }
          const result = await processor.submit({
            protocol: "osmand",
            imei,
            remote: address,
            positions: message.positions,
            raw,
            receivedTs,
            ...(message.beacons?.length ? { beacons: message.beacons } : {}),
            ...(message.ts === undefined ? {} : { frameTs: message.ts }),
          });
          // Unknown (kept in the unknown-devices list) or refused by the device's type: as a wrong key.
          if (result === "unknown") refuse(res, address);
          else res.writeHead(200).end();
        })
        .catch((error: unknown) => {
          log.warn({ err: error instanceof Error ? error.message : error }, "osmand data not stored");
          res.writeHead(503).end();
        });
    });
  };
}
