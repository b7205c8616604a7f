// Alarm episodes end to end: a Teltonika vehicle drives over a speeding rule's limit, dips under it for less than
// the release time, peaks and slows down: one notice, updated with its top speed and end, and one mail; a new excess
// is a second notice and a second mail. An excess in buffered data (fixes older than the vehicle's newest, uploaded
// late) is recorded as a notice marked late, without a mail. The notice's window shows the episode and tags the
// buffered notice; the rule form shows the timings and the "notify for buffered data" option.
import { apiAs, assert, byTestId, ITEM_TYPE, shot, signInTo } from "../lib.mjs";
import { sendFixes } from "./09-alarms.mjs";

export const name = "alarm episodes: a speeding vehicle raises one notice per episode and one mail";

const RULE = "E2E speeding episodes";

/** Polls `check` (an async function returning a value or null) until it gives a value. */
async function until(check, what, timeoutMs = 45_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined) return value;
    assert(Date.now() < end, `timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function run({ context, baseUrl }) {
  const api = await apiAs(baseUrl, "admin@acme.demo");
  const me = (await api("GET", "current/user")).body;
  const base = `companies/id/${me.companyId ?? me.company?.id}`;
  const [trackers, inputs] = await Promise.all([
    api("GET", `${base}/trackers`),
    api("GET", `${base}/trackers/inputs`),
  ]);
  const teltonika = new Set(
    Object.values(inputs.body.types)
      .filter((t) => t.proto === "teltonika")
      .map((t) => t.id),
  );
  const vehicles = Object.values(trackers.body).filter(
    (d) => d.itemType === ITEM_TYPE.vehicle && teltonika.has(d.typeId),
  );
  const device = vehicles[1] ?? vehicles[0];
  assert(device, "a Teltonika vehicle exists in the demo");

  const created = await api("POST", `${base}/alarms`, {
    items: { itemsType: ITEM_TYPE.vehicle, vehicleIds: [device.itemId] },
    info: { name: RULE, priority: 3, family: 20, value: 90 },
    // One recipient, so one mail per notice.
    notification: {
      email: true,
      extUsers: [{ email: "episodes@e2e.test", smsPhone: "", language: "en", timezone: "Europe/Madrid" }],
    },
  });
  assert(created.status === 200, `rule created: ${created.status} ${JSON.stringify(created.body)}`);
  const ruleId = created.body.id;
  const notices = async () => {
    const r = await api("GET", `${base}/alarmlogs?from_ts=0&to_ts=${Date.now() + 86_400_000}`);
    // Live ones: the simulator's own fixes for this vehicle, older than the fixes sent here, are buffered data.
    return Object.values(r.body).filter((l) => l.info.alarmId === ruleId && !l.late);
  };
  const bufferedNotices = async (from, to) => {
    const r = await api("GET", `${base}/alarmlogs?from_ts=0&to_ts=${Date.now() + 86_400_000}`);
    return Object.values(r.body).filter(
      (l) => l.info.alarmId === ruleId && l.late && l.ts >= from && l.ts <= to,
    );
  };
  const mails = (list) => list.flatMap((l) => l.delivery.filter((d) => d.channel === "email")).length;
  // A mail names the place, which a fresh server's geocoder may take a while to load: the delivery record follows.
  const mailed = (count, what) =>
    until(
      async () => {
        const list = await notices();
        return list.every((l) => mails([l]) > 0) && list.length === count ? list : null;
      },
      what,
      90_000,
    );

  const page = await context.newPage();
  await signInTo(page, baseUrl, "admin@acme.demo", "/");

  // Fixes two hours ahead, 20 s apart, so the simulator's own fixes for this vehicle count as older and are ignored
  // (and no earlier scenario's). Over the limit, peaking at 120, under it for one fix, over again, then under.
  const t0 = Date.now() + 2 * 3_600_000;
  const speeds = [80, 104, 110, 120, 85, 100, 95, 70, 60, 50];
  await sendFixes(
    device.deviceId,
    speeds.map((spd, i) => ({ ts: t0 + i * 20_000, lat: 40.3 + i * 0.005, lng: -3.6, spd })),
  );
  const first = await until(async () => {
    const list = await notices();
    return list.length === 1 && list[0].data.episode?.end ? list : null;
  }, "the episode's notice to end");
  const [notice] = first;
  assert(notice.data.episode.maxSpeed === 120, `top speed 120: ${JSON.stringify(notice.data.episode)}`);
  assert(notice.data.episode.start === t0 + 20_000, "the episode starts at the first fix over the limit");
  assert(
    notice.data.episode.end === t0 + 7 * 20_000,
    "the episode ends at the first fix back under it for good",
  );
  const withMail = await mailed(1, "the first notice's mail");
  assert(mails(withMail) === 1, `one mail: ${mails(withMail)}`);

  // A new excess: a new episode, a second notice and a second mail.
  await sendFixes(
    device.deviceId,
    [101, 102, 103].map((spd, i) => ({ ts: t0 + (10 + i) * 20_000, lat: 40.35 + i * 0.005, lng: -3.6, spd })),
  );
  const both = await mailed(2, "the second episode's notice and mail");
  assert(mails(both) === 2, `two mails: ${mails(both)}`);

  // Buffered data: an excess half an hour before the vehicle's newest fix, uploaded after it. Judged in device-time
  // order on its own, recorded marked late, and (the rule does not opt in) notified to nobody.
  const past = t0 - 1_800_000;
  await sendFixes(
    device.deviceId,
    [100, 105, 110, 115, 70, 60, 50, 40].map((spd, i) => ({
      ts: past + i * 20_000,
      lat: 40.2 + i * 0.005,
      lng: -3.6,
      spd,
    })),
  );
  const buffered = await until(async () => {
    const late = await bufferedNotices(past, past + 8 * 20_000);
    return late.length === 1 ? late[0] : null;
  }, "the buffered excess's notice");
  assert(buffered.ts === past + 20_000, `the buffered notice has its device time: ${buffered.ts}`);
  assert(buffered.delivery.length === 0, `nothing sent for it: ${JSON.stringify(buffered.delivery)}`);
  assert((await notices()).length === 2, "the live notices are still the two episodes'");

  // The notice's window shows the episode.
  // A busy machine keeps the live map's page busy too: the click may take a while to be handled.
  await page.locator(byTestId("alarm-bell")).click({ timeout: 45_000 });
  // Newest first: the first episode's notice is the older of the rule's two live ones, once both are listed.
  const liveRows = page
    .locator(byTestId("alarm-row"))
    .filter({ hasText: RULE, hasNot: page.locator(byTestId("alarm-buffered")) });
  await page.waitForFunction(
    ([rule]) =>
      [...document.querySelectorAll('[data-testid="alarm-row"]')].filter(
        (row) => row.textContent.includes(rule) && !row.querySelector('[data-testid="alarm-buffered"]'),
      ).length >= 2,
    [RULE],
    { timeout: 45_000 },
  );
  await liveRows.last().locator("td").nth(2).click({ timeout: 45_000 });
  const episode = page.locator(byTestId("alarm-episode"));
  await episode.waitFor({ timeout: 45_000 });
  const text = await episode.textContent();
  assert(text.includes("120 km/h") && text.includes("2:00"), `episode line: ${text}`);
  await shot(page, "alarm-episodes-01-notice");

  // The notice window tags the buffered notice with its delay. Escape closed the notice and the window: open it again.
  await page.keyboard.press("Escape");
  await page.locator(byTestId("alarm-row")).first().waitFor({ state: "hidden", timeout: 45_000 });
  await page.locator(byTestId("alarm-bell")).click({ timeout: 45_000 });
  const tag = page
    .locator(byTestId("alarm-row"))
    .filter({ hasText: RULE })
    .locator(byTestId("alarm-buffered"))
    .first();
  await tag.waitFor({ timeout: 45_000 });
  await shot(page, "alarm-episodes-03-buffered-notice");

  // The rule form shows the family's timings.
  await page.keyboard.press("Escape");
  await page.goto(`${baseUrl}/alarms`);
  // A full load: the company's data comes first (slow on a busy machine).
  await page.locator(byTestId("loading-screen")).waitFor({ state: "detached", timeout: 60_000 });
  // The row's edit action (its last cell) opens the rule form.
  await page
    .locator("tr", { hasText: RULE })
    .locator("td")
    .last()
    .locator("button")
    .first()
    .click({ timeout: 45_000 });
  const timings = page.locator(byTestId("rule-episode"));
  await timings.waitFor({ timeout: 45_000 });
  const shown = await timings.textContent();
  assert(/10/.test(shown) && /30/.test(shown), `rule form shows the defaults: ${shown}`);
  await shot(page, "alarm-episodes-02-rule-form");
  // The option for buffered data, off by default, with its explanation, in the notification section.
  const option = page.locator(byTestId("rule-buffered"));
  if (!(await option.isVisible())) await page.locator(byTestId("rule-notification-section")).click();
  await option.waitFor({ timeout: 45_000 });
  await option.scrollIntoViewIfNeeded();
  assert(!(await option.isChecked()), "notify for buffered data is off by default");
  await shot(page, "alarm-episodes-04-rule-buffered-option");
}
