import { chromium } from "playwright-core";
import { byTestId, signInTo } from "./lib.mjs";

const base = process.env.BASE ?? "http://127.0.0.1:18107";
const which = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
for (const width of [1440, 390]) {
  const ctx = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 900 },
    locale: "en-GB",
    reducedMotion: "reduce",
  });
  const page = await ctx.newPage();
  await page.addInitScript(() => localStorage.setItem("i18nextLng", "en"));
  await signInTo(page, base, "admin@acme.demo", "/");
  await page.waitForTimeout(6000);
  await page.screenshot({ path: `/tmp/fd/shots/map-${width}.png` });
  if (which.includes("detail")) {
    const row = page.locator('[data-testid^="map-row-v:"]').first();
    if (await row.count()) {
      await row.click();
      await page.waitForTimeout(2500);
    }
    await page.screenshot({ path: `/tmp/fd/shots/detail-${width}.png` });
    const follow = page.locator(byTestId("map-detail-follow"));
    if (await follow.count()) {
      await follow.click();
      await page.waitForTimeout(3000);
    }
    await page.screenshot({ path: `/tmp/fd/shots/follow-${width}.png` });
  }
  if (which.includes("sensors")) {
    await page.goto(`${base}/sensors`);
    await page.locator(byTestId("sensor-settings")).waitFor({ timeout: 15000 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/fd/shots/sensors-${width}.png` });
  }
  await ctx.close();
}
await browser.close();
