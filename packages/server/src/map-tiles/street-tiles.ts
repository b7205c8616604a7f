import { geoJSONToTile } from "@maplibre/geojson-vt";
import { fromGeojsonVt } from "@maplibre/vt-pbf";
import { STREET_TILES_MAX_ZOOM, STREET_TILES_MIN_ZOOM, STREET_TILES_PATH } from "@vigia/domain";
import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { chainPieces, streetsInBox } from "../geocoding/index.ts";
import type { KernelContext } from "../kernel/context.ts";

/** The vector tile layers the web's street style draws (`kit/map/street-layer.ts`). */
export const STREET_LAYER = "streets";
export const ADDRESS_LAYER = "addresses";
/** House numbers only where they can be read. */
const ADDRESS_MIN_ZOOM = 16;
/** A tile holds at most this many street pieces (larger roads first). */
const PIECES_PER_TILE = 20_000;
/** Tiles are kept this long: an import shows on the map within a minute. */
const TILE_TTL_MS = 60_000;
const EXTENT = 4096;
const BUFFER = 64;

const tileParams = z.object({
  z: z.coerce.number().int().min(STREET_TILES_MIN_ZOOM).max(STREET_TILES_MAX_ZOOM),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});

/** The box of a tile (Web Mercator), widened by the tile buffer so lines and labels continue across edges. Pure. */
export function tileBox(
  z: number,
  x: number,
  y: number,
): { south: number; west: number; north: number; east: number } {
  const n = 2 ** z;
  const pad = BUFFER / EXTENT;
  const lng = (tx: number) => (tx / n) * 360 - 180;
  const lat = (ty: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * ty) / n))) * 180) / Math.PI;
  return {
    west: lng(x - pad),
    east: lng(x + 1 + pad),
    north: lat(Math.max(0, y - pad)),
    south: lat(Math.min(n, y + 1 + pad)),
  };
}

/**
 * The streets of the address tables (an OpenStreetMap import, the demo's network) as Mapbox vector tiles at
 * /fr/map/streets/{z}/{x}/{y}: the street layer the offline "World" base map draws at street zoom, served by
 * Vigia itself. Public like any tile server (the shared-route page draws it too); a tile with nothing in it
 * answers 204, which MapLibre takes as an empty tile.
 */
export function streetTilesMount(ctx: KernelContext) {
  const cache = new LRUCache<string, Uint8Array>({
    max: 2000,
    ttl: TILE_TTL_MS,
    perf: { now: () => ctx.clock.now() },
  });
  return async (app: FastifyInstance): Promise<void> => {
    app.get(`${STREET_TILES_PATH}/:z/:x/:y`, { schema: { hide: true } }, async (request, reply) => {
      const parsed = tileParams.safeParse(request.params);
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? "z");
        return reply
          .status(400)
          .send({ statusCode: 400, error: "Bad Request", description: `invalid tile ${field}` });
      }
      const { z: zoom, x, y } = parsed.data;
      if (x >= 2 ** zoom || y >= 2 ** zoom)
        return reply
          .status(400)
          .send({ statusCode: 400, error: "Bad Request", description: "invalid tile x/y" });
      const key = `${zoom}/${x}/${y}`;
      let tile = cache.get(key);
      if (!tile) {
        tile = await buildTile(ctx, zoom, x, y);
        cache.set(key, tile);
      }
      void reply.header("cache-control", "public, max-age=60");
      if (tile.length === 0) return reply.status(204).send();
      return reply.header("content-type", "application/x-protobuf").send(Buffer.from(tile));
    });
  };
}

async function buildTile(ctx: KernelContext, z: number, x: number, y: number): Promise<Uint8Array> {
  const { pieces, points } = await streetsInBox(ctx.db, tileBox(z, x, y), {
    points: z >= ADDRESS_MIN_ZOOM,
    limit: PIECES_PER_TILE,
  });
  if (pieces.length === 0 && points.length === 0) return new Uint8Array();
  const options = { extent: EXTENT, buffer: BUFFER, maxZoom: z, tolerance: 3, clip: true };
  const streets = geoJSONToTile(
    {
      type: "FeatureCollection",
      features: chainPieces(pieces).map((line) => ({
        type: "Feature",
        geometry: { type: "LineString", coordinates: line.coordinates },
        properties: { name: line.name, kind: line.kind },
      })),
    },
    z,
    x,
    y,
    options,
  );
  const addresses = geoJSONToTile(
    {
      type: "FeatureCollection",
      features: points.map((p) => ({
        type: "Feature",
        geometry: { type: "Point", coordinates: [p.lng, p.lat] },
        properties: { housenumber: p.housenumber },
      })),
    },
    z,
    x,
    y,
    options,
  );
  return fromGeojsonVt(
    { [STREET_LAYER]: streets, [ADDRESS_LAYER]: addresses },
    { extent: EXTENT, version: 2 },
  );
}
