import { EgressError, type EgressGuard } from "../kernel/egress.ts";

/**
 * Checks a WMS layer before it is stored: the server asks the service for its capabilities with a short timeout,
 * so a mistyped URL or a dead service is reported to the user ("WMS layers not inserted") instead of leaving a
 * layer that silently never draws. Returns null when usable, else an error key. The request goes through the
 * egress guard: a refused address, a closed port and a dead host all answer `wms.unreachable`.
 */
export type WmsCheckError = "wms.unreachable" | "wms.notWms" | "wms.layerUnknown";

const MAX_BODY = 8 * 1024 * 1024;

export function capabilitiesUrl(url: string): string {
  const u = new URL(url);
  const keys = new Set([...u.searchParams.keys()].map((k) => k.toLowerCase()));
  if (!keys.has("service")) u.searchParams.set("SERVICE", "WMS");
  if (!keys.has("request")) u.searchParams.set("REQUEST", "GetCapabilities");
  return u.toString();
}

export async function checkWmsLayer(
  egress: EgressGuard,
  url: string,
  name: string,
  timeoutMs = 4000,
): Promise<WmsCheckError | null> {
  let text: string;
  try {
    const response = await egress.fetch(capabilitiesUrl(url), { timeoutMs, maxBytes: MAX_BODY });
    if (response.status < 200 || response.status > 299) return "wms.unreachable";
    text = response.text();
  } catch (error) {
    if (error instanceof EgressError || error instanceof TypeError) return "wms.unreachable";
    throw error;
  }
  if (!/<(\w+:)?(WMS_Capabilities|WMT_MS_Capabilities)\b/.test(text)) return "wms.notWms";
  const names = new Set(
    [...text.matchAll(/<(?:\w+:)?Name>\s*([^<]+?)\s*<\/(?:\w+:)?Name>/g)].map((m) => m[1]),
  );
  // A layer name may list several layers separated by commas (LAYERS=a,b); each must be offered.
  const wanted = name.split(",").map((n) => n.trim());
  return wanted.every((n) => names.has(n)) ? null : "wms.layerUnknown";
}
