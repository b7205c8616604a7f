import { Map as MapLibre, NavigationControl, setWorkerUrl } from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import maplibreWorkerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { type RefObject, useEffect, useRef, useState } from "react";
import { baseStyle, startView } from "../../kit/map/map-style.ts";
import { useCompanyBaseMap } from "../../kit/map/use-base-map.ts";
import { useCompany } from "../../platform/company/index.ts";

setWorkerUrl(maplibreWorkerUrl);

/**
 * The map of an insights screen in `container`: the company's base map, opened on its centre, with zoom
 * buttons. Null until it has loaded (and for good without WebGL); `onLoad` adds the screen's own layers first.
 */
export function useInsightMap(
  container: RefObject<HTMLDivElement | null>,
  onLoad?: (map: MapLibre) => void,
): MapLibre | null {
  const [map, setMap] = useState<MapLibre | null>(null);
  useCompanyBaseMap(map);
  const { info } = useCompany();
  const centre = info?.centroId?.pos ?? null;
  // The map is made once; the centre and the callback it opens with are those of the first render.
  const start = useRef({ centre, onLoad });

  useEffect(() => {
    if (!container.current) return;
    let m: MapLibre;
    try {
      m = new MapLibre({
        container: container.current,
        style: baseStyle(),
        ...startView(start.current.centre),
        fadeDuration: 0,
      });
    } catch (error) {
      console.warn("map unavailable:", error);
      return;
    }
    m.addControl(new NavigationControl({ showCompass: false }), "bottom-right");
    m.on("load", () => {
      start.current.onLoad?.(m);
      setMap(m);
    });
    return () => {
      setMap(null);
      m.remove();
    };
  }, [container]);
  return map;
}
