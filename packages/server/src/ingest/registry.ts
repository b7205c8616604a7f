import { wireProtocol } from "@vigia/domain";
import { protocols } from "@vigia/protocols";
import type { Clock } from "../kernel/config.ts";
import type { Queryable } from "../kernel/db/database.ts";
import { joinItems } from "../kernel/db/item-joins.ts";
import { keyRefusal } from "./device-keys.ts";
import type { IngestRecord } from "./queue.ts";

/** What the processor needs to know about the sender of a position. */
export interface DeviceBinding {
  deviceRowId: number;
  imei: string;
  companyId: number | null;
  itemType: 0 | 1 | 2 | 3;
  itemId: number | null;
  groupId: number | null;
  /** Vehicle odometer source (0-3) and initial mileage in km; 3 (calculated) for non-vehicles. */
  odometerSource: number;
  initialMileageKm: number;
  firstConnectTs: number | null;
  /** The device's own key (OsmAnd), checked by the listener when set. */
  key: string | null;
  /**
   * The protocol of the device's declared type: a frame of another protocol naming this device is refused. Null
   * when the type names no protocol this platform speaks (nothing to compare with).
   */
  protocol: string | null;
  /** The platform or the device's company requires a key of every device whose protocol can carry one. */
  keyRequired: boolean;
}

interface Row {
  id: number;
  device_id: string;
  company_id: number | null;
  item_type: number;
  item_id: number | null;
  group_id: number | null;
  odometer_source: number | null;
  initial_mileage: number | null;
  first_connect_ts: number | null;
  device_key: string | null;
  proto: string | null;
  require_device_keys: boolean | null;
}

const UNKNOWN_RETRY_MS = 30_000;

/** The protocol a device's type speaks, when it is one this platform decodes. */
function declaredProtocol(proto: string | null): string | null {
  if (proto === null) return null;
  const wire = wireProtocol(proto);
  return Object.hasOwn(protocols, wire) ? wire : null;
}

/**
 * IMEI → device binding, cached. Known devices stay cached until `invalidate` (called when a device or
 * its item changes); unknown ones are re-checked after a short while so that a newly registered device
 * is accepted without a restart.
 */
export class DeviceRegistry {
  private readonly known = new Map<string, DeviceBinding>();
  private readonly unknown = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    /** The platform's own rule (`VIGIA_REQUIRE_DEVICE_KEYS`), above every company's setting. */
    private readonly keysRequired = false,
  ) {}

  /**
   * The binding of the device a record names, when the record may be taken from it: an unknown id lands in the
   * unknown-devices list, a frame of another protocol than the device's declared type is refused and counted on
   * the device (a tracker that proves nothing but its IMEI cannot be impersonated over another port). Both get
   * null, so the sender gets the same answer either way.
   */
  async admit(
    record: Pick<IngestRecord, "imei" | "protocol" | "remote" | "credential">,
  ): Promise<DeviceBinding | null> {
    const binding = await this.lookup(record.imei);
    if (!binding) {
      await this.recordUnknown(record.imei, record.protocol, record.remote);
      return null;
    }
    // MQTT messages are not compared: they come through the broker, which authenticates its own clients, and any
    // device may publish there through a bridge of its owner.
    const direct = Object.hasOwn(protocols, record.protocol);
    if (binding.protocol !== null && direct && binding.protocol !== record.protocol) {
      await this.recordRefusal(binding.deviceRowId, `protocol:${record.protocol}`);
      return null;
    }
    // A log-in that carries a secret (Wialon IPS's password) is checked against the device's key.
    const refusal = record.credential === undefined ? null : keyRefusal(binding, record.credential);
    if (refusal !== null) {
      await this.recordRefusal(binding.deviceRowId, refusal);
      return null;
    }
    return binding;
  }

  /** Counts a refused frame on the device, with when and why, for its reseller's device list. */
  async recordRefusal(deviceRowId: number, reason: string): Promise<void> {
    await this.db.query(
      `update devices set refused_frames = refused_frames + 1, last_refused_ts = $2, last_refused_reason = $3
       where id = $1`,
      [deviceRowId, this.clock.now(), reason.slice(0, 64)],
    );
  }

  async lookup(imei: string): Promise<DeviceBinding | null> {
    const cached = this.known.get(imei);
    if (cached) return cached;
    const missedAt = this.unknown.get(imei);
    if (missedAt !== undefined && this.clock.now() - missedAt < UNKNOWN_RETRY_MS) return null;
    const rows = await this.db.query<Row>(
      `select d.id, d.device_id, d.company_id, d.item_type, d.item_id, d.first_connect_ts, d.device_key,
         coalesce(v.group_id, a.group_id, p.group_id) as group_id,
         v.odometer_source, v.initial_mileage, t.proto, c.require_device_keys
       from devices d
       left join device_types t on t.id = d.type_id
       left join companies c on c.id = d.company_id
       ${joinItems("d")}
       where d.device_id = $1`,
      [imei],
    );
    const row = rows[0];
    if (!row) {
      this.unknown.set(imei, this.clock.now());
      return null;
    }
    const binding: DeviceBinding = {
      deviceRowId: row.id,
      imei: row.device_id,
      companyId: row.company_id,
      itemType: (row.item_id === null ? 0 : row.item_type) as DeviceBinding["itemType"],
      itemId: row.item_id,
      groupId: row.group_id,
      odometerSource: row.odometer_source ?? 3,
      initialMileageKm: row.initial_mileage ?? 0,
      firstConnectTs: row.first_connect_ts,
      key: row.device_key,
      protocol: declaredProtocol(row.proto),
      keyRequired: this.keysRequired || row.require_device_keys === true,
    };
    this.unknown.delete(imei);
    this.known.set(imei, binding);
    return binding;
  }

  invalidate(imei?: string): void {
    if (imei === undefined) {
      this.known.clear();
      this.unknown.clear();
      return;
    }
    this.known.delete(imei);
    this.unknown.delete(imei);
  }

  /** Records a device that is not registered, for resellers to register from the unknown-devices list. */
  async recordUnknown(imei: string, protocol: string, remote: string): Promise<void> {
    const now = this.clock.now();
    await this.db.query(
      `insert into unknown_devices (device_id, protocol, remote, first_seen_ts, last_seen_ts) values ($1, $2, $3, $4, $4)
       on conflict (device_id) do update set last_seen_ts = $4, remote = $3, protocol = $2,
         messages = unknown_devices.messages + 1`,
      [imei.slice(0, 64), protocol, remote, now],
    );
  }
}
