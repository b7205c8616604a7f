import { COMMAND_ANSWER_TIMEOUT_MS, type DeviceCommandStatus, isFailureAnswer } from "@vigia/domain";
import { encodeDeviceCommand } from "@vigia/protocols";
import type { Queryable } from "../kernel/db/database.ts";

/**
 * Device commands sent from the map, on the device's own connection. The API queues a command as
 * 'pending'; whichever comes first, the device being connected already or connecting later, writes it: the
 * row is claimed ('sent') in one update before its frame is written, so a command never goes out twice. The
 * gateway tells the answers back in the order it wrote the frames (Codec 12 and GT06 answers carry no id of
 * ours; GT06 echoes the server flag, which is set to the command id for support staff reading captures).
 *
 * One process: the queue knows the connections of this node's gateway only. A command for a device connected
 * elsewhere waits until that device reconnects here or expires.
 */

/** How the gateway writes on one device connection; false when the connection is gone. */
export interface CommandLink {
  protocol: string;
  /** The watch maker code the device writes in its frames (watch protocol only). */
  maker?: string;
  write(commandId: number, frame: Buffer): boolean;
  nextSerial(): number;
}

export class DeviceCommandQueue {
  /**
   * Open connections per device, newest last: a device may reconnect before its old socket is seen closed (or two
   * sockets may speak for one IMEI), and closing one must leave the other reachable.
   */
  private readonly links = new Map<string, CommandLink[]>();

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number,
  ) {}

  /** The device identified itself on a connection; returns the detach to call when it closes. */
  attach(imei: string, link: CommandLink): () => void {
    this.links.set(imei, [...(this.links.get(imei) ?? []), link]);
    return () => {
      const rest = (this.links.get(imei) ?? []).filter((l) => l !== link);
      if (rest.length > 0) this.links.set(imei, rest);
      else this.links.delete(imei);
    };
  }

  connected(imei: string): boolean {
    return this.links.has(imei);
  }

  /** Writes every pending, unexpired command of the device if it is connected here. */
  async deliver(imei: string): Promise<void> {
    const link = this.links.get(imei)?.at(-1);
    if (!link) return;
    const now = this.now();
    const claimed = await this.db.query<{ id: number; text: string }>(
      `update device_commands set status = 'sent', sent_ts = $2
       where imei = $1 and status = 'pending' and expires_ts > $2 returning id, text`,
      [imei, now],
    );
    for (const c of claimed.sort((a, b) => a.id - b.id)) {
      const frame = encodeDeviceCommand(link.protocol, c.text, {
        imei,
        serial: link.nextSerial(),
        id: c.id,
        nowMs: now,
        ...(link.maker ? { maker: link.maker } : {}),
      });
      if (!frame) {
        await this.answered(c.id, "failed: this device's protocol has no command channel");
        continue;
      }
      // The connection closed between the claim and the write: the command waits for the next one.
      if (!link.write(c.id, frame))
        await this.db.query(
          "update device_commands set status = 'pending', sent_ts = null where id = $1 and status = 'sent'",
          [c.id],
        );
    }
  }

  /** The device's answer to a command this queue sent (a late answer after a timeout still counts). */
  async answered(commandId: number, text: string): Promise<void> {
    const status: DeviceCommandStatus = isFailureAnswer(text) ? "failed" : "answered";
    await this.db.query(
      `update device_commands set status = $2, result = $3, answered_ts = $4
       where id = $1 and status in ('sent', 'timeout')`,
      [commandId, status, text.slice(0, 1000), this.now()],
    );
  }

  /** Stores the end of commands whose time ran out, so lists and the audit show what happened. */
  async expire(imei?: string): Promise<void> {
    const now = this.now();
    await this.db.query(
      `update device_commands set status = case when status = 'pending' then 'expired' else 'timeout' end
       where ($3::text is null or imei = $3)
         and ((status = 'pending' and expires_ts <= $1) or (status = 'sent' and sent_ts <= $2))`,
      [now, now - COMMAND_ANSWER_TIMEOUT_MS, imei ?? null],
    );
  }
}
