// Cameras and event media: a vehicle with a dash cam gets a photo from its device (POST /device/media
// with the device's id and key); the vehicle's map panel shows the photo's thumbnail, which opens full size,
// and the camera's HLS stream opens in the panel's player. Everything made here is removed at the end.
import { apiAs, assert, byTestId, ITEM_TYPE, shot, signInTo } from "../lib.mjs";

export const name = "cameras and event media: a device's photo and the HLS player in the vehicle panel";

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5f7a8a10000000049454e44ae426082",
  "hex",
);

export async function run({ context, baseUrl }) {
  const reseller = await apiAs(baseUrl, "reseller@vigia.demo");
  const admin = await apiAs(baseUrl, "admin@acme.demo");
  const resellerId = (await reseller("GET", "current/user")).body.resellerId;
  const companyId = (await admin("GET", "current/user")).body.companyId;
  const base = `companies/id/${companyId}`;
  const group = Object.values((await admin("GET", `${base}/groups`)).body)[0];
  const vehicle = await admin("POST", `${base}/vehicles`, {
    plate: "0027-CAM",
    name: "E2E camera van",
    type: "van",
    group: group.id,
  });
  assert(vehicle.status === 200, `vehicle created: ${vehicle.status} ${JSON.stringify(vehicle.body)}`);
  const created = await reseller("POST", `resellers/id/${resellerId}/trackers`, {
    deviceId: "350000099990027",
    typeId: 1,
    key: "e2e-camera-device-key-01",
  });
  assert(created.status === 200, `device created: ${created.status} ${JSON.stringify(created.body)}`);
  const device = created.body.id;
  try {
    const assigned = await reseller("PUT", `resellers/id/${resellerId}/trackers/id/${device}/company`, {
      companyId,
    });
    assert(assigned.status === 200, `device assigned: ${assigned.status}`);
    const onItem = await admin("PUT", `${base}/trackers/id/${device}/item`, {
      itemType: ITEM_TYPE.vehicle,
      itemId: vehicle.body.id,
    });
    assert(onItem.status === 200, `device on the vehicle: ${onItem.status}`);
    const camera = await admin("POST", `${base}/cameras`, {
      name: "E2E dash cam",
      type: "dashcam",
      vehicleId: vehicle.body.id,
      streamUrl: `${baseUrl}/e2e/live.m3u8`,
      snapshotUrl: "",
    });
    assert(camera.status === 200, `camera created: ${camera.status}`);

    const refused = await fetch(`${baseUrl}/fr/v1/device/media?id=350000099990027&key=wrong`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: PNG,
    });
    assert(refused.status === 401, `a wrong key is refused: ${refused.status}`);
    const uploaded = await fetch(`${baseUrl}/fr/v1/device/media?event=harsh%20braking&name=front.png`, {
      method: "POST",
      headers: {
        "content-type": "application/octet-stream",
        authorization: `Basic ${Buffer.from("350000099990027:e2e-camera-device-key-01").toString("base64")}`,
      },
      body: PNG,
    });
    assert(uploaded.status === 200, `the device's photo is stored: ${uploaded.status}`);

    const page = await context.newPage();
    await signInTo(page, baseUrl, "admin@acme.demo", "/");
    await page.locator(byTestId("live-map")).waitFor();
    await page.locator(`[data-testid="map-row-v:${vehicle.body.id}"]`).click();
    await page.locator(byTestId("map-detail")).waitFor();
    const thumb = page.locator(`${byTestId("map-detail")} ${byTestId("event-media-thumb")}`);
    await thumb.waitFor({ timeout: 15_000 });
    await thumb.click();
    const photo = page.locator(byTestId("event-media-photo"));
    await photo.waitFor({ timeout: 15_000 });
    assert(
      (await photo.getAttribute("src"))?.startsWith("blob:"),
      "the photo is shown from the fetched bytes",
    );
    await shot(page, "event-media-photo");
    await page.keyboard.press("Escape");
    await photo.waitFor({ state: "detached" });

    await page.locator(byTestId("camera-watch")).click();
    const video = page.locator(byTestId("camera-stream"));
    await video.waitFor();
    assert((await video.evaluate((v) => v.tagName)) === "VIDEO", "the stream plays in a video element");
    // The address is no real stream: the player says so instead of staying black.
    await page.locator(byTestId("camera-stream-error")).waitFor({ timeout: 20_000 });
    await shot(page, "camera-stream");
    await admin("DELETE", `${base}/cameras/id/${camera.body.id}`);
  } finally {
    await reseller("DELETE", `resellers/id/${resellerId}/trackers/id/${device}`);
    await admin("DELETE", `${base}/vehicles/id/${vehicle.body.id}`);
  }
}
