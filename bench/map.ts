/**
 * map: the live map in headless Chromium (WebGL through the software renderer) with 20,000 items
 * (BENCH_MAP_ITEMS) each moving once per second. Positions are published on the live bus of a real server,
 * so they cross the real hub, WebSocket and browser worker; the ingest path is measured by `ingest`.
 * Turns on the app's debug mode (packages/web/README.md) and reads window.vigiaDebug.mapStats: main-thread
 * ms per applied batch (p50, p95), time from a batch applied to the map drawn (p95), and frames per second.
 * Prints one JSON line.
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ITEM_TYPE } from "@vigia/domain";
import { chromium } from "playwright-core";
import type { LiveMessage } from "../packages/server/src/live/index.ts";
import { type BenchDevice, createBenchFleet, percentile, round, startBenchPlatform } from "./support.ts";

const ITEMS = Number(process.env.BENCH_MAP_ITEMS ?? 20_000);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 10);
const MEASURE_S = Number(process.env.BENCH_MEASURE ?? 20);
const webDist = fileURLToPath(new URL("../packages/web/dist", import.meta.url));
if (!existsSync(`${webDist}/index.html`)) execSync("npm run build -w @vigia/web", { stdio: "ignore" });

const platform = await startBenchPlatform(null, { webDist });
const devices: BenchDevice[] = Array.from({ length: ITEMS }, (_, i) => ({
  imei: `87${String(i).padStart(13, "0")}`,
  protocol: "teltonika",
  kind: "vehicle",
}));
const companyId = await createBenchFleet(platform.ctx.db, devices);
// A bench administrator signs in through the real login screen.
await platform.ctx.db.query(
  `insert into users (email, password_hash, first_name, last_name, role, company_id, password_changed_ts, created_ts, updated_ts)
   select 'bench@vigia.demo', password_hash, 'Bench', 'Admin', 'ADMIN', $1, created_ts, created_ts, created_ts
   from users where email = 'admin@acme.demo'`,
  [companyId],
);
const vehicles = await platform.ctx.db.query<{ id: number; group_id: number }>(
  "select id, group_id from vehicles where company_id = $1 order by id",
  [companyId],
);

// Items spread over a city-sized area, each drifting on its own heading.
const state = vehicles.map((v, i) => ({
  id: v.id,
  groupId: v.group_id,
  lat: 40.3 + (i % 200) * 0.0012,
  lng: -3.85 + Math.floor(i / 200) * 0.003,
  course: (i * 37) % 360,
}));
// Each item starts with one committed position, so the map's bindCompany snapshot holds all of them.
const deviceOf = new Map(
  (
    await platform.ctx.db.query<{ id: number; item_id: number }>(
      "select id, item_id from devices where company_id = $1 and item_type = $2",
      [companyId, ITEM_TYPE.vehicle],
    )
  ).map((d) => [d.item_id, d.id]),
);
const started = Date.now();
const deviceRowId = (vehicleId: number): number => {
  const id = deviceOf.get(vehicleId);
  if (id === undefined) throw new Error(`bench vehicle ${vehicleId} has no device`);
  return id;
};
await platform.services.live.applyCommitted(
  state.map((s) => ({
    binding: {
      deviceRowId: deviceRowId(s.id),
      companyId,
      itemType: 1,
      itemId: s.id,
      groupId: s.groupId,
      odometerSource: 3,
      initialMileageKm: 0,
    },
    position: {
      ts: started,
      lat: s.lat,
      lng: s.lng,
      alt: 650,
      spd: 0,
      course: s.course,
      satt: 9,
      valid: true,
      src: 1,
      attributes: {},
    },
    receivedTs: started,
  })),
);
let tick = 0;
const publish = () => {
  tick += 1;
  const now = Date.now();
  const messages: LiveMessage[] = state.map((s) => {
    const rad = (s.course * Math.PI) / 180;
    s.lat += Math.cos(rad) * 0.00008;
    s.lng += Math.sin(rad) * 0.0001;
    if (tick % 30 === 0) s.course = (s.course + 90) % 360;
    return {
      itemType: 1,
      itemId: s.id,
      groupId: s.groupId,
      message: {
        type: "vPos",
        data: {
          id: s.id,
          pos: {
            ts: now,
            receivedTs: now,
            lat: s.lat,
            lng: s.lng,
            alt: 650,
            spd: 35,
            course: s.course,
            satt: 9,
            valid: true,
            src: 1,
          },
          motion: "moving",
          ignition: true,
          since: now - 60_000,
        },
      },
    };
  });
  platform.services.live.publish(companyId, messages);
};

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--use-gl=swiftshader",
    "--enable-unsafe-swiftshader",
  ],
});
try {
  // The harness samples the page with injected scripts passed as text, which the app's Content-Security-Policy
  // (no eval) rightly refuses; the bench measures the map, so its own page lets the harness in.
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 }, bypassCSP: true });
  // Debug mode publishes the map's figures on window.vigiaDebug; it is off unless this flag is set.
  await page.addInitScript("localStorage.setItem('vigia.debug', '1')");
  await page.goto(`${platform.url}/login`);
  await page.locator('[data-testid="login-username"]').fill("bench@vigia.demo");
  await page.locator('[data-testid="login-password"]').fill("Demo1234");
  await page.locator('[data-testid="login-submit"]').click();
  await page.waitForFunction("window.location.pathname === '/'", undefined, { timeout: 60_000 });
  await page.waitForFunction("window.vigiaDebug?.mapStats !== undefined", undefined, { timeout: 60_000 });
  const timer = setInterval(publish, 1000);
  await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
  // Frames per second and batch-to-draw delay, sampled inside the page.
  // Page scripts are passed as text: the TypeScript loader would otherwise inject helpers the page lacks.
  await page.evaluate(`(() => {
    window.__benchFrames = [];
    window.__benchDraw = [];
    let lastApplied = 0;
    const frame = (t) => {
      window.__benchFrames.push(t);
      const stats = window.vigiaDebug.mapStats;
      if (stats.lastAppliedAt !== lastApplied && stats.lastRenderedAt >= stats.lastAppliedAt) {
        window.__benchDraw.push(stats.lastRenderedAt - stats.lastAppliedAt);
        lastApplied = stats.lastAppliedAt;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })()`);
  const batchesBefore = (await page.evaluate("window.vigiaDebug.mapStats.batches")) as number;
  await new Promise((resolve) => setTimeout(resolve, MEASURE_S * 1000));
  clearInterval(timer);
  const figures = (await page.evaluate(
    "({ frames: window.__benchFrames, draw: window.__benchDraw, stats: window.vigiaDebug.mapStats })",
  )) as { frames: number[]; draw: number[]; stats: { batches: number; applyMs: number[]; items: number } };
  const frames = figures.frames;
  const seconds = frames.length > 1 ? (frames[frames.length - 1]! - frames[0]!) / 1000 : MEASURE_S;
  const batches = figures.stats.batches - batchesBefore;
  const apply = figures.stats.applyMs.slice(-Math.max(1, batches)).sort((a, b) => a - b);
  const draw = [...figures.draw].sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bench: "map",
      items: ITEMS,
      itemsInStore: figures.stats.items,
      batches,
      applyMsP50: round(percentile(apply, 50), 2),
      applyMsP95: round(percentile(apply, 95), 2),
      drawnAfterBatchMsP95: round(percentile(draw, 95), 1),
      fps: round(frames.length / seconds, 1),
    }),
  );
} finally {
  await browser.close();
  await platform.dispose();
}
process.exit(0);
