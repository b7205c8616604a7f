import { filesApi } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/** A floor plan stored in the company's file storage is kept as `file:<id>` in the map's photoUrl. */
export const FILE_PREFIX = "file:";
export const fileIdOf = (photoUrl: string): number | null => {
  const match = /^file:(\d+)$/.exec(photoUrl);
  return match ? Number(match[1]) : null;
};

/** Longest side of the raster a plan becomes: sharp enough at building zoom, light on the GPU. */
const MAX_SIDE = 2048;
const cache = new Map<string, Promise<HTMLCanvasElement>>();

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`floor plan not readable: ${src}`));
    img.src = src;
  });
}

/**
 * The plan drawn on a canvas, for a MapLibre canvas source: whatever the upload was (SVG included, which image
 * bitmaps cannot decode), fetched with the session's token when it is a stored file, and without MapLibre
 * fetching a data or blob URL (the page's connect-src allows neither).
 */
export function planCanvas(photoUrl: string, companyId: number): Promise<HTMLCanvasElement> {
  const key = `${companyId}|${photoUrl}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = (async () => {
      const fileId = fileIdOf(photoUrl);
      const src =
        fileId === null
          ? photoUrl
          : URL.createObjectURL(
              await api.blob(filesApi.download, { params: { companyId, id: fileId }, query: {} }),
            );
      const img = await loadImage(src);
      const scale = Math.min(1, MAX_SIDE / Math.max(img.naturalWidth || 1, img.naturalHeight || 1));
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round((img.naturalWidth || MAX_SIDE) * scale));
      canvas.height = Math.max(1, Math.round((img.naturalHeight || MAX_SIDE / 2) * scale));
      canvas.getContext("2d")?.drawImage(img, 0, 0, canvas.width, canvas.height);
      if (fileId !== null) URL.revokeObjectURL(src);
      return canvas;
    })();
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
  }
  return entry;
}
