import { describe, expect, it } from "vitest";
import type { Queryable } from "../kernel/db/database.ts";
import { type CommandLink, DeviceCommandQueue } from "./device-commands.ts";

/** Answers the claim of pending commands with one command, once. */
function oneCommand(): Queryable {
  let given = false;
  return {
    query: async <R>(sql: string) => {
      if (!sql.includes("update device_commands set status = 'sent'") || given) return [] as R[];
      given = true;
      return [{ id: 7, text: "cpureset" }] as R[];
    },
  };
}

function link(written: number[]): CommandLink {
  return {
    protocol: "teltonika",
    nextSerial: () => 1,
    write: (id) => {
      written.push(id);
      return true;
    },
  };
}

describe("DeviceCommandQueue connections", () => {
  it("keeps a device reachable on its older connection when a newer one for the same IMEI closes", async () => {
    const queue = new DeviceCommandQueue(oneCommand(), () => 1000);
    const onOld: number[] = [];
    const onNew: number[] = [];
    queue.attach("356307042441013", link(onOld));
    const detachNew = queue.attach("356307042441013", link(onNew));
    detachNew();
    expect(queue.connected("356307042441013")).toBe(true);
    await queue.deliver("356307042441013");
    expect(onOld).toEqual([7]);
    expect(onNew).toEqual([]);
  });

  it("writes to the newest connection while several are open, and is offline once all have closed", async () => {
    const queue = new DeviceCommandQueue(oneCommand(), () => 1000);
    const onOld: number[] = [];
    const onNew: number[] = [];
    const detachOld = queue.attach("356307042441013", link(onOld));
    const detachNew = queue.attach("356307042441013", link(onNew));
    await queue.deliver("356307042441013");
    expect(onNew).toEqual([7]);
    detachOld();
    detachNew();
    expect(queue.connected("356307042441013")).toBe(false);
  });
});
