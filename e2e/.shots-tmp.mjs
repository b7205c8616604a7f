import { chromium } from "playwright-core";
import { byTestId, signInTo } from "./lib.mjs";
const base = process.env.BASE ?? "http://127.0.0.1:18163";
const lang = process.env.LANG_UI ?? "en";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const out = (n) => `/tmp/fd/shots/${n}.png`;
for (const width of [1440, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, reducedMotion: "reduce" });
  const page = await ctx.newPage();
  await page.addInitScript((l) => localStorage.setItem("vigia.language", l), lang);
  await signInTo(page, base, "admin@acme.demo", "/");
  await page.waitForTimeout(5000);
  await page.locator(byTestId("map-status-moving")).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: out(`filter-${width}`) });
  await page.locator('[data-testid^="map-row-v:"]').first().click();
  await page.waitForTimeout(2500);
  const tech = page.locator(byTestId("map-sensors-technical"));
  if (await tech.count()) { await tech.locator("summary").click(); await tech.scrollIntoViewIfNeeded(); }
  await page.waitForTimeout(500);
  await page.screenshot({ path: out(`detail-${width}`) });
  if (width === 1440) {
    await page.locator(byTestId("map-detail-follow")).click();
    await page.waitForTimeout(4000);
    await page.screenshot({ path: out(`follow-${width}`) });
  }
  await page.goto(`${base}/sensors`);
  await page.locator(byTestId("sensor-settings")).waitFor({ timeout: 15000 });
  await page.waitForTimeout(600);
  await page.screenshot({ path: out(`sensors-${width}`) });
  await page.goto(`${base}/geozones`);
  await page.locator(byTestId("new-circle")).click().catch(() => undefined);
  await page.waitForTimeout(1500);
  const canvas = page.locator("canvas").first();
  const box = await canvas.boundingBox().catch(() => null);
  if (box) { await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.5); }
  await page.waitForTimeout(1000);
  await page.screenshot({ path: out(`circle-${width}`) });
  await ctx.close();
  const ctx2 = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, reducedMotion: "reduce" });
  const p2 = await ctx2.newPage();
  await p2.addInitScript((l) => localStorage.setItem("vigia.language", l), lang);
  await signInTo(p2, base, "operator@acme.demo", "/");
  await p2.goto(`${base}/users`);
  await p2.locator(byTestId("login-signed-out")).waitFor({ timeout: 15000 });
  await p2.screenshot({ path: out(`signedout-${width}`) });
  await ctx2.close();
}
await browser.close();
