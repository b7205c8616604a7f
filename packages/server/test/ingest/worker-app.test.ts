import {
  type DayTrack,
  ENCODED_DEVICE_TYPE_ID,
  encodeDeviceId,
  type Ticket,
  type WorkerAck,
  type WorkerFix,
} from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorBody, startTestPlatform, type TestPlatform } from "../support/platform.ts";

/**
 * The worker app's upload: the phone speaks as its app device with the id and key of its pairing link, its fixes
 * go through the ingest queue and commit, and the answer names each fix stored or refused; fixes older than the
 * person's newest (a phone that was offline) are stored and appear in the person's route. The same credential
 * reads the person's open tickets and comments on them, and nothing else.
 */
let p: TestPlatform;
let acme: number;
let person: number;
let admin: string;

const DEVICE = "phone-worker-1";
const KEY = "worker-key-0123456789";
const basic = (id: string, key: string) => ({
  authorization: `Basic ${Buffer.from(`${id}:${key}`).toString("base64")}`,
});

function fix(id: string, ts: number, lat: number, extra: Partial<WorkerFix> = {}): WorkerFix {
  return {
    id,
    ts,
    lat,
    lng: -3.7,
    accuracy: 6,
    speed: 4.5,
    heading: 90,
    altitude: 650,
    battery: 77,
    charging: false,
    activity: "walking",
    ...extra,
  };
}

const upload = (fixes: WorkerFix[], id = DEVICE, key = KEY) =>
  p.api.post<WorkerAck & ErrorBody>("device/positions", { fixes }, undefined, basic(id, key));

const route = async () => {
  const now = p.clock.now();
  const r = await p.api.get<DayTrack>(
    `companies/id/${acme}/persons/id/${person}/route?from=${now - 3_600_000}&to=${now + 60_000}`,
    admin,
  );
  expect(r.status).toBe(200);
  return r.body.points;
};

beforeAll(async () => {
  p = await startTestPlatform();
  const companies = await p.ctx.db.query<{ id: number }>(
    "select id from companies where name = 'Acme Logistics'",
  );
  acme = companies[0]!.id;
  const persons = await p.ctx.db.query<{ id: number }>(
    `insert into persons (company_id, group_id, name, created_ts, updated_ts)
     select company_id, group_id, 'Worker app tester', 0, 0 from persons where company_id = $1
     order by id limit 1 returning id`,
    [acme],
  );
  person = persons[0]!.id;
  await p.ctx.db.query(
    `insert into devices (device_id, type_id, company_id, reseller_id, device_key, item_type, item_id,
       created_ts, updated_ts)
     select $1, t.id, c.id, c.reseller_id, $3, 3, $4, 0, 0 from device_types t, companies c
     where t.proto = 'app' and c.id = $2`,
    [encodeDeviceId(ENCODED_DEVICE_TYPE_ID, DEVICE), acme, KEY, person],
  );
  admin = await p.api.token("admin@acme.demo");
});
afterAll(async () => {
  await p?.close();
});

describe("worker app upload", () => {
  it("refuses a wrong key, a missing key and an unknown device alike, storing nothing", async () => {
    const now = p.clock.now();
    const answers = [
      await upload([fix("a", now - 1000, 40.4)], DEVICE, "wrong-key-0123456789"),
      await upload([fix("a", now - 1000, 40.4)], DEVICE, ""),
      await upload([fix("a", now - 1000, 40.4)], "no-such-phone", KEY),
      await p.api.post("device/positions", { fixes: [fix("a", now - 1000, 40.4)] }),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401]);
    expect(await route()).toEqual([]);
  });

  it("names the field of a bad fix", async () => {
    const r = await upload([fix("a", p.clock.now(), 91)]);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain("lat");
  });

  it("acknowledges exactly the fixes it stored and those it refused for good", async () => {
    const now = p.clock.now();
    const r = await upload([
      fix("f1", now - 180_000, 40.401),
      fix("f2", now - 120_000, 40.402),
      fix("future", now + 2 * 86_400_000, 40.403),
      fix("f3", now - 60_000, 40.404, { activity: "running", speed: 10 }),
    ]);
    expect(r.status).toBe(200);
    expect(r.body.stored).toEqual(["f1", "f2", "f3"]);
    expect(r.body.refused).toEqual([{ id: "future", reason: "futureTime" }]);
    const points = await route();
    expect(points.map((pt) => pt.lat)).toEqual([40.401, 40.402, 40.404]);
  });

  it("stores a late batch (measured while offline, before the newest fix) into the person's route", async () => {
    const now = p.clock.now();
    const r = await upload([fix("o1", now - 600_000, 40.391), fix("o2", now - 540_000, 40.392)]);
    expect(r.status).toBe(200);
    expect(r.body.stored).toEqual(["o1", "o2"]);
    const points = await route();
    expect(points.map((pt) => pt.lat)).toEqual([40.391, 40.392, 40.401, 40.402, 40.404]);
  });
});

describe("worker app tasks", () => {
  const ticket = async (title: string, personId: number) => {
    const r = await p.api.post<Ticket>(
      `companies/id/${acme}/tickets`,
      { type: "incident", title, linkKind: "person", linkId: personId },
      admin,
    );
    expect(r.status).toBe(200);
    return r.body;
  };

  it("lists the open tickets of the phone's person, and only theirs", async () => {
    const mine = await ticket("Check the loading dock", person);
    const others = await p.ctx.db.query<{ id: number }>(
      "select id from persons where company_id = $1 and id <> $2 order by id limit 1",
      [acme, person],
    );
    const foreign = await ticket("Someone else's task", others[0]!.id);
    const r = await p.api.get<Ticket[]>("device/tickets", undefined, basic(DEVICE, KEY));
    expect(r.status).toBe(200);
    expect(r.body.map((t) => t.title)).toEqual(["Check the loading dock"]);
    expect((await p.api.get("device/tickets", undefined, basic(DEVICE, "wrong-key-0123456789"))).status).toBe(
      401,
    );

    const commented = await p.api.post<Ticket>(
      `device/tickets/id/${mine.id}/comments`,
      { text: "Dock checked, door 3 sticks" },
      undefined,
      basic(DEVICE, KEY),
    );
    expect(commented.status).toBe(200);
    expect(commented.body.comments.map((c) => [c.author, c.text])).toEqual([
      ["Worker app tester", "Dock checked, door 3 sticks"],
    ]);
    const seen = await p.api.get<Ticket>(`companies/id/${acme}/tickets/id/${mine.id}`, admin);
    expect(seen.body.comments.at(-1)?.text).toBe("Dock checked, door 3 sticks");

    const refused = await p.api.post<ErrorBody>(
      `device/tickets/id/${foreign.id}/comments`,
      { text: "not mine" },
      undefined,
      basic(DEVICE, KEY),
    );
    expect(refused.status).toBe(404);
    const empty = await p.api.post<ErrorBody>(
      `device/tickets/id/${mine.id}/comments`,
      { text: "  " },
      undefined,
      basic(DEVICE, KEY),
    );
    expect(empty.status).toBe(400);
  });
});
