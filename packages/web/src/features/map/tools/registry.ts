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
import { DayUseModal } from "./DayUseModal.tsx";
import { DpaModal } from "./DpaModal.tsx";
import { IdleModal } from "./IdleModal.tsx";
import { MarkersModal } from "./MarkersModal.tsx";
import { MeasurePanel } from "./MeasurePanel.tsx";
import { NearbyModal } from "./NearbyModal.tsx";
import { RouteSpanModal } from "./RouteSpanModal.tsx";
import { RouteToPointModal } from "./RouteToPointModal.tsx";
import { SensorsModal } from "./SensorsModal.tsx";
import { ShareRouteModal } from "./ShareRouteModal.tsx";
import { StopsModal } from "./StopsModal.tsx";
import { TrackToGeozoneModal } from "./TrackToGeozoneModal.tsx";
import type { MapToolDef } from "./types.ts";
import { VirtualLockModal } from "./VirtualLockModal.tsx";

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
