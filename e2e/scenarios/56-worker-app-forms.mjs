// Forms in the field: a form with text, number, boolean, select, photo and signature fields is assigned to a
// person; the worker app, paired as that person's phone, loses its connection, fills the form (a photo from the
// "camera" and a signature drawn on the pad), survives a reload with the draft intact, submits (the submission
// waits on the phone), comes back online and sends it; the admin finds it in the web with the photo and signature.
import { deflateSync } from "node:zlib";
import {
  assert,
  byTestId,
  chooseOption,
  openPairedApp,
  personWithAppDevice,
  phoneContext,
  shot,
  signInTo,
} from "../lib.mjs";

export const name = "worker app forms: filled offline with photo and signature, sent when back online";

const DEVICE = "e2e-phone-56";
const KEY = "e2e-phone-56-key-00000001";
const FORM = "E2E dock inspection";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A small PNG: a blue square with an orange band, so the photo is recognisable in the screenshots. */
function photoPng(size = 48) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++)
      row.push(...(y > size / 3 && y < (2 * size) / 3 ? [240, 140, 0] : [30, 90, 200]));
    rows.push(Buffer.from(row));
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export async function run({ context, baseUrl }) {
  const { reseller, admin, ok, resellerId, base, device, person } = await personWithAppDevice(baseUrl, {
    deviceId: DEVICE,
    key: KEY,
    name: "E2E Forms Walker",
  });
  const form = await ok(admin, "POST", `${base}/forms`, {
    name: FORM,
    description: "Check the loading dock before leaving",
    fields: [
      { key: "note", type: "text", label: "What did you see", required: true },
      { key: "pallets", type: "number", label: "Pallets left", min: 0 },
      { key: "closed", type: "boolean", label: "Door closed" },
      { key: "state", type: "select", label: "Dock state", options: ["Fine", "Damaged"], required: true },
      { key: "photo", type: "attachment", label: "Photo of the door", required: true },
      { key: "signature", type: "signature", label: "Signature", required: true },
    ],
    items: [{ itemType: "person", itemId: person.id }],
  });

  const phone = await phoneContext(context, { latitude: 40.4203, longitude: -3.7058, accuracy: 9 });
  try {
    const page = await openPairedApp(phone, baseUrl, DEVICE, KEY);

    await page.locator(byTestId("tab-forms")).click();
    const card = page.locator(byTestId("form-card")).filter({ hasText: FORM });
    await card.waitFor();
    await shot(page, "56-app-forms-list");

    // Offline from here: the form is filled and submitted without a connection.
    await phone.setOffline(true);
    await card.locator(byTestId("form-open")).click();
    await page.locator(byTestId("form-fill")).waitFor();
    // Submitting an empty form names the required fields, from the shared rules.
    await page.locator(byTestId("form-submit")).click();
    await page.locator(byTestId("form-errors")).waitFor();
    await page.locator(byTestId("form-field-note")).fill("Door 3 sticks, hinge bent");
    await page.locator(byTestId("form-field-pallets")).fill("4");
    await page.getByRole("switch", { name: "Door closed" }).check({ force: true });
    await chooseOption(page, "form-field-state", "Damaged");
    await page
      .locator(byTestId("photo-input-photo"))
      .setInputFiles({ name: "door.png", mimeType: "image/png", buffer: photoPng() });
    await page.locator(byTestId("form-field-photo")).locator("img").waitFor();
    const pad = page.locator(byTestId("signature-pad"));
    // The mouse moves in the viewport's coordinates: the pad must be on screen.
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(
        box.x + 20 + i * ((box.width - 40) / 12),
        box.y + box.height * (0.7 - 0.4 * Math.abs(Math.sin(i / 2))),
      );
    await page.mouse.up();
    await shot(page, "56-app-form-filling");

    // Closing the app loses nothing: opened again offline (from the service worker), the draft is all there.
    await page.reload();
    await page.locator(byTestId("tab-forms")).click();
    await card.locator(byTestId("form-draft")).waitFor();
    await card.locator(byTestId("form-open")).click();
    await page.locator(byTestId("form-fill")).waitFor();
    const note = await page.locator(byTestId("form-field-note")).inputValue();
    assert(note === "Door 3 sticks, hinge bent", `the draft kept the text: ${note}`);
    await page.locator(byTestId("form-field-photo")).locator("img").waitFor();
    assert(
      (await page.locator(byTestId("form-field-state")).inputValue()) === "Damaged",
      "the draft kept the choice",
    );

    await page.locator(byTestId("form-submit")).click();
    const submitted = page.locator(byTestId("submission")).filter({ hasText: FORM });
    await submitted.locator('[data-state="pending"]').waitFor();
    await page.locator(byTestId("forms-problem")).waitFor();
    await shot(page, "56-app-form-pending");
    const before = await ok(admin, "GET", `${base}/forms/id/${form.id}/submissions`);
    assert(before.length === 0, `nothing reached the platform while offline: ${before.length}`);

    // Back online: the photo, then the submission, are sent; the phone says so.
    await phone.setOffline(false);
    await submitted.locator('[data-state="sent"]').waitFor({ timeout: 30_000 });
    await shot(page, "56-app-form-sent");

    const stored = await ok(admin, "GET", `${base}/forms/id/${form.id}/submissions`);
    assert(stored.length === 1, `stored once: ${stored.length}`);
    const [s] = stored;
    assert(
      s.author === "E2E Forms Walker" && s.source === "mobile",
      `author and source: ${s.author} ${s.source}`,
    );
    assert(
      Math.abs(s.lat - 40.4203) < 1e-6 && Math.abs(s.lng + 3.7058) < 1e-6,
      `position: ${s.lat},${s.lng}`,
    );
    assert(
      s.values.note === "Door 3 sticks, hinge bent" &&
        s.values.pallets === 4 &&
        s.values.closed === true &&
        s.values.state === "Damaged",
      `values: ${JSON.stringify(s.values).slice(0, 300)}`,
    );
    assert(
      s.values.photo?.type === "image/png" && s.values.photo?.name === "door.png",
      "the photo is stored",
    );
    assert(String(s.values.signature).startsWith("data:image/png;base64,"), "the signature is stored");

    // The admin's web: the form's submissions, the detail with the photo and the signature.
    const desk = await context.newPage();
    await desk.setViewportSize({ width: 1440, height: 900 });
    await signInTo(desk, baseUrl, "admin@acme.demo", "/");
    await desk.goto(`${baseUrl}/forms`);
    const row = desk.locator(byTestId("table-row")).filter({ hasText: FORM });
    await row.locator(byTestId("row-action-submissions")).click();
    await desk.locator(byTestId("submissions")).waitFor();
    const listed = desk.locator(byTestId("table-row")).filter({ hasText: "E2E Forms Walker" });
    await listed.locator(byTestId("row-action-view")).click();
    const detail = desk.locator(byTestId("submission-detail"));
    await detail.locator(byTestId("submission-signature")).waitFor();
    await detail.locator(byTestId("submission-photo")).waitFor();
    const text = (await detail.textContent()) ?? "";
    for (const value of ["Door 3 sticks, hinge bent", "Damaged", "door.png", "E2E Forms Walker"])
      assert(text.includes(value), `detail shows ${value}`);
    await shot(desk, "56-web-submission");
    await desk.close();
    await page.close();
  } finally {
    await phone.close();
    await admin("DELETE", `${base}/forms/id/${form.id}`);
    await reseller("PUT", `resellers/id/${resellerId}/trackers/id/${device}/company`, { companyId: null });
    await reseller("DELETE", `resellers/id/${resellerId}/trackers/id/${device}`);
    await admin("DELETE", `${base}/persons/id/${person.id}`);
  }
}
