import {
  COMMAND_ANSWER_TIMEOUT_MS,
  COMMAND_QUEUE_TTL_MS,
  type DeviceCommand,
  type ItemCommands,
} from "@vigia/domain";
import {
  decodeGt06Frame,
  encodeGt06Command,
  encodeGt06Frame,
  encodeGt06Login,
  encodeTeltonikaCommand,
  encodeTeltonikaResponse,
  GT06_COMMAND_REPLY,
  GT06_LOGIN,
  gt06Ack,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice, teltonikaHandshake, teltonikaPacket } from "../support/devices.ts";
import { type ErrorBody, startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Commands from the map's item panel reach a connected device over its own protocol, wait for a
 * device that is offline until it connects (or expire), and show the device's answer. The test speaks the
 * protocol with the codecs. Ordering without sleeps: the gateway handles a connection's messages in order, so
 * once the ACK of a data packet sent after the login (or the answer) arrives, the login (or answer) is handled.
 */

let p: TestPlatform;
let acme: number;
let admin: string;

interface Target {
  itemType?: number;
  itemId: number;
  imei: string;
  groupId: number;
}

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1", TELTONIKA_PORT: "0", GT06_PORT: "0", OSMAND_PORT: "0" });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

/** The n-th vehicle of Acme whose device speaks the protocol. */
async function vehicleWith(proto: string, n = 0): Promise<Target> {
  const rows = await p.ctx.db.query<{ item_id: number; device_id: string; group_id: number }>(
    `select d.item_id, d.device_id, v.group_id from devices d join device_types t on t.id = d.type_id
     join vehicles v on v.id = d.item_id
     where d.company_id = $1 and t.proto = $2 and d.item_type = 1 order by d.id`,
    [acme, proto],
  );
  const row = rows[n]!;
  return { itemId: row.item_id, imei: row.device_id, groupId: row.group_id };
}

const path = (t: Target) => `companies/id/${acme}/commands/${t.itemType ?? 1}/id/${t.itemId}`;
const list = async (t: Target, token = admin) => (await p.api.get<ItemCommands>(path(t), token)).body;
const fix = (min: number) => [{ ts: TEST_START + min * 60_000, lat: 40.41, lng: -3.7, spd: 30 }];

/** Connects as the Teltonika device and waits until the gateway has attached it (login handled). */
async function connectTeltonika(imei: string): Promise<TestDevice> {
  const device = await TestDevice.connect(p.gateway!.ports.teltonika);
  device.send(teltonikaHandshake(imei));
  expect((await device.read(1))[0]).toBe(1);
  return device;
}

async function ack(device: TestDevice, min: number): Promise<void> {
  device.send(teltonikaPacket(fix(min)));
  expect((await device.read(4)).readUInt32BE(0)).toBe(1);
}

describe("commands to a Teltonika device over Codec 12", () => {
  it("offers what the protocol supports and sends engine stop to the connected device, showing its answer", async () => {
    const t = await vehicleWith("teltonika");
    const device = await connectTeltonika(t.imei);
    await ack(device, 1);
    const before = await list(t);
    expect(before).toMatchObject({
      available: ["engineStop", "engineResume", "reboot", "custom"],
      allowed: true,
      connected: true,
    });

    const sent = await p.api.post<DeviceCommand>(path(t), { kind: "engineStop" }, admin);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ kind: "engineStop", text: "setdigout 1", status: "sent" });
    const frame = encodeTeltonikaCommand("setdigout 1");
    expect(await device.read(frame.length)).toEqual(frame);

    device.send(encodeTeltonikaResponse("DOUT1:1 DOUT2:0 Timeout:INFINITY"));
    await ack(device, 2);
    const after = await list(t);
    expect(after.commands[0]).toMatchObject({
      id: sent.body.id,
      status: "answered",
      result: "DOUT1:1 DOUT2:0 Timeout:INFINITY",
      answeredTs: p.clock.now(),
      by: "admin@acme.demo",
    });

    // Audit-logged with who, what and which device.
    const audit = await p.ctx.db.query<{ action: string; user_email: string; data: { kind: string } }>(
      "select action, user_email, data from audit_log where company_id = $1 and action = 'command'",
      [acme],
    );
    expect(audit.at(-1)).toMatchObject({ user_email: "admin@acme.demo", data: { kind: "engineStop" } });

    // A custom command whose answer is an error ends 'failed'.
    const custom = await p.api.post<DeviceCommand>(
      path(t),
      { kind: "custom", text: "getparam 99999" },
      admin,
    );
    const customFrame = encodeTeltonikaCommand("getparam 99999");
    expect(await device.read(customFrame.length)).toEqual(customFrame);
    device.send(encodeTeltonikaResponse("Param ID:99999 Error: unknown parameter"));
    await ack(device, 3);
    expect((await list(t)).commands[0]).toMatchObject({ id: custom.body.id, status: "failed" });
    device.end();
    await device.closed;
  });

  it("queues a command while the device is offline and delivers it when it connects", async () => {
    const t = await vehicleWith("teltonika", 1);
    const queued = await p.api.post<DeviceCommand>(path(t), { kind: "reboot" }, admin);
    expect(queued.body).toMatchObject({ status: "pending", text: "cpureset" });
    expect(queued.body.expiresTs).toBe(p.clock.now() + COMMAND_QUEUE_TTL_MS);
    expect((await list(t)).connected).toBe(false);

    const device = await connectTeltonika(t.imei);
    const frame = encodeTeltonikaCommand("cpureset");
    expect(await device.read(frame.length)).toEqual(frame);
    expect((await list(t)).commands[0]).toMatchObject({ id: queued.body.id, status: "sent" });

    // No answer in time: timeout.
    p.clock.advance(COMMAND_ANSWER_TIMEOUT_MS);
    expect((await list(t)).commands[0]).toMatchObject({ id: queued.body.id, status: "timeout" });
    device.end();
    await device.closed;
  });

  it("drops a queued command that expired before the device connected", async () => {
    const t = await vehicleWith("teltonika", 2);
    const queued = await p.api.post<DeviceCommand>(path(t), { kind: "engineResume" }, admin);
    expect(queued.body.status).toBe("pending");
    p.clock.advance(COMMAND_QUEUE_TTL_MS);
    admin = await p.api.token("admin@acme.demo"); // the old access token expired with the day
    expect((await list(t)).commands[0]).toMatchObject({ id: queued.body.id, status: "expired" });
    // The device connects afterwards: the first bytes after the IMEI ACK are its data ACK, no command.
    const device = await connectTeltonika(t.imei);
    await ack(device, 4);
    device.end();
    await device.closed;
  });
});

