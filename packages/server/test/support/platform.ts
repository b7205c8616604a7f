import { randomBytes } from "node:crypto";
import { protocols } from "@vigia/protocols";
import pg from "pg";
import { type Platform, type PlatformOptions, startPlatform } from "../../src/app/platform.ts";
import { ManualClock, readConfig } from "../../src/kernel/config.ts";

/** Thursday 2026-01-15 09:00 UTC (10:00 in Madrid): the fixed "now" every API test starts from. */
export const TEST_START = Date.UTC(2026, 0, 15, 9, 0, 0);
export const DEMO_PASSWORD = "Demo1234";

export interface TestPlatform extends Platform {
  clock: ManualClock;
  api: ApiClient;
}

/**
 * Starts the real server on an ephemeral port with the demo seeded: embedded PGlite in memory by default,
 * or a fresh schema on the PostgreSQL server named by DATABASE_URL (dropped again on close).
 */
/**
 * Every device listener on a port the system picks, so test files running side by side (and child servers) never
 * collide on a protocol's default port; a test sets the few it connects to after this.
 */
export function devicePortsPicked(): Record<string, string> {
  return Object.fromEntries(Object.keys(protocols).map((name) => [`${name.toUpperCase()}_PORT`, "0"]));
}

export async function startTestPlatform(
  env: Record<string, string> = {},
  options: Pick<PlatformOptions, "journalIo"> = {},
): Promise<TestPlatform> {
  const clock = new ManualClock(TEST_START);
  const databaseUrl = process.env.DATABASE_URL ?? "";
  const schema = databaseUrl ? `vigia_test_${randomBytes(6).toString("hex")}` : "";
  const config = readConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    VIGIA_DATA_DIR: "memory",
    VIGIA_DEMO: "1",
    VIGIA_GATEWAY: "0",
    VIGIA_SIMULATE: "0",
    VIGIA_WEB_DIST: "/nonexistent",
    DATABASE_URL: databaseUrl,
    ...devicePortsPicked(),
    ...(schema ? { VIGIA_DB_SCHEMA: schema } : {}),
    ...env,
  });
  const platform = await startPlatform(config, {
    clock,
    logLevel: "silent",
    trustProxy: true,
    ownerTimers: false,
    ...options,
  });
  return {
    ...platform,
    clock,
    api: new ApiClient(platform.url),
    close: async () => {
      await platform.close();
      if (schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
    },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
}

export interface LoginResult {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  osmTilesUrl: string;
  initTs: number;
}

/** A thin fetch wrapper: the tests speak HTTP to the running server exactly as the web client does. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${this.baseUrl}/fr/v1/${path.replace(/^\//, "")}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  get<T = unknown>(path: string, token?: string, headers?: Record<string, string>) {
    return this.request<T>("GET", path, { token, headers });
  }
  post<T = unknown>(path: string, body: unknown, token?: string, headers?: Record<string, string>) {
    return this.request<T>("POST", path, { token, body, headers });
  }
  put<T = unknown>(path: string, body: unknown, token?: string) {
    return this.request<T>("PUT", path, { token, body });
  }

  login(username: string, password = DEMO_PASSWORD, headers?: Record<string, string>) {
    return this.post<LoginResult & { description?: string }>(
      "auth/login",
      { username, password },
      undefined,
      headers,
    );
  }

  /** Signs in and returns the access token, failing loudly if sign-in does not succeed. */
  async token(username: string, password = DEMO_PASSWORD): Promise<string> {
    const response = await this.login(username, password);
    if (response.status !== 200)
      throw new Error(`login ${username} failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.accessToken;
  }
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  description: string;
  fields?: Record<string, string>;
}

/**
 * The protocol of a device's declared type: what a test hands the processor for that device, which refuses a
 * frame of another protocol than the device's type.
 */
export async function protocolOf(platform: Platform, imei: string): Promise<string> {
  return (await platform.services.registry.lookup(imei))?.protocol ?? "osmand";
}
