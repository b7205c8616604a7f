import { deviceText } from "@vigia/protocols";
import type { Queryable } from "../kernel/db/database.ts";
import { MAX_UNDECODED_BYTES, rawFrameOf } from "./raw-frame.ts";
import type { DeviceBinding } from "./registry.ts";

/** Longest decoder reason kept with an undecoded frame. */
const MAX_REASON = 500;

/**
 * Keeps a frame the decoder could not read whole in the quarantine (`undecoded`, the decoder's reason as the
 * error, the whole frame as hex or text), before the device is answered: what the device deletes after the ACK
 * stays recoverable (`vigia quarantine redecode`). Without the frame's bytes there is nothing to keep, so that
 * is an error and the device is not answered.
 */
export async function writeUndecoded(
  db: Queryable,
  frame: {
    binding: DeviceBinding;
    protocol: string;
    raw: Buffer | string | undefined;
    reason: string;
    receivedTs: number;
  },
): Promise<void> {
  if (frame.raw === undefined || frame.raw.length === 0)
    throw new Error(`${frame.protocol}: an undecoded frame came without its bytes; not acknowledged`);
  const raw = rawFrameOf(frame.raw, MAX_UNDECODED_BYTES);
  await db.query(
    `insert into ingest_quarantine (company_id, device_id, imei, protocol, reason, error, raw_format, raw, position,
       received_ts)
     values ($1, $2, $3, $4, 'undecoded', $5, $6, $7, null, $8)`,
    [
      frame.binding.companyId,
      frame.binding.deviceRowId,
      deviceText(frame.binding.imei, 64),
      deviceText(frame.protocol, 32),
      deviceText(frame.reason, MAX_REASON),
      raw.format,
      raw.data,
      frame.receivedTs,
    ],
  );
}