describe("commands to a GT06 device over 0x80", () => {
  it("sends RELAY,1# with the command id as server flag and records the 0x15 reply", async () => {
    const t = await vehicleWith("gt06");
    const device = await TestDevice.connect(p.gateway!.ports.gt06);
    device.send(encodeGt06Login(t.imei, 1));
    expect(await device.read(10)).toEqual(gt06Ack(GT06_LOGIN, 1));
    // A second login answers only once the first login (and the attach behind it) is handled.
    device.send(encodeGt06Login(t.imei, 2));
    expect(await device.read(10)).toEqual(gt06Ack(GT06_LOGIN, 2));

    const sent = await p.api.post<DeviceCommand>(path(t), { kind: "engineStop" }, admin);
    expect(sent.body).toMatchObject({ status: "sent", text: "RELAY,1#" });
    const expected = encodeGt06Command("RELAY,1#", 1, { serverFlag: sent.body.id });
    const frame = await device.read(expected.length);
    expect(frame.subarray(0, expected.length - 6)).toEqual(expected.subarray(0, expected.length - 6));

    const text = Buffer.from("Cut off the fuel supply: Success!", "latin1");
    const content = Buffer.alloc(1 + 4 + text.length + 2);
    content.writeUInt8(4 + text.length, 0);
    content.writeUInt32BE(sent.body.id, 1);
    text.copy(content, 5);
    content.writeUInt16BE(2, 5 + text.length);
    const reply = encodeGt06Frame(GT06_COMMAND_REPLY, content, 3);
    expect(decodeGt06Frame(reply, t.imei).ok).toBe(true);
    device.send(reply);
    device.send(encodeGt06Login(t.imei, 4));
    expect(await device.read(10)).toEqual(gt06Ack(GT06_LOGIN, 4));
    expect((await list(t)).commands[0]).toMatchObject({
      id: sent.body.id,
      status: "answered",
      result: "Cut off the fuel supply: Success!",
    });
    device.end();
    await device.closed;
  });
});

