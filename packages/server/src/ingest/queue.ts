import type { IngestRecord, SubmitResult } from "./processor.ts";

/**
 * Where the device gateway hands decoded messages. `submit` resolves once the record is durable: in one process
 * the `Processor` itself (committed to the database), in a cluster a JetStream stream (stored by the server,
 * committed later by a processor node). The device is acknowledged only after it resolves.
 */
export interface IngestQueue {
  submit(record: IngestRecord): Promise<SubmitResult>;
  close(): Promise<void>;
}
