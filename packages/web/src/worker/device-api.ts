import {
  appConfigApi,
  type DeviceAppConfig,
  type Form,
  fillPath,
  type ItineraryProgress,
  type StoredFile,
  type Submission,
  type Ticket,
  type WorkerAck,
  type WorkerFix,
  type WorkerPairing,
  type WorkerSubmissionInput,
  workerAppApi,
} from "@vigia/domain";
import { z } from "zod";

/** Where the platform's API answers, on the app's own origin (as for the web client). */
const API_BASE = "/fr/v1";

/** Why a call of the device API did not succeed: no network, the credential refused, or another answer. */
export class DeviceCallError extends Error {
  constructor(
    readonly kind: "offline" | "unauthorized" | "http",
    readonly status: number,
    /** The fields a refused request named, with their error keys (a 400 of the shared validation). */
    readonly fields: Record<string, string> = {},
  ) {
    super(`${kind} ${status}`);
    this.name = "DeviceCallError";
  }
}

const authorization = (pairing: WorkerPairing) =>
  `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${pairing.deviceId}:${pairing.key}`)))}`;

const errorFields = z.object({ fields: z.record(z.string(), z.string()) });

async function call(
  pairing: WorkerPairing,
  method: string,
  path: string,
  body?: unknown,
  raw?: { data: ArrayBuffer; type: string },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: {
        authorization: authorization(pairing),
        ...(raw ? { "content-type": raw.type || "application/octet-stream" } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: raw ? raw.data : body === undefined ? null : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new DeviceCallError("offline", 0);
  }
  if (response.status === 401) throw new DeviceCallError("unauthorized", 401);
  if (!response.ok) {
    const refused = errorFields.safeParse(await response.json().catch(() => null));
    throw new DeviceCallError("http", response.status, refused.success ? refused.data.fields : {});
  }
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

/** Today's itineraries of the phone's item, each waypoint with its planned time and how far it went. */
export async function fetchItinerary(pairing: WorkerPairing): Promise<ItineraryProgress[]> {
  return workerAppApi.itinerary.response.parse(await call(pairing, "GET", workerAppApi.itinerary.path));
}

/** Adds a comment to one of them; answers the ticket as it now is. */
export async function commentTicket(pairing: WorkerPairing, id: number, text: string): Promise<Ticket> {
  const path = fillPath(workerAppApi.comment.path, { id });
  return workerAppApi.comment.response.parse(await call(pairing, "POST", path, { text }));
}

/** The active forms assigned to the phone's item. */
export async function fetchForms(pairing: WorkerPairing): Promise<Form[]> {
  return workerAppApi.forms.response.parse(await call(pairing, "GET", workerAppApi.forms.path));
}

/** Stores a photo in the company's file store; its reference goes into the submission. */
export async function uploadPhoto(
  pairing: WorkerPairing,
  photo: { name: string; type: string; data: ArrayBuffer },
): Promise<StoredFile> {
  const query = new URLSearchParams({ name: photo.name, kind: "photo" });
  const path = `${workerAppApi.file.path}?${query.toString()}`;
  return workerAppApi.file.response.parse(await call(pairing, "POST", path, undefined, photo));
}

/** Submits a form; the same client id sent again answers the submission already stored. */
export async function submitForm(
  pairing: WorkerPairing,
  formId: number,
  body: WorkerSubmissionInput,
): Promise<Submission> {
  const path = fillPath(workerAppApi.submit.path, { id: formId });
  return workerAppApi.submit.response.parse(await call(pairing, "POST", path, body));
}