describe("who may send commands", () => {
  it("refuses operators unless the company allows them, read-only users always, other tenants see nothing", async () => {
    const t = await vehicleWith("teltonika", 3);
    const operator = await p.api.token("operator@acme.demo");
    const viewer = await p.api.token("viewer@acme.demo");
    const operatorGroups = await p.ctx.db.query<{ group_ids: number[] }>(
      "select group_ids from users where email = 'operator@acme.demo'",
    );
    const own = await p.ctx.db.query<{ item_id: number; device_id: string; group_id: number }>(
      `select d.item_id, d.device_id, v.group_id from devices d join device_types t on t.id = d.type_id
       join vehicles v on v.id = d.item_id
       where d.company_id = $1 and t.proto = 'teltonika' and d.item_type = 1 and v.group_id = any($2::int[])
       order by d.id limit 1`,
      [acme, operatorGroups[0]!.group_ids],
    );
    const mine: Target = { itemId: own[0]!.item_id, imei: own[0]!.device_id, groupId: own[0]!.group_id };

    const refused = await p.api.post<ErrorBody>(path(mine), { kind: "reboot" }, operator);
    expect(refused.status).toBe(403);
    expect((await list(mine, operator)).allowed).toBe(false);
    expect((await p.api.post<ErrorBody>(path(t), { kind: "reboot" }, viewer)).body.description).toBe(
      "read.only",
    );

    await p.ctx.db.query(
      `update companies set conf = jsonb_set(conf, '{commands}', '{"operators": true}') where id = $1`,
      [acme],
    );
    const allowed = await p.api.post<DeviceCommand>(path(mine), { kind: "reboot" }, operator);
    expect(allowed.status).toBe(200);
    expect(allowed.body.by).toBe("operator@acme.demo");
    expect((await p.api.post(path(t), { kind: "reboot" }, viewer)).status).toBe(403);
    await p.ctx.db.query("update companies set conf = conf - 'commands' where id = $1", [acme]);

    const globex = await p.api.token("admin@globex.demo");
    expect((await p.api.get(path(t), globex)).status).toBe(404);
    expect((await p.api.post(path(t), { kind: "reboot" }, globex)).status).toBe(404);
  });

  it("offers nothing for a protocol without a command channel, and refuses to send to it", async () => {
    const phones = await p.ctx.db.query<{ item_id: number; device_id: string }>(
      `select d.item_id, d.device_id from devices d join device_types t on t.id = d.type_id
       where d.company_id = $1 and t.proto = 'osmand' and d.item_type = 3 order by d.id limit 1`,
      [acme],
    );
    const t: Target = { itemType: 3, itemId: phones[0]!.item_id, imei: phones[0]!.device_id, groupId: 0 };
    expect((await list(t)).available).toEqual([]);
    const r = await p.api.post<ErrorBody>(path(t), { kind: "reboot" }, admin);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ description: "command.unsupported", fields: { kind: "unsupported" } });
    const bad = await p.api.post<ErrorBody>(path(t), { kind: "custom", text: "" }, admin);
    expect(bad.status).toBe(400);
  });
});

