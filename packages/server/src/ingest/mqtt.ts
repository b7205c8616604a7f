import { decodeMqttJson, MQTT_DEFAULT_TOPIC } from "@vigia/protocols";
import type { FastifyBaseLogger } from "fastify";
import mqtt, { type MqttClient } from "mqtt";
import type { IngestQueue } from "./queue.ts";

/**
 * Subscribes to JSON positions on an MQTT broker (MQTT_URL). Messages are received with QoS 1 on a
 * persistent session and acknowledged to the broker only after their positions are committed, so the broker
 * redelivers anything the platform did not store.
 */
export async function startMqttIngest(
  processor: IngestQueue,
  log: FastifyBaseLogger,
  options: { url: string; topic?: string; clientId?: string; now: () => number },
): Promise<{ client: MqttClient; close(): Promise<void> }> {
  const topic = options.topic ?? MQTT_DEFAULT_TOPIC;
  const client = await mqtt.connectAsync(options.url, {
    clientId: options.clientId ?? "vigia-gateway",
    clean: false,
    reconnectPeriod: 2000,
  });
  // mqtt.js sends the PUBACK only once handleMessage calls back: that is where the commit is awaited.
  client.handleMessage = (packet, callback) => {
    if (packet.cmd !== "publish") return callback();
    const payload =
      typeof packet.payload === "string" ? Buffer.from(packet.payload) : Buffer.from(packet.payload);
    const decoded = decodeMqttJson(packet.topic, payload, options.now());
    if (!decoded.ok || decoded.value.imei === null) {
      // Garbage is acknowledged and dropped: redelivering it would never make it valid.
      log.warn(
        { topic: packet.topic, error: decoded.ok ? "no id" : decoded.error },
        "bad MQTT position message",
      );
      return callback();
    }
    const message = decoded.value;
    processor
      .submit({
        protocol: "mqtt",
        imei: message.imei!,
        remote: options.url,
        positions: message.positions,
        raw: payload,
      })
      .then(() => callback())
      .catch((error: unknown) => {
        log.warn(
          { err: error instanceof Error ? error.message : error },
          "MQTT positions not stored; the broker will redeliver",
        );
        // Drop the connection unacknowledged; on reconnect the persistent session redelivers the message.
        client.stream.destroy();
      });
  };
  await client.subscribeAsync(topic, { qos: 1 });
  log.info({ url: options.url, topic }, "MQTT ingest subscribed");
  return { client, close: () => client.endAsync() };
}
