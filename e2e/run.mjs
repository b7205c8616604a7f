#!/usr/bin/env node
// Browser tests: builds the web, starts a server on a fresh data dir and a free port, runs every
// scenario in e2e/scenarios/ in a headless Debian Chromium of its own, then prints "e2e: N passed, M failed".
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { SCREENSHOT_DIR } from "./lib.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const scenarioDir = join(root, "e2e", "scenarios");
const only = process.argv[2]; // optional: run scenarios whose file name contains this text

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become healthy in time");
}

function build() {
  console.log("e2e: building the web app");
  const result = spawnSync("npm", ["run", "build", "-w", "@vigia/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("web build failed");
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), "vigia-e2e-"));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const logs = [];
  // Scenarios that act as devices (alarms, staleness) read the gateway ports from the environment.
  process.env.TELTONIKA_PORT = String(await freePort());
  process.env.OSMAND_PORT = String(await freePort());
  const server = spawn(process.execPath, ["packages/server/bin/vigia.mjs", "start"], {
    cwd: root,
    // Device ports are free ones too, so a platform already running on this machine does not collide.
    env: {
      ...process.env,
      VIGIA_DATA_DIR: dataDir,
      PORT: String(port),
      TELTONIKA_PORT: process.env.TELTONIKA_PORT,
      GT06_PORT: String(await freePort()),
      OSMAND_PORT: process.env.OSMAND_PORT,
      // Wall time plus an offset scenarios move forward (POST /test/clock/advance), so that a device can go
      // silent for minutes without the test waiting for them. Only ever set here, never in production.
      VIGIA_TEST_CLOCK: "manual",
      // A week of demo history is enough for the report and dashboard scenarios and keeps its background load
      // short on a 2-core CI machine.
      VIGIA_DEMO_HISTORY_DAYS: process.env.VIGIA_DEMO_HISTORY_DAYS ?? "7",
      // The other protocols' listeners on ports the system picks (the demo simulator reads them back).
      H02_PORT: "0",
      GPS103_PORT: "0",
      TK103_PORT: "0",
      WATCH_PORT: "0",
      WIALON_PORT: "0",
      GL200_PORT: "0",
      MEITRACK_PORT: "0",
      SUNTECH_PORT: "0",
      RUPTELA_PORT: "0",
      GALILEOSKY_PORT: "0",
      TOPFLYTECH_PORT: "0",
      CALAMP_PORT: "0",
      JT808_PORT: "0",
      EGTS_PORT: "0",
      CELLOCATOR_PORT: "0",
      ATRACK_PORT: "0",
      EELINK_PORT: "0",
      NAVTELECOM_PORT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout.on("data", (d) => logs.push(String(d)));
  server.stderr.on("data", (d) => logs.push(String(d)));
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    console.error(logs.join("").slice(-4000));
    server.kill("SIGTERM");
    throw error;
  }
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => {
        const timer = setTimeout(() => {
          server.kill("SIGKILL");
          r();
        }, 10_000);
        server.once("exit", () => {
          clearTimeout(timer);
          r();
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, stop, logs };
}

async function loadScenarios() {
  const files = readdirSync(scenarioDir)
    .filter((f) => f.endsWith(".mjs") && (!only || f.includes(only)))
    .sort();
  const scenarios = [];
  for (const file of files) {
    const mod = await import(pathToFileURL(join(scenarioDir, file)).href);
    scenarios.push({ file, name: mod.name ?? file, run: mod.run });
  }
  return scenarios;
}

/**
 * Rejects when `promise` has not settled within `ms`: a hung browser call (a context that never closes, a page that
 * never opens) fails its scenario instead of holding the whole CI run until its global limit.
 */
function withTimeout(promise, ms, what) {
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/** The longest a scenario may run (the slowest take about a minute on a loaded 2-core machine). */
const SCENARIO_TIMEOUT_MS = 5 * 60_000;

const launchBrowser = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });

/**
 * One scenario in a browser of its own: nothing a scenario leaves behind (service workers, storage, a renderer
 * that stopped answering) reaches the next, and a browser that hangs on closing is left behind, not waited for.
 */
async function runScenario(scenario, baseUrl) {
  const browser = await withTimeout(launchBrowser(), 60_000, "launching Chromium");
  const context = await browser.newContext({
    viewport: { width: 1366, height: 820 },
    locale: "es-ES",
    // No transitions: screenshots show settled screens.
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(15_000);
  // The server's Content-Security-Policy must let the app (map workers, tiles, live channel) work:
  // any violation the browser reports fails the scenario.
  const violations = [];
  context.on("page", (page) =>
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    }),
  );
  const started = Date.now();
  try {
    await withTimeout(scenario.run({ context, baseUrl }), SCENARIO_TIMEOUT_MS, `scenario ${scenario.file}`);
    if (violations.length > 0) throw new Error(`CSP violations: ${violations.slice(0, 3).join(" | ")}`);
    console.log(`  ok   ${scenario.name} (${Date.now() - started} ms)`);
    return true;
  } catch (error) {
    console.log(`  FAIL ${scenario.name}: ${error instanceof Error ? error.message : error}`);
    // What the browser showed when it failed, for whoever reads the CI log next.
    for (const [i, page] of context.pages().entries()) {
      await withTimeout(
        page.screenshot({ path: join(SCREENSHOT_DIR, `failed-${scenario.file}-${i}.png`) }),
        20_000,
        "a screenshot",
      ).catch(() => undefined);
      console.log(`       page ${i}: ${page.url()}`);
    }
    return false;
  } finally {
    await withTimeout(browser.close(), 30_000, "closing Chromium").catch((error) =>
      console.log(`       ${error.message}: left behind`),
    );
  }
}

async function main() {
  build();
  const { baseUrl, stop, logs } = await startServer();
  let passed = 0;
  let failed = 0;
  try {
    for (const scenario of await loadScenarios()) {
      if (
        await runScenario(scenario, baseUrl).catch((error) => {
          console.log(`  FAIL ${scenario.name}: ${error instanceof Error ? error.message : error}`);
          return false;
        })
      )
        passed++;
      else failed++;
    }
  } finally {
    await stop();
  }
  if (failed > 0 && process.env.E2E_SERVER_LOG) console.log(logs.join("").slice(-8000));
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  console.log("e2e: 0 passed, 1 failed");
  process.exit(1);
});
