import { vi } from "vitest";
import { ApiClient, type ClientHooks } from "../platform/api/client.ts";

/** The hooks of a signed-in client that is online; the failure hooks are spies to assert on. */
export function testClientHooks(overrides: Partial<ClientHooks> = {}): ClientHooks {
  return {
    accessToken: () => "tok",
    onUnsubscribeScreen: () => false,
    unauthorized: vi.fn(),
    restricted: vi.fn(),
    failed: vi.fn(),
    online: () => true,
    ...overrides,
  };
}

/** A client whose every request gets `response` (or fails with the error, as a network failure does). */
export function testApiClient(response: Response | Error, h: ClientHooks = testClientHooks()) {
  const fetchFn = vi.fn(async (_url: string, _init: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  return { api: new ApiClient("/fr/v1", h, fetchFn), fetchFn, h };
}
