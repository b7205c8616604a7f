import { type AlarmLog, type AlarmRuleInput, EVENT_FAMILY, emptyAlarmRule, ITEM_TYPE } from "@vigia/domain";
import {
  CODEC_8E,
  encodeGt06Alarm,
  encodeGt06Login,
  encodeOsmAndPath,
  encodeTeltonikaAvl,
  encodeTeltonikaRecord,
  GT06_LOGIN,
  gt06Ack,
  type IoValue,
} from "@vigia/protocols";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestDevice, teltonikaHandshake } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/**
 * Every event alarm family fires from a real device frame. Each case encodes frames with the
 * protocol codecs, sends them through the gateway, and expects one notice of its rule with the event, and the
 * mail of it with a link to the position on the company's own site origin.
 */

const SITE = "https://fleet.acme.test";
let p: TestPlatform;
let smtp: SMTPServer;
const mails: string[] = [];
let acme: number;
let admin: string;

interface Unit {
  itemType: 1 | 3;
  itemId: number;
  imei: string;
}
let teltonika: Unit;
let gt06: Unit;
let phone: Unit;
let tDevice: TestDevice;
let gDevice: TestDevice;
let gSerial = 10;
let limitedZone: number | null = null;

async function unitOf(proto: string, itemType: 1 | 3): Promise<Unit> {
  const rows = await p.ctx.db.query<{ item_id: number; device_id: string }>(
    `select d.item_id, d.device_id from devices d join device_types t on t.id = d.type_id
     where d.company_id = $1 and t.proto = $2 and d.item_type = $3 order by d.id limit 1`,
    [acme, proto, itemType],
  );
  return { itemType, itemId: rows[0]!.item_id, imei: rows[0]!.device_id };
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("utf8");
      });
      stream.on("end", () => {
        mails.push(data.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  p = await startTestPlatform({
    VIGIA_GATEWAY: "1",
    TELTONIKA_PORT: "0",
    GT06_PORT: "0",
    OSMAND_PORT: "0",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
  });
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
  // The company's site origin, which every mail link must use (never a request header).
  await p.ctx.db.query("update sites set origin = $1", [SITE]);
  admin = await p.api.token("admin@acme.demo");
  teltonika = await unitOf("teltonika", 1);
  gt06 = await unitOf("gt06", 1);
  phone = await unitOf("osmand", 3);
  tDevice = await TestDevice.connect(p.gateway!.ports.teltonika);
  tDevice.send(teltonikaHandshake(teltonika.imei));
  expect((await tDevice.read(1))[0]).toBe(1);
  gDevice = await TestDevice.connect(p.gateway!.ports.gt06);
  gDevice.send(encodeGt06Login(gt06.imei, 1));
  expect(await gDevice.read(10)).toEqual(gt06Ack(GT06_LOGIN, 1));
});
afterAll(async () => {
  tDevice?.end();
  gDevice?.end();
  await p?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const settle = async () => {
  await p.services.processor.idle();
  await p.services.alarms.idle();
};

/** One Teltonika record 30 s after the previous, sent over the gateway and ACKed. */
async function teltonikaFrame(spd: number, io: IoValue[], eventIoId = 0): Promise<void> {
  p.clock.advance(30_000);
  const record = encodeTeltonikaRecord(
    {
      timestampMs: p.clock.now(),
      priority: eventIoId ? 2 : 0,
      lng: -3.7,
      lat: 40.41,
      altitudeM: 650,
      angle: 90,
      satellites: 9,
      speedKmh: spd,
      eventIoId,
      io,
    },
    CODEC_8E,
  );
  tDevice.send(encodeTeltonikaAvl([record], CODEC_8E));
  expect((await tDevice.read(4)).readUInt32BE(0)).toBe(1);
  await settle();
}

async function gt06AlarmFrame(code: number): Promise<void> {
  p.clock.advance(30_000);
  const serial = gSerial++;
  gDevice.send(
    encodeGt06Alarm(
      {
        timeMs: p.clock.now(),
        lat: 40.41,
        lng: -3.7,
        speedKmh: 0,
        course: 0,
        satellites: 8,
        positioned: true,
      },
      { mcc: 214, mnc: 7, lac: 1, cellId: 2 },
      { acc: false, charging: false, gpsTracking: true, voltageLevel: 4, gsmSignal: 3 },
      code,
      serial,
    ),
  );
  expect((await gDevice.read(10)).subarray(0, 4)).toEqual(Buffer.from([0x78, 0x78, 0x05, 0x26]));
  await settle();
}

async function osmAnd(query: string): Promise<void> {
  p.clock.advance(30_000);
  const path = encodeOsmAndPath({
    id: phone.imei,
    timeMs: p.clock.now(),
    lat: 40.41,
    lng: -3.7,
    speedKmh: 0,
    bearing: 0,
    altitudeM: 650,
    accuracyM: 5,
    batteryPct: 80,
    charging: false,
  });
  const r = await fetch(`http://127.0.0.1:${p.gateway!.ports.osmand}${path}&${query}`, { method: "POST" });
  expect(r.status).toBe(200);
  await settle();
}

const ign = (on: boolean): IoValue => ({ id: 239, size: 1, value: on ? 1 : 0 });
const io = (id: number, value: number, size: 1 | 2 | 4 = 1): IoValue => ({ id, size, value });

interface Case {
  name: string;
  family: number;
  value: number | null;
  unit: () => Unit;
  /** Frames that set the state before. */
  setup: () => Promise<void>;
  /** The frame that raises the alarm. */
  trigger: () => Promise<void>;
  event: string;
  text?: string;
}

const cases: Case[] = [
  {
    name: "speeding over a set speed",
    family: EVENT_FAMILY.speeding,
    value: 90,
    unit: () => teltonika,
    setup: () => teltonikaFrame(80, [ign(true)]),
    // Over the limit on two frames 30 s apart: held for the confirmation time (10 s), an excess.
    trigger: async () => {
      await teltonikaFrame(104, [ign(true)]);
      await teltonikaFrame(98, [ign(true)]);
    },
    event: "speeding",
    text: "104 km/h > 90 km/h",
  },
  {
    name: "speeding over the geozone's limit (value 0)",
    family: EVENT_FAMILY.speeding,
    value: 0,
    unit: () => teltonika,
    setup: async () => {
      if (!limitedZone) {
        const zone = await p.api.post<{ id: number; speedLimit: number }>(
          `companies/id/${acme}/geozones`,
          { type: "circle", name: "School zone", lat: 40.41, lng: -3.7, radius: 800, speedLimit: 50 },
          admin,
        );
        expect(zone.body.speedLimit).toBe(50);
        limitedZone = zone.body.id;
      }
      await teltonikaFrame(40, [ign(true)]);
      await teltonikaFrame(45, [ign(true)]);
    },
    trigger: async () => {
      await teltonikaFrame(62, [ign(true)]);
      await teltonikaFrame(55, [ign(true)]);
    },
    event: "speeding",
    text: "62 km/h > 50 km/h",
  },
  {
    name: "ignition off",
    family: EVENT_FAMILY.ignition,
    value: 3,
    unit: () => teltonika,
    setup: () => teltonikaFrame(0, [ign(true)]),
    trigger: () => teltonikaFrame(0, [ign(false)], 239),
    event: "ignitionOff",
  },
  {
    name: "SOS button (Teltonika Alarm element)",
    family: EVENT_FAMILY.sos,
    value: null,
    unit: () => teltonika,
    setup: () => teltonikaFrame(0, [ign(false)]),
    trigger: () => teltonikaFrame(0, [ign(false), io(236, 1)], 236),
    event: "sos",
  },
  {
    name: "power cut (unplug)",
    family: EVENT_FAMILY.powerCut,
    value: null,
    unit: () => teltonika,
    setup: () => teltonikaFrame(0, [ign(false)]),
    trigger: () => teltonikaFrame(0, [ign(false), io(252, 1)], 252),
    event: "powerCut",
  },
  {
    name: "low battery level",
    family: EVENT_FAMILY.lowBattery,
    value: 20,
    unit: () => teltonika,
    setup: () => teltonikaFrame(0, [ign(false), io(113, 35)]),
    trigger: () => teltonikaFrame(0, [ign(false), io(113, 15)]),
    event: "lowBattery",
    text: "15 %",
  },
  {
    name: "door opened (CAN door status)",
    family: EVENT_FAMILY.door,
    value: 1,
    unit: () => teltonika,
    setup: () => teltonikaFrame(0, [ign(false), io(90, 0, 2)]),
    trigger: () => teltonikaFrame(0, [ign(false), io(90, 1, 2)], 90),
    event: "doorOpen",
  },
  {
    name: "moving while parked",
    family: EVENT_FAMILY.tow,
    value: 10,
    unit: () => teltonika,
    setup: () => teltonikaFrame(0, [ign(false)]),
    trigger: () => teltonikaFrame(18, [ign(false)]),
    event: "tow",
    text: "18 km/h",
  },
  {
    name: "crash",
    family: EVENT_FAMILY.crash,
    value: null,
    unit: () => teltonika,
    setup: () => teltonikaFrame(40, [ign(true)]),
    trigger: () => teltonikaFrame(40, [ign(true), io(247, 1)], 247),
    event: "crash",
  },
  {
    name: "harsh braking",
    family: EVENT_FAMILY.harshDriving,
    value: null,
    unit: () => teltonika,
    setup: () => teltonikaFrame(40, [ign(true)]),
    trigger: () => teltonikaFrame(40, [ign(true), io(253, 2)], 253),
    event: "harshBraking",
  },
  {
    name: "GSM jamming",
    family: EVENT_FAMILY.tamper,
    value: null,
    unit: () => teltonika,
    setup: () => teltonikaFrame(0, [ign(false)]),
    trigger: () => teltonikaFrame(0, [ign(false), io(249, 1)], 249),
    event: "jamming",
  },
  {
    name: "engine locked (DOUT1)",
    family: EVENT_FAMILY.immobiliser,
    value: 3,
    unit: () => teltonika,
    setup: () => teltonikaFrame(0, [ign(false), io(179, 0)]),
    trigger: () => teltonikaFrame(0, [ign(false), io(179, 1)], 179),
    event: "engineLocked",
  },
  {
    name: "maintenance at 1,000 km",
    family: EVENT_FAMILY.maintenance,
    value: 1000,
    unit: () => teltonika,
    setup: () => teltonikaFrame(0, [ign(false), io(16, 999_800, 4)]),
    trigger: () => teltonikaFrame(0, [ign(false), io(16, 1_000_200, 4)]),
    event: "maintenanceDue",
    text: "1000 km",
  },
  {
    name: "GT06 low battery alarm",
    family: EVENT_FAMILY.lowBattery,
    value: 20,
    unit: () => gt06,
    setup: () => gt06AlarmFrame(0x00),
    trigger: () => gt06AlarmFrame(0x0e),
    event: "lowBattery",
  },
  {
    name: "GT06 door alarm",
    family: EVENT_FAMILY.door,
    value: 1,
    unit: () => gt06,
    setup: () => gt06AlarmFrame(0x00),
    trigger: () => gt06AlarmFrame(0x14),
    event: "doorOpen",
  },
  {
    name: "Traccar Client SOS (OsmAnd alarm=sos)",
    family: EVENT_FAMILY.sos,
    value: null,
    unit: () => phone,
    setup: () => osmAnd("charge=false"),
    trigger: () => osmAnd("alarm=sos"),
    event: "sos",
  },
];

function ruleFor(c: Case, recipient: string): AlarmRuleInput {
  const r = emptyAlarmRule();
  const unit = c.unit();
  r.items.itemsType = unit.itemType;
  if (unit.itemType === ITEM_TYPE.vehicle) r.items.vehicleIds = [unit.itemId];
  else r.items.personIds = [unit.itemId];
  r.info.name = c.name;
  r.info.priority = 3;
  r.info.family = c.family;
  r.info.value = c.value;
  r.notification = {
    ...r.notification,
    email: true,
    extUsers: [{ email: recipient, smsPhone: "", language: "en", timezone: "Europe/Madrid" }],
  };
  return r;
}

async function notices(ruleId: number): Promise<AlarmLog[]> {
  admin = await p.api.token("admin@acme.demo");
  const r = await p.api.get<Record<string, AlarmLog>>(
    `companies/id/${acme}/alarmlogs?from_ts=${TEST_START - 86_400_000}&to_ts=${p.clock.now() + 86_400_000}`,
    admin,
  );
  return Object.values(r.body).filter((l) => l.info.alarmId === ruleId);
}

describe("event alarm families from device frames", () => {
  it.each(cases)("$name", async (c) => {
    admin = await p.api.token("admin@acme.demo");
    await c.setup();
    const recipient = `family${c.family}-${cases.indexOf(c)}@partner.test`;
    const created = await p.api.post<{ id: number }>(
      `companies/id/${acme}/alarms`,
      ruleFor(c, recipient),
      admin,
    );
    expect(created.status).toBe(200);
    await c.setup(); // the rule loads; the state before the trigger is as the case wants it
    expect(await notices(created.body.id)).toHaveLength(0);

    await c.trigger();
    const found = await notices(created.body.id);
    expect(found.map((l) => l.data.event)).toEqual([c.event]);
    if (c.text) expect(found[0]!.data.text).toBe(c.text);
    expect(found[0]!.info.family).toBe(c.family);

    const mail = mails.find((m) => m.includes(recipient));
    expect(mail).toBeDefined();
    const pos = found[0]!.data.pos!;
    expect(mail).toContain(
      `View on the map: ${SITE}/?lat=${pos.lat.toFixed(6)}&lng=${pos.lng.toFixed(6)}&alarm=${found[0]!.id}`,
    );
    expect(
      (await p.api.request("DELETE", `companies/id/${acme}/alarms/id/${created.body.id}`, { token: admin }))
        .status,
    ).toBe(200);
  });

  it("the company's mail flag of a family switches its mails off; notices still fire", async () => {
    const c = cases.find((x) => x.family === EVENT_FAMILY.crash)!;
    await p.ctx.db.query(
      `update companies set conf = jsonb_set(conf, '{notifications}', '{"mail": {"crash": false}}') where id = $1`,
      [acme],
    );
    await c.setup();
    const recipient = "crash-off@partner.test";
    const created = await p.api.post<{ id: number }>(
      `companies/id/${acme}/alarms`,
      ruleFor(c, recipient),
      admin,
    );
    await c.setup();
    await c.trigger();
    expect(await notices(created.body.id)).toHaveLength(1);
    expect(mails.some((m) => m.includes(recipient))).toBe(false);
    const deliveries = await p.ctx.db.query<{ status: string; last_error: string }>(
      `select d.status, d.last_error from alarm_deliveries d join alarm_logs l on l.id = d.log_id
       where l.rule_id = $1 and d.channel = 'email'`,
      [created.body.id],
    );
    expect(deliveries).toEqual([{ status: "notConfigured", last_error: "mail flag crash off" }]);
  });
  it("a speeding vehicle raises one notice per episode, updated with its peak and end, and one mail", async () => {
    const c = cases.find((x) => x.family === EVENT_FAMILY.speeding && x.value === 90)!;
    const recipient = "speeding-episodes@partner.test";
    const created = await p.api.post<{ id: number }>(
      `companies/id/${acme}/alarms`,
      { ...ruleFor(c, recipient), info: { ...ruleFor(c, recipient).info, name: "Speeding episodes" } },
      admin,
    );
    expect(created.status).toBe(200);
    const mailed = () => mails.filter((m) => m.includes(recipient)).length;
    const frames = async (...speeds: number[]) => {
      for (const spd of speeds) await teltonikaFrame(spd, [ign(true)]);
    };
    await frames(80);
    const start = p.clock.now() + 30_000;
    // Over, peaking at 120, a dip under the limit shorter than the release (30 s), over again, then under.
    await frames(104, 110, 120, 85, 100, 95);
    const end = p.clock.now() + 30_000;
    await frames(70);
    expect(await notices(created.body.id)).toHaveLength(1);
    await frames(70, 60);
    const first = await notices(created.body.id);
    expect(first.map((l) => [l.data.event, l.data.text, l.data.episode])).toEqual([
      ["speeding", "120 km/h > 90 km/h", { start, end, maxSpeed: 120 }],
    ]);
    expect(mailed()).toBe(1);

    // A new excess is a new episode: a second notice and a second mail.
    await frames(101, 102);
    expect(await notices(created.body.id)).toHaveLength(2);
    expect(mailed()).toBe(2);
    expect(
      (await p.api.request("DELETE", `companies/id/${acme}/alarms/id/${created.body.id}`, { token: admin }))
        .status,
    ).toBe(200);
  });
});
