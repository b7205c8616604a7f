import type { DeviceCommand, ItemCommands } from "@vigia/domain";
import {
  encodeJt808Answer,
  encodeJt808Authenticate,
  encodeJt808Batch,
  encodeJt808Heartbeat,
  encodeJt808Location,
  encodeJt808Parts,
  readJt808ServerFrame,
} from "@vigia/protocols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAcmeDevice, TestDevice } from "../support/devices.ts";
import { startTestPlatform, TEST_START, type TestPlatform } from "../support/platform.ts";

/** JT/T 808 through the real gateway, on its own port: real terminals' frames answered, their fixes stored. */
let p: TestPlatform;
/** The terminal of Traccar's public test data (HuabaoProtocolDecoderTest.java) whose real frames are sent below. */
const PHONE = "013511221122";

beforeAll(async () => {
  p = await startTestPlatform({ VIGIA_GATEWAY: "1" });
  await addAcmeDevice(p.ctx.db, PHONE, "jt808", TEST_START);
});
afterAll(async () => {
  await p?.close();
});

async function stored(): Promise<{ ts: number; lat: number; archive: boolean }[]> {
  return p.ctx.db.query<{ ts: number; lat: number; archive: boolean }>(
    `select ts::float8 as ts, lat::float8 as lat, coalesce((attributes->>'archive')::boolean, false) as archive
     from positions where device_id = (select id from devices where device_id = $1) order by ts`,
    [PHONE],
  );
}

const fix = (minute: number) => ({
  timeMs: TEST_START - 3_600_000 + minute * 60_000,
  lat: 22.5431,
  lng: 114.0784,
  altitude: 35,
  speedKmh: 36,
  course: 90,
  satellites: 9,
  valid: true,
  ignition: true,
});

/** A server message as the terminal reads it: content, XOR check code, 7E and 7D escaped, between flags. */
function framed(contentHex: string): string {
  const content = Buffer.from(contentHex, "hex");
  let check = 0;
  for (const b of content) check ^= b;
  const escaped = [...content, check].map((b) =>
    b === 0x7e ? "7d02" : b === 0x7d ? "7d01" : b.toString(16).padStart(2, "0"),
  );
  return `7e${escaped.join("")}7e`;
}

const word = (n: number) => n.toString(16).padStart(4, "0");
/** The server's general response (0x8001): our serial, theirs, their message id, result 0. */
const general = (ours: number, theirs: number, id: number) =>
  framed(`80010005${PHONE}${word(ours)}${word(theirs)}${word(id)}00`);

async function expectAnswer(device: TestDevice, hex: string): Promise<void> {
  expect((await device.read(hex.length / 2)).toString("hex")).toBe(hex);
}

describe("JT/T 808 through the gateway", () => {
  it("is in the tracker-type catalogue with its port", async () => {
    const rows = await p.ctx.db.query<{ port: number; proto: string }>(
      "select port, proto from device_types where proto = 'jt808'",
    );
    expect(rows).toEqual([{ port: 5015, proto: "jt808" }]);
  });

  it("register, authenticate, locations and a blind-area batch are answered after the fixes are stored", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.jt808);
    device.send(
      Buffer.from(
        "7E0100002D013511221122000500000000373031303748422D52303347424400000000000000000000003233363631303402CBD5424136383630387E",
        "hex",
      ),
    );
    // 0x8100: our serial 0, their serial 5, result 0, the phone number as the authentication code.
    const answer = framed(`8100000f${PHONE}0000000500${Buffer.from(PHONE, "latin1").toString("hex")}`);
    expect((await device.read(answer.length / 2)).toString("hex")).toBe(answer);
    device.send(Buffer.from("7E0102000E013511221122000661757468656E7469636174696F6E3F7E", "hex"));
    await expectAnswer(device, general(1, 6, 0x0102));
    device.send(encodeJt808Location(PHONE, 7, fix(1)));
    await expectAnswer(device, general(2, 7, 0x0200));
    expect(await stored()).toHaveLength(1);
    device.send(encodeJt808Batch(PHONE, 8, [fix(2), fix(3)], true));
    await expectAnswer(device, general(3, 8, 0x0704));
    device.send(encodeJt808Heartbeat(PHONE, 9));
    await expectAnswer(device, general(4, 9, 0x0002));
    const rows = await stored();
    expect(rows.map((r) => [r.ts, r.archive])).toEqual([
      [fix(1).timeMs, false],
      [fix(2).timeMs, true],
      [fix(3).timeMs, true],
    ]);
    expect(rows[0]!.lat).toBeCloseTo(22.5431, 5);
    device.end();
  });

  it("a batch sent as parts: each part answered, the earlier ones quarantined, the whole batch stored with the last", async () => {
    const device = await TestDevice.connect(p.gateway!.ports.jt808);
    const batch = encodeJt808Batch(PHONE, 0, [fix(20), fix(21), fix(22)], true);
    const parts = encodeJt808Parts(0x0704, PHONE, 30, readJt808ServerFrame(batch)!.body, 60);
    expect(parts).toHaveLength(2);
    device.send(parts[0]!);
    await expectAnswer(device, general(0, 30, 0x0704));
    // The part was kept before it was answered: no wait.
    const kept = await p.ctx.db.query<{ error: string }>(
      "select error from ingest_quarantine where imei = $1 and reason = 'undecoded' and error like '%part 1 of 2%'",
      [PHONE],
    );
    expect(kept).toHaveLength(1);
    device.send(parts[1]!);
    await expectAnswer(device, general(1, 31, 0x0704));
    const times = (await stored()).map((r) => r.ts);
    expect(times).toEqual(expect.arrayContaining([fix(20).timeMs, fix(21).timeMs, fix(22).timeMs]));
    device.end();
  });

  it("a reboot from the map goes out as terminal control 0x8105 word 4; the terminal's 0x0001 answers it", async () => {
    const [acme] = await p.ctx.db.query<{ id: number }>(
      "select id from companies where name = 'Acme Logistics'",
    );
    // The demo's JT/T 808 terminal, on a vehicle.
    const [t] = await p.ctx.db.query<{ item_type: number; item_id: number; device_id: string }>(
      `select d.item_type, d.item_id, d.device_id from devices d join device_types t on t.id = d.type_id
       where d.company_id = $1 and t.proto = 'jt808' and d.item_id is not null order by d.id limit 1`,
      [acme!.id],
    );
    const admin = await p.api.token("admin@acme.demo");
    const path = `companies/id/${acme!.id}/commands/${t!.item_type}/id/${t!.item_id}`;
    const device = await TestDevice.connect(p.gateway!.ports.jt808);
    device.send(encodeJt808Authenticate(t!.device_id, 1, t!.device_id));
    await expectAnswer(device, framed(`80010005${t!.device_id}00000001010200`));
    const command = (await p.api.post<DeviceCommand>(path, { kind: "reboot" }, admin)).body;
    const frame = readJt808ServerFrame(await device.read(16));
    expect(frame && { id: frame.id, body: frame.body.toString("hex") }).toEqual({ id: 0x8105, body: "04" });
    device.send(encodeJt808Answer(t!.device_id, 2, { id: 0x8105, serial: frame!.serial }));
    await expect
      .poll(
        async () =>
          (await p.api.get<ItemCommands>(path, admin)).body.commands.find((c) => c.id === command.id)?.status,
        { timeout: 20_000 },
      )
      .toBe("answered");
    device.end();
  });
});
