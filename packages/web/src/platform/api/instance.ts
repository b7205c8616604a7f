import { matchRoute } from "@vigia/domain";
import { ApiClient, type ClientHooks } from "./client.ts";

/**
 * The app's single API client. The session and shell plug their behaviour into `clientHooks` when they
 * mount; until then calls go out unauthenticated and failures are only logged.
 */
export const clientHooks: ClientHooks = {
  accessToken: () => null,
  onUnsubscribeScreen: () => matchRoute(window.location.pathname)?.key === "unsubscribe",
  unauthorized: () => undefined,
  restricted: () => undefined,
  failed: (error) => console.error(error),
  online: () => navigator.onLine,
};

export const api = new ApiClient("/fr/v1", {
  accessToken: () => clientHooks.accessToken(),
  onUnsubscribeScreen: () => clientHooks.onUnsubscribeScreen(),
  unauthorized: (description) => clientHooks.unauthorized(description),
  restricted: (kind) => clientHooks.restricted(kind),
  failed: (error) => clientHooks.failed(error),
  online: () => clientHooks.online(),
});
