// Alarms end to end: the Acme admin has a geozone-entry rule, a Teltonika device drives its vehicle into the
// zone, the toast and the ringing bell appear, and the notice is put in process and resolved with notes.
import net from "node:net";
import { assert, byTestId, ITEM_TYPE, shot, signInTo, waitForLiveMap, zoneEntryAlarm } from "../lib.mjs";

export const name = "alarms: geozone entry raises a notice handled through its states";

const TELTONIKA_PORT = Number(process.env.TELTONIKA_PORT ?? 5027);
const ZONE = { lat: 40.45, lng: -3.55 };

function crc16(buf) {
  let crc = 0;
  for (const byte of buf) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** A Codec 8 AVL packet with ignition on. */
function avlPacket(fixes) {
  const records = fixes.map((f) => {
    const r = Buffer.alloc(32);
    let o = r.writeBigUInt64BE(BigInt(f.ts), 0);
    o = r.writeUInt8(0, o);
    o = r.writeInt32BE(Math.round(f.lng * 1e7), o);
    o = r.writeInt32BE(Math.round(f.lat * 1e7), o);
    o = r.writeInt16BE(650, o);
    o = r.writeUInt16BE(90, o);
    o = r.writeUInt8(9, o);
    o = r.writeUInt16BE(f.spd, o);
    o = r.writeUInt8(0, o); // event io
    o = r.writeUInt8(1, o); // total io
    o = r.writeUInt8(1, o); // one 1-byte io
    o = r.writeUInt8(239, o); // ignition
    o = r.writeUInt8(1, o);
    o = r.writeUInt8(0, o);
    o = r.writeUInt8(0, o);
    r.writeUInt8(0, o);
    return r;
  });
  const data = Buffer.concat([
    Buffer.from([0x08, records.length]),
    ...records,
    Buffer.from([records.length]),
  ]);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc16(data), 0);
  return Buffer.concat([head, data, crc]);
}

/** Sends Teltonika fixes (ignition on) for the device over its TCP gateway, as one AVL packet. */
export async function sendFixes(imei, fixes) {
  const socket = net.connect(TELTONIKA_PORT, "127.0.0.1");
  await new Promise((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const replies = [];
  let waiting = null;
  socket.on("data", (chunk) => {
    replies.push(chunk);
    waiting?.();
  });
  const next = () => new Promise((resolve) => (waiting = resolve));
  const id = Buffer.from(imei, "ascii");
  const hello = Buffer.alloc(2);
  hello.writeUInt16BE(id.length, 0);
  socket.write(Buffer.concat([hello, id]));
  await next();
  socket.write(avlPacket(fixes));
  await next();
  socket.destroy();
}

export async function run({ context, baseUrl }) {
  const device = await zoneEntryAlarm(baseUrl, {
    proto: "teltonika",
    itemType: ITEM_TYPE.vehicle,
    zone: { name: "E2E depot", lat: ZONE.lat, lng: ZONE.lng, radius: 400 },
    alarmName: "Depot arrival",
  });

  const page = await context.newPage();
  await signInTo(page, baseUrl, "admin@acme.demo", "/");
  await waitForLiveMap(page);
  await shot(page, "alarms-00-before");

  // Fixes an hour ahead so the demo simulator's own fixes for this device count as older and are ignored.
  const t0 = Date.now() + 3_600_000;
  const fixes = [
    { ts: t0, lat: ZONE.lat + 0.006, lng: ZONE.lng, spd: 40 },
    { ts: t0 + 20_000, lat: ZONE.lat + 0.0005, lng: ZONE.lng, spd: 30 },
    { ts: t0 + 40_000, lat: ZONE.lat + 0.0003, lng: ZONE.lng, spd: 10 },
    { ts: t0 + 60_000, lat: ZONE.lat + 0.0002, lng: ZONE.lng, spd: 5 },
  ];
  await sendFixes(device.deviceId, fixes);

  const toast = page.locator(byTestId("alarm-toast"));
  await toast.waitFor({ timeout: 45_000 });
  assert((await toast.textContent()).includes("Depot arrival"), "toast names the rule");
  const bell = page.locator(byTestId("alarm-bell"));
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="alarm-bell"]')?.getAttribute("data-unseen")) >= 1,
    null,
    { timeout: 30_000 },
  );
  await shot(page, "alarms-01-toast-bell");

  await bell.click();
  await page.locator(byTestId("alarm-row")).first().waitFor();
  await shot(page, "alarms-02-panel");
  await page.locator(byTestId("alarm-row")).first().locator("td").nth(2).click();
  await page.getByRole("dialog", { name: "Depot arrival" }).waitFor();
  await shot(page, "alarms-03-modal");

  for (const [value, note] of [
    ["1", "driver called"],
    ["2", "delivered and checked"],
  ]) {
    await page.locator(byTestId("alarm-edit-origin")).click();
    const save = page.locator(byTestId("alarm-state-save"));
    await page
      .locator(byTestId("alarm-state-choice"))
      .getByText(value === "1" ? /proceso/i : /resuelta/i)
      .click();
    await page.locator(byTestId("alarm-state-note")).fill(note);
    await save.click();
    await save.waitFor({ state: "detached" });
  }
  const history = await page.locator(byTestId("alarm-history")).textContent();
  assert(
    history.includes("driver called") && history.includes("delivered and checked"),
    `history: ${history}`,
  );
  await shot(page, "alarms-04-history");

  await page.goto(`${baseUrl}/alarms`);
  await page.getByText("Depot arrival").first().waitFor();
  await shot(page, "alarms-05-rules");
  await page.locator(byTestId("rule-new")).click();
  await page.getByRole("dialog").first().waitFor();
  await page
    .getByText(/Nueva alarma/)
    .first()
    .waitFor();
  await shot(page, "alarms-06-rule-form");
}
