import { createHash, timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { decodeOsmAndRequest } from "@vigia/protocols";
import type { FastifyBaseLogger } from "fastify";
import type { RateLimiter } from "./device-limits.ts";
import type { IngestQueue } from "./queue.ts";

const MAX_BODY = 256 * 1024;

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

/** Compares in constant time, so the answer's timing tells nothing about how much of the key was right. */
export function keyMatches(expected: string, presented: string | null): boolean {
  if (presented === null) return false;
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(expected), digest(presented));
}

/**
 * OsmAnd (Traccar Client and similar phone apps): one HTTP request per position batch; 200 is the ACK.
 * The protocol has no credential, so a device may carry a key (devices.device_key): when it has one, a
 * request without it gets 401 and nothing is stored. Every device id has a token bucket (429 when empty)
 * so that no one can flood a device's track, keyed or not.
 */
export function osmAndListener(deps: {
  processor: IngestQueue;
  log: FastifyBaseLogger;
  now: () => number;
  limiter: RateLimiter;
  /** The device's key, or null when it has none (or is unknown). */
  deviceKey: (imei: string) => Promise<string | null>;
}) {
  const { processor, log, now, limiter } = deps;
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
        now(),
      );
      if (!decoded.ok || decoded.value.imei === null) {
        res.writeHead(400, { "content-type": "text/plain" }).end(decoded.ok ? "missing id" : decoded.error);
        return;
      }
      const message = decoded.value;
      // What the phone sent, for the quarantine: the request without its key, and the body.
      const body = chunks.length > 0 ? `\n${Buffer.concat(chunks).toString("utf8")}` : "";
      const raw = `${req.method ?? "GET"} ${url.pathname}${url.search}${body}`;
      const imei = message.imei as string;
      deps
        .deviceKey(imei)
        .then(async (expected) => {
          if (expected !== null && !keyMatches(expected, key)) {
            res.writeHead(401, { "www-authenticate": 'Basic realm="device"' }).end();
            return;
          }
          if (!limiter.take(imei)) {
            res.writeHead(429, { "retry-after": "1" }).end();
            return;
          }
          const result = await processor.submit({
            protocol: "osmand",
            imei,
            remote: req.socket.remoteAddress ?? "",
            positions: message.positions,
            raw,
            ...(message.beacons?.length ? { beacons: message.beacons } : {}),
            ...(message.ts === undefined ? {} : { frameTs: message.ts }),
          });
          res.writeHead(result === "unknown" ? 404 : 200).end();
        })
        .catch((error: unknown) => {
          log.warn({ err: error instanceof Error ? error.message : error }, "osmand data not stored");
          res.writeHead(503).end();
        });
    });
  };
}
