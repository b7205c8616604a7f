import { createHmac } from "node:crypto";
import type { ForwardRecord } from "@vigia/domain";
import mqtt from "mqtt";
import type { EgressGuard } from "../kernel/egress.ts";
import { osmandQuery } from "./records.ts";

export interface TargetRow {
  id: number;
  company_id: number;
  name: string;
  kind: "webhook" | "mqtt" | "osmand";
  url: string;
  secret: string;
  topic: string;
  batch_size: number;
}

/**
 * What a delivery achieved: the first `acked` records were acknowledged by the target (they are never sent
 * again); the rest failed with `error`. `permanent`: the target refused them for good (a 4xx), so retrying
 * the same records can never succeed.
 */
export interface Delivery {
  acked: number;
  error?: string;
  permanent?: boolean;
}

const TIMEOUT_MS = 10_000;

/** A 4xx other than timeout and throttling is the receiver saying "never": those records go to dead letters. */
const permanentStatus = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** One POST of the whole batch as JSON, signed with HMAC-SHA256 when the target has a secret. */
async function webhook(egress: EgressGuard, t: TargetRow, records: ForwardRecord[], deliveryId: string) {
  const body = JSON.stringify({ target: t.name, deliveryId, records });
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-vigia-delivery": deliveryId,
    ...(t.secret ? { "x-vigia-signature": signature(t.secret, body) } : {}),
  };
  const response = await egress.fetch(t.url, { method: "POST", headers, body, timeoutMs: TIMEOUT_MS });
  if (response.status >= 200 && response.status < 300) return { acked: records.length };
  return { acked: 0, error: `HTTP ${response.status}`, permanent: permanentStatus(response.status) };
}

/** OsmAnd/Traccar: one request per record, in order; a failure stops the batch where it happened. */
async function osmand(egress: EgressGuard, t: TargetRow, records: ForwardRecord[]): Promise<Delivery> {
  for (const [i, record] of records.entries()) {
    const url = new URL(t.url);
    for (const [k, v] of osmandQuery(record)) url.searchParams.set(k, v);
    const response = await egress
      .fetch(url, { method: "POST", timeoutMs: TIMEOUT_MS })
      .catch((e: unknown) => e);
    if (response instanceof Error) return { acked: i, error: response.message };
    if (typeof response !== "object" || response === null || !("status" in response))
      return { acked: i, error: "no answer" };
    const { status } = response as { status: number };
    if (status < 200 || status >= 300)
      return { acked: i, error: `HTTP ${status}`, permanent: permanentStatus(status) };
  }
  return { acked: records.length };
}

/**
 * MQTT: each record published with QoS 1 to `<topic>/<device id>`; a record counts as delivered once the
 * broker's PUBACK came back. The broker's host passes the egress policy and the connection goes to the checked
 * address.
 */
async function mqttPublish(egress: EgressGuard, t: TargetRow, records: ForwardRecord[]): Promise<Delivery> {
  const url = new URL(t.url);
  const host = await egress.pinHost(url.hostname.replace(/^\[|\]$/g, ""));
  const tls = url.protocol === "mqtts:";
  const port = Number(url.port) || (tls ? 8883 : 1883);
  // No retries inside: a broker that closes the connection fails this delivery, and the queue retries later.
  const client = await withTimeout(
    mqtt.connectAsync(
      `${tls ? "mqtts" : "mqtt"}://${host.includes(":") ? `[${host}]` : host}:${port}`,
      {
        ...(tls ? { servername: url.hostname } : {}),
        clientId: `vigia-fwd-${t.id}`,
        ...(t.secret ? { username: t.name, password: t.secret } : {}),
        reconnectPeriod: 0,
        connectTimeout: TIMEOUT_MS,
      },
      false,
    ),
  );
  let acked = 0;
  try {
    const prefix = (t.topic || url.pathname.replace(/^\//, "") || "vigia").replace(/\/+$/, "");
    for (const record of records) {
      await withTimeout(
        client.publishAsync(`${prefix}/${record.deviceId}`, JSON.stringify(record), { qos: 1 }),
      );
      acked += 1;
    }
    return { acked };
  } catch (error) {
    return { acked, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.endAsync(true).catch(() => undefined);
  }
}

/** A broker that went away mid-batch leaves QoS 1 publishes pending forever: give up on them after a while. */
function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no PUBACK")), TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function deliver(
  egress: EgressGuard,
  target: TargetRow,
  records: ForwardRecord[],
  deliveryId: string,
): Promise<Delivery> {
  try {
    if (target.kind === "webhook") return await webhook(egress, target, records, deliveryId);
    if (target.kind === "osmand") return await osmand(egress, target, records);
    return await mqttPublish(egress, target, records);
  } catch (error) {
    // Refused addresses, closed ports and dead hosts look the same (the egress guard's rule).
    return { acked: 0, error: error instanceof Error ? error.message : String(error) };
  }
}
