import {
  appConfigApi,
  type DeviceAppConfig,
  fillPath,
  type Ticket,
  type WorkerAck,
  type WorkerFix,
  type WorkerPairing,
  workerAppApi,
} from "@vigia/domain";

/** Where the platform's API answers, on the app's own origin (as for the web client). */
const API_BASE = "/fr/v1";

/** Why a call of the device API did not succeed: no network, the credential refused, or another answer. */
export class DeviceCallError extends Error {
  constructor(
    readonly kind: "offline" | "unauthorized" | "http",
    readonly status: number,
  ) {
    super(`${kind} ${status}`);
    this.name = "DeviceCallError";
  }
}

const authorization = (pairing: WorkerPairing) =>
  `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${pairing.deviceId}:${pairing.key}`)))}`;

async function call(pairing: WorkerPairing, method: string, path: string, body?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: {
        authorization: authorization(pairing),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new DeviceCallError("offline", 0);
  }
  if (response.status === 401) throw new DeviceCallError("unauthorized", 401);
  if (!response.ok) throw new DeviceCallError("http", response.status);
  const data: unknown = await response.json();
  return data;
}

/** The phone's effective configuration, fetched as its device (which also tells the platform it has it). */
export async function fetchDeviceConfig(pairing: WorkerPairing): Promise<DeviceAppConfig> {
  return appConfigApi.fetch.response.parse(await call(pairing, "GET", appConfigApi.fetch.path));
}

/** Uploads one batch; resolves with the server's acknowledgement once the batch is durable. */
export async function uploadFixes(pairing: WorkerPairing, fixes: WorkerFix[]): Promise<WorkerAck> {
  return workerAppApi.upload.response.parse(await call(pairing, "POST", workerAppApi.upload.path, { fixes }));
}

/** The open tickets linked to the phone's person. */
export async function fetchTickets(pairing: WorkerPairing): Promise<Ticket[]> {
  return workerAppApi.tickets.response.parse(await call(pairing, "GET", workerAppApi.tickets.path));
}

/** Adds a comment to one of them; answers the ticket as it now is. */
export async function commentTicket(pairing: WorkerPairing, id: number, text: string): Promise<Ticket> {
  const path = fillPath(workerAppApi.comment.path, { id });
  return workerAppApi.comment.response.parse(await call(pairing, "POST", path, { text }));
}
