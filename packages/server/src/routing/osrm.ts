import { z } from "zod";
import type { EgressGuard } from "../kernel/egress.ts";

type Point = { lat: number; lng: number };

const tableSchema = z.object({
  code: z.string(),
  durations: z.array(z.array(z.number().nullable())).optional(),
  distances: z.array(z.array(z.number().nullable())).optional(),
});

const routeSchema = z.object({
  code: z.string(),
  routes: z
    .array(
      z.object({
        distance: z.number(),
        duration: z.number(),
        geometry: z.object({ coordinates: z.array(z.tuple([z.number(), z.number()])) }),
      }),
    )
    .optional(),
});

const coords = (points: Point[]) => points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(";");

/**
 * The OSRM HTTP API (v1, "driving" profile) as OSRM, Valhalla's and GraphHopper's OSRM-compatible endpoints
 * answer it: `table` for the time from many vehicles to one point, `route` for the line to draw. Reached through
 * the egress guard, like every outside URL.
 */
export class OsrmClient {
  constructor(
    private readonly baseUrl: string,
    private readonly egress: EgressGuard,
  ) {}

  private async get(path: string): Promise<unknown> {
    const url = new URL(path, this.baseUrl.endsWith("/") ? this.baseUrl : `${this.baseUrl}/`);
    const response = await this.egress.fetch(url, { timeoutMs: 8000, maxBytes: 8 * 1024 * 1024 });
    if (response.status < 200 || response.status > 299) throw new Error(`router answered ${response.status}`);
    return JSON.parse(response.text());
  }

  /** Driving time (s) and road distance (m) from each source to the destination; null where no route. */
  async toPoint(
    sources: Point[],
    destination: Point,
  ): Promise<{ durationS: number | null; roadM: number | null }[]> {
    const all = [...sources, destination];
    const sourceIdx = sources.map((_, i) => i).join(";");
    const answer = tableSchema.parse(
      await this.get(
        `table/v1/driving/${coords(all)}?sources=${sourceIdx}&destinations=${sources.length}&annotations=duration,distance`,
      ),
    );
    if (answer.code !== "Ok" || !answer.durations) throw new Error(`router table: ${answer.code}`);
    return sources.map((_, i) => ({
      durationS: answer.durations?.[i]?.[0] ?? null,
      roadM: answer.distances?.[i]?.[0] ?? null,
    }));
  }

  async route(
    from: Point,
    to: Point,
  ): Promise<{ distanceM: number; durationS: number; coordinates: [number, number][] }> {
    const answer = routeSchema.parse(
      await this.get(`route/v1/driving/${coords([from, to])}?overview=full&geometries=geojson`),
    );
    const route = answer.routes?.[0];
    if (answer.code !== "Ok" || !route) throw new Error(`router route: ${answer.code}`);
    return { distanceM: route.distance, durationS: route.duration, coordinates: route.geometry.coordinates };
  }
}
