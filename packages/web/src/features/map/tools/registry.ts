import {
  IconClockPause,
  IconGauge,
  IconLock,
  IconMapPin,
  IconMapPinPlus,
  IconPolygon,
  IconRadar,
  IconRoute,
  IconRuler,
  IconRulerMeasure,
  IconShare,
  IconShieldLock,
  IconTimeline,
} from "@tabler/icons-react";
import { allows, mapToolsApi } from "@vigia/domain";
import { DayUseModal } from "./day-use-modal.tsx";
import { DpaModal } from "./dpa-modal.tsx";
import { IdleModal } from "./idle-modal.tsx";
import { MarkersModal } from "./markers-modal.tsx";
import { MeasurePanel } from "./measure-panel.tsx";
import { NearbyModal } from "./nearby-modal.tsx";
import { RouteSpanModal } from "./route-span-modal.tsx";
import { RouteToPointModal } from "./route-to-point-modal.tsx";
import { SensorsModal } from "./sensors-modal.tsx";
import { ShareRouteModal } from "./share-route-modal.tsx";
import { StopsModal } from "./stops-modal.tsx";
import { TrackToGeozoneModal } from "./track-to-geozone-modal.tsx";
import type { MapToolDef } from "./types.ts";
import { VirtualLockModal } from "./virtual-lock-modal.tsx";

const ITEMS = ["vehicle", "asset", "person"] as const;

/** The live map's tools and modals, in menu order. Add a tool here, not in LiveMap. */
export const MAP_TOOLS: readonly MapToolDef[] = [
  { id: "share", label: "maptools.share.title", icon: IconShare, Modal: ShareRouteModal },
  { id: "route", label: "maptools.route.title", icon: IconRoute, Modal: RouteToPointModal },
  { id: "measure", label: "maptools.measure.title", icon: IconRuler, Modal: MeasurePanel },
  { id: "nearby", label: "maptools.nearby.title", icon: IconRadar, Modal: NearbyModal },
  { id: "dayUse", label: "maptools.dayUse.title", icon: IconTimeline, Modal: DayUseModal, needs: ITEMS },
  { id: "idle", label: "maptools.idle.title", icon: IconClockPause, Modal: IdleModal, needs: ITEMS },
  { id: "sensors", label: "maptools.sensors.title", icon: IconGauge, Modal: SensorsModal, needs: ITEMS },
  { id: "stops", label: "maptools.stops.title", icon: IconMapPin, Modal: StopsModal, needs: ITEMS },
  {
    id: "span",
    label: "maptools.span.title",
    icon: IconRulerMeasure,
    Modal: RouteSpanModal,
    needs: ITEMS,
  },
  {
    id: "lock",
    label: "maptools.lock.title",
    icon: IconLock,
    Modal: VirtualLockModal,
    needs: ITEMS,
  },
  {
    id: "corridor",
    label: "maptools.corridor.title",
    icon: IconPolygon,
    Modal: TrackToGeozoneModal,
    needs: ITEMS,
    // Who may save a geozone (the server refuses the corridor to others).
    allowed: (user) => allows(mapToolsApi.corridor.access, user),
  },
  {
    id: "marker",
    label: "maptools.marker.title",
    icon: IconMapPinPlus,
    Modal: MarkersModal,
    allowed: (user) => allows(mapToolsApi.createMarker.access, user),
  },
  { id: "dpa", label: "maptools.dpa.title", icon: IconShieldLock, Modal: DpaModal },
];
