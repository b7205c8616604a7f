/** Public surface of `ingest/`. The device side: gateway, MQTT, processor, device bindings, partitions and retention, config and device commands. */
export { configCommandTexts, createConfigCommands } from "./config-commands.ts";
export { markChangedDays } from "./day-changes.ts";
export { type CommandLink, DeviceCommandQueue } from "./device-commands.ts";
export { keyMatches } from "./device-keys.ts";
export { commitIsDurable, type Durability } from "./durability.ts";
export { type Gateway, type GatewayPorts, startGateway } from "./gateway.ts";
export { ensureIngestStream, JetStreamIngest, partitionOf } from "./jetstream.ts";
export { IngestJournal, type JournalFile, type JournalIo, nodeJournalIo } from "./journal.ts";
export { startMqttIngest } from "./mqtt.ts";
export { presentedDeviceId, presentedKey } from "./osmand-listener.ts";
export { PartitionConsumer } from "./partition-consumer.ts";
export { dropExpiredPartitions, PartitionManager, retentionHorizon } from "./partitions.ts";
export { Processor } from "./processor.ts";
export type { IngestQueue } from "./queue.ts";
export { redecodeQuarantine } from "./redecode.ts";
export { DeviceRegistry } from "./registry.ts";
export { workerAppRoutes } from "./worker-app-routes.ts";
export { POSITION_JSON_INSERT } from "./write-positions.ts";
