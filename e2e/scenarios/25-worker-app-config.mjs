// Worker app configuration: an administrator sets the company's app settings on /appconfig (the Wi-Fi
// interval under 30 minutes cannot be saved); an app device fetches them with its id and key and is then shown
// updated. The device is removed again at the end.
import { apiAs, assert, byTestId, shot, signInTo } from "../lib.mjs";

export const name = "worker app configuration: edited by the administrator, fetched by the app with its key";

export async function run({ context, baseUrl }) {
  const reseller = await apiAs(baseUrl, "reseller@vigia.demo");
  const admin = await apiAs(baseUrl, "admin@acme.demo");
  const resellerId = (await reseller("GET", "current/user")).body.resellerId;
  const companyId = (await admin("GET", "current/user")).body.companyId;
  const created = await reseller("POST", `resellers/id/${resellerId}/trackers`, {
    deviceId: "e2e-worker-app",
    typeId: 5,
    key: "e2e-worker-app-key-0001",
  });
  assert(created.status === 200, `app device created: ${created.status}`);
  const device = created.body.id;
  const assigned = await reseller("PUT", `resellers/id/${resellerId}/trackers/id/${device}/company`, {
    companyId,
  });
  assert(assigned.status === 200, `app device assigned: ${assigned.status}`);
  try {
    const page = await context.newPage();
    await signInTo(page, baseUrl, "admin@acme.demo", "/");
    await page.goto(`${baseUrl}/appconfig`);
    await page.locator(byTestId("appconfig-fields")).waitFor();
    const wifi = page.locator(byTestId("appconfig-wifiInterval"));
    await wifi.fill("10");
    assert(
      await page.locator(byTestId("appconfig-save")).isDisabled(),
      "a Wi-Fi interval of 10 min cannot be saved",
    );
    await wifi.fill("45");
    await page.locator(byTestId("appconfig-save")).click();
    // The saved notice (the admin reads Spanish) says the company's settings are stored.
    await page.getByText("Ajustes de la app guardados").waitFor({ timeout: 15_000 });
    const fetched = await fetch(`${baseUrl}/fr/v1/device/appconfig`, {
      headers: {
        authorization: `Basic ${Buffer.from("e2e-worker-app:e2e-worker-app-key-0001").toString("base64")}`,
      },
    });
    assert(fetched.ok, `the app fetched its configuration: ${fetched.status}`);
    const wifiNow = (await fetched.json()).config.wifiInterval;
    assert(wifiNow === 45, `the app got the new Wi-Fi interval: ${wifiNow}`);
    const wrong = await fetch(`${baseUrl}/fr/v1/device/appconfig?id=e2e-worker-app&key=nope`);
    assert(wrong.status === 401, `a wrong key is refused: ${wrong.status}`);
    await page.reload();
    const row = page.locator('[data-device="e2e-worker-app"]');
    await row.waitFor();
    await shot(page, "worker-app-config");
    const state = (await admin("GET", `companies/id/${companyId}/appconfig`)).body.devices.find(
      (d) => d.id === device,
    )?.state;
    assert(state === "updated", `the device fetched its configuration: ${state}`);
    await page.close();
  } finally {
    await reseller("PUT", `resellers/id/${resellerId}/trackers/id/${device}/company`, { companyId: null });
    await reseller("DELETE", `resellers/id/${resellerId}/trackers/id/${device}`);
  }
}
