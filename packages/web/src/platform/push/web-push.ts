import { type PushSubscriptionInput, pushSubscriptionSchema } from "@vigia/domain";

/**
 * This browser's Web Push subscription: the service worker at /sw.js, the permission prompt and the push
 * service's subscription. The server only ever learns the endpoint and keys (sent by the caller through
 * the typed client); the private half stays in the browser.
 */

const WORKER_URL = "/sw.js";

export function pushSupported(): boolean {
  return (
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof window !== "undefined" &&
    "PushManager" in window &&
    "Notification" in window
  );
}

export function pushPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : "denied";
}

/** Why subscribing did not happen: the user said no, or the browser's push service refused. */
export class PushSetupError extends Error {
  constructor(readonly reason: "denied" | "failed") {
    super(reason);
  }
}

/** The VAPID key as the bytes `pushManager.subscribe` wants (it arrives base64url-encoded). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** The endpoint this browser is subscribed with, or null (no worker yet, or not subscribed). */
export async function currentEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/** Asks for permission, installs the worker and subscribes with the server's key. */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  if (!pushSupported()) throw new PushSetupError("failed");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushSetupError("denied");
  await navigator.serviceWorker.register(WORKER_URL, { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  } catch {
    throw new PushSetupError("failed");
  }
  const parsed = pushSubscriptionSchema.safeParse(subscription.toJSON());
  if (!parsed.success) throw new PushSetupError("failed");
  return parsed.data;
}

/** Ends this browser's subscription at the push service; returns the endpoint it had, for the server. */
export async function unsubscribeBrowser(): Promise<string | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
