/** Generated fleets for load runs: deterministic IMEIs and a fixed protocol/kind mix. */
import type { SimDevice } from "./simulation.ts";

export type Protocol = SimDevice["protocol"];
/** The default mix of a load run. */
export const PROTOCOLS: readonly Protocol[] = ["teltonika", "gt06", "osmand"];
/** Every protocol the simulator speaks. */
export const ALL_PROTOCOLS: readonly Protocol[] = [
  ...PROTOCOLS,
  "h02",
  "gps103",
  "tk103",
  "watch",
  "wialon",
  "gl200",
  "meitrack",
  "suntech",
  "ruptela",
  "galileosky",
  "topflytech",
  "jt808",
  "egts",
  "cellocator",
  "atrack",
  "eelink",
  "navtelecom",
  "calamp",
];

/** IMEIs are the prefix followed by the zero-padded index, 15 digits in all. */
export function makeDevices<P extends Protocol>(
  count: number,
  protocols: readonly P[],
  imeiPrefix: string,
): (SimDevice & { protocol: P })[] {
  const width = 15 - imeiPrefix.length;
  if (width < String(Math.max(0, count - 1)).length)
    throw new Error(`--imei-prefix too long for ${count} devices`);
  return Array.from({ length: count }, (_, i) => {
    const protocol = protocols[i % protocols.length]!;
    // Phones are people; of the trackers, one in ten sits on an asset (trailer, container).
    const kind =
      protocol === "osmand" || protocol === "watch"
        ? "person"
        : Math.floor(i / protocols.length) % 10 === 9
          ? "asset"
          : "vehicle";
    return { imei: imeiPrefix + String(i).padStart(width, "0"), protocol, kind };
  });
}