/** The first item of Acme of this type whose device speaks the protocol. */
async function itemWith(itemType: 1 | 2 | 3, proto: string): Promise<Target> {
  const rows = await p.ctx.db.query<{ item_id: number; device_id: string }>(
    `select d.item_id, d.device_id from devices d join device_types t on t.id = d.type_id
     where d.company_id = $1 and t.proto = $2 and d.item_type = $3 order by d.id limit 1`,
    [acme, proto, itemType],
  );
  const row = rows[0]!;
  return { itemType, itemId: row.item_id, imei: row.device_id, groupId: 0 };
}

describe("commands offered per device and item", () => {
  it("a GT06 vehicle is offered its codec's commands, with the reset it cannot confirm named", async () => {
    const t = await itemWith(1, "gt06");
    const offered = await list(t);
    expect(offered.available).toEqual(["engineStop", "engineResume", "reboot", "custom"]);
    expect(offered.unanswered).toEqual(["reboot"]);
  });

  it("an asset (box, container) is never offered engine stop or resume, and sending one is a 400", async () => {
    const rows = await p.ctx.db.query<{ item_id: number; device_id: string; type: string }>(
      `select d.item_id, d.device_id, a.type from devices d join device_types t on t.id = d.type_id
       join assets a on a.id = d.item_id
       where d.company_id = $1 and d.item_type = 2 and t.proto in ('teltonika', 'gt06') order by d.id`,
      [acme],
    );
    expect(rows.map((r) => r.type)).toEqual(expect.arrayContaining(["box", "container"]));
    for (const row of rows) {
      const t: Target = { itemType: 2, itemId: row.item_id, imei: row.device_id, groupId: 0 };
      const offered = await list(t);
      expect(offered.available).toEqual(["reboot", "custom"]);
      for (const kind of ["engineStop", "engineResume"]) {
        const r = await p.api.post<ErrorBody>(path(t), { kind }, admin);
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ description: "command.noEngine", fields: { kind: "noEngine" } });
      }
    }
    const queued = await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from device_commands where item_type = 2 and kind in ('engineStop', 'engineResume')",
    );
    expect(queued[0]!.n).toBe(0);
  });

  it("a vehicle without an engine (a bicycle) is offered no engine command, and sending one is a 400", async () => {
    const t = await itemWith(1, "gt06");
    const [before] = await p.ctx.db.query<{ type: string }>("select type from vehicles where id = $1", [
      t.itemId,
    ]);
    await p.ctx.db.query("update vehicles set type = 'bicycle' where id = $1", [t.itemId]);
    try {
      expect((await list(t)).available).toEqual(["reboot", "custom"]);
      const r = await p.api.post<ErrorBody>(path(t), { kind: "engineStop" }, admin);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ description: "command.noEngine", fields: { kind: "noEngine" } });
    } finally {
      await p.ctx.db.query("update vehicles set type = $2 where id = $1", [t.itemId, before!.type]);
    }
  });

  it("a command the device's protocol cannot carry is a 400 naming the field, and nothing is queued", async () => {
    const t = await itemWith(1, "h02");
    expect((await list(t)).available).not.toContain("reboot");
    const before = await p.ctx.db.query<{ n: number }>("select count(*)::int as n from device_commands");
    const r = await p.api.post<ErrorBody>(path(t), { kind: "reboot" }, admin);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ description: "command.unsupported", fields: { kind: "unsupported" } });
    const framing = await p.api.post<ErrorBody>(path(t), { kind: "custom", text: "S71#,22" }, admin);
    expect(framing.status).toBe(400);
    expect(framing.body).toMatchObject({
      description: "command.unsupported",
      fields: { text: "unsupported" },
    });
    const after = await p.ctx.db.query<{ n: number }>("select count(*)::int as n from device_commands");
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
